/* A background thread runs queued jobs through the job's function pointer
   (`j->fn(j->arg)`), the functions stored by `submit` for its callers. One
   job's function writes a counter main also writes: a race, reached through
   the field. The other job's function locks the counter it shares with
   main: no race. */
#include <pthread.h>
#include <stdlib.h>

struct job {
  void (*fn)(void *);
  void *arg;
  struct job *next;
};

static struct job *g_queue;
static pthread_mutex_t g_queue_mu = PTHREAD_MUTEX_INITIALIZER;
static long g_freed;
static long g_closed;
static pthread_mutex_t g_closed_mu = PTHREAD_MUTEX_INITIALIZER;

static void release_object(void *o) {
  free(o);
  g_freed++;
}

static void close_file_ok(void *f) {
  (void)f;
  pthread_mutex_lock(&g_closed_mu);
  g_closed++;
  pthread_mutex_unlock(&g_closed_mu);
}

static void submit(void (*fn)(void *), void *arg) {
  struct job *j = malloc(sizeof *j);
  j->fn = fn;
  j->arg = arg;
  pthread_mutex_lock(&g_queue_mu);
  j->next = g_queue;
  g_queue = j;
  pthread_mutex_unlock(&g_queue_mu);
}

static void *background(void *unused) {
  (void)unused;
  for (;;) {
    pthread_mutex_lock(&g_queue_mu);
    struct job *j = g_queue;
    if (j)
      g_queue = j->next;
    pthread_mutex_unlock(&g_queue_mu);
    if (!j)
      break;
    j->fn(j->arg);
    free(j);
  }
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, background, NULL);
  submit(release_object, malloc(8));
  submit(close_file_ok, NULL);
  g_freed = 0; // expected-race{{unprotected write to `g_freed`}}
  pthread_mutex_lock(&g_closed_mu);
  g_closed = 0;
  pthread_mutex_unlock(&g_closed_mu);
  pthread_join(t, NULL);
  return 0;
}
