/* Worker threads started through a helper that takes the entry as a
 * parameter (memcached's create_worker): each call starts the function it
 * names. Each worker owns its slot; the global totals are shared. */
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  pthread_t tid;
  long items_served; /* this worker's own */
} worker_slot;

static worker_slot workers[4];
static long total_served;
static long reaper_runs;

static void create_worker(void *(*func)(void *), void *arg, pthread_t *tid) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  if (pthread_create(tid, &attr, func, arg) != 0)
    abort();
}

static void *worker_loop_bad(void *arg) {
  worker_slot *me = arg;
  me->items_served++;
  total_served++; // expected-race{{unprotected write to `total_served` in 'worker_loop_bad' races with}}
  return NULL;
}

static void *reaper_ok(void *arg) {
  (void)arg;
  reaper_runs++; /* only one reaper */
  return NULL;
}

int main(void) {
  pthread_t reaper;
  for (int i = 0; i < 4; i++)
    create_worker(worker_loop_bad, &workers[i], &workers[i].tid);
  create_worker(reaper_ok, NULL, &reaper);
  for (int i = 0; i < 4; i++)
    pthread_join(workers[i].tid, NULL);
  pthread_join(reaper, NULL);
  return 0;
}
