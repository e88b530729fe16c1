/* The branch an access sits in is decided by a constant argument: a flag
 * bit (`if (flags & STAT_SHARED)`), a mode compared with a constant, a NULL
 * pointer (`if (io)`). Each call site runs only what its constants allow. */
#include <pthread.h>
#include <stddef.h>

#define STAT_LOCAL 0x1
#define STAT_SHARED 0x2

struct io_unit { long bytes; };

static long shared_hits;
static long io_events;
static long verbose_lines;

static void stat_update(int flags, long *local) {
  if (flags & STAT_SHARED)
    shared_hits++; // expected-race{{unprotected write to `shared_hits`}}
  else
    (*local)++;
}

static void log_io(struct io_unit *io, int level) {
  if (io)
    io_events++; // expected-race{{unprotected write to `io_events`}}
  if (level > 2)
    verbose_lines++; // expected-race{{unprotected write to `verbose_lines`}}
}

static void *local_worker_ok(void *arg) {
  long mine = 0;
  (void)arg;
  stat_update(STAT_LOCAL, &mine);
  log_io(NULL, 1);
  return NULL;
}

static void *shared_worker_bad(void *arg) {
  long mine = 0;
  (void)arg;
  stat_update(STAT_SHARED, &mine);
  return NULL;
}

static void *io_worker_bad(void *arg) {
  struct io_unit io = {4096};
  (void)arg;
  log_io(&io, 1);
  return NULL;
}

static void *verbose_worker_bad(void *arg) {
  (void)arg;
  log_io(NULL, 3);
  return NULL;
}

int main(void) {
  pthread_t t[8];
  pthread_create(&t[0], NULL, local_worker_ok, NULL);
  pthread_create(&t[1], NULL, local_worker_ok, NULL);
  pthread_create(&t[2], NULL, shared_worker_bad, NULL);
  pthread_create(&t[3], NULL, shared_worker_bad, NULL);
  pthread_create(&t[4], NULL, io_worker_bad, NULL);
  pthread_create(&t[5], NULL, io_worker_bad, NULL);
  pthread_create(&t[6], NULL, verbose_worker_bad, NULL);
  pthread_create(&t[7], NULL, verbose_worker_bad, NULL);
  for (int i = 0; i < 8; i++)
    pthread_join(t[i], NULL);
  return 0;
}
