// Cancellation-safe locking: `pthread_cleanup_push(unlock, &mu)` after the
// lock, `pthread_cleanup_pop(1)` at the end of the critical section. The
// pop with a non-zero argument runs the handler, so the mutex is released
// there: glibc expands the pair into a local function pointer initialized
// with the handler and a call through it, which is followed like a direct
// call. An access after `pop(1)` is outside the lock; with `pop(0)` the
// handler does not run and the lock stays held until the explicit unlock.
// The same holds for a local function pointer a program declares itself.
#include <pthread.h>
#include <stdio.h>

#define SPOOL_MAX 32

struct spool {
  pthread_mutex_t mu;
  int queue[SPOOL_MAX];
  int count;
  int last_job;
  int rejected;
  long bytes;
};

static struct spool g_spool = {.mu = PTHREAD_MUTEX_INITIALIZER};
static long g_flushes;

static void unlock_mutex(void *m) { pthread_mutex_unlock((pthread_mutex_t *)m); }

static int spool_submit_bad(int job) {
  int accepted = 0;
  pthread_mutex_lock(&g_spool.mu);
  pthread_cleanup_push(unlock_mutex, &g_spool.mu);
  if (g_spool.count < SPOOL_MAX) {
    g_spool.queue[g_spool.count++] = job;
    accepted = 1;
  }
  pthread_cleanup_pop(1);
  if (accepted)
    g_spool.last_job = job; // expected-race{{unprotected write to `g_spool.last_job`}}
  return accepted;
}

static void spool_reject_ok(int job) {
  pthread_mutex_lock(&g_spool.mu);
  pthread_cleanup_push(unlock_mutex, &g_spool.mu);
  g_spool.rejected += job != 0;
  pthread_cleanup_pop(0);
  g_spool.bytes += job; // still under g_spool.mu: pop(0) did not run the handler
  pthread_mutex_unlock(&g_spool.mu);
}

// A release hook chosen once, in a local: called before the access, the
// lock is gone; called after it, the access was under the lock.
static void flush_bad(void) {
  void (*release)(void *) = unlock_mutex;
  pthread_mutex_lock(&g_spool.mu);
  g_spool.count = 0;
  release(&g_spool.mu);
  g_flushes++; // expected-race{{unprotected write to `g_flushes`}}
}

static void flush_ok(void) {
  void (*release)(void *) = &unlock_mutex;
  pthread_mutex_lock(&g_spool.mu);
  g_spool.count = 0;
  g_spool.bytes = 0;
  release(&g_spool.mu);
}

static void *submitter(void *arg) {
  int base = (int)(long)arg;
  for (int i = 0; i < 50; i++)
    if (!spool_submit_bad(base + i))
      spool_reject_ok(base + i);
  flush_bad();
  return NULL;
}

static void *printer_thread(void *arg) {
  (void)arg;
  for (int round = 0; round < 10; round++) {
    pthread_mutex_lock(&g_spool.mu);
    int n = g_spool.count;
    int last = g_spool.last_job;
    long bytes = g_spool.bytes;
    g_spool.count = 0;
    pthread_mutex_unlock(&g_spool.mu);
    printf("printed %d jobs (last %d, %ld bytes)\n", n, last, bytes);
    flush_ok();
  }
  return NULL;
}

int main(void) {
  pthread_t s1, s2, p;
  pthread_create(&p, NULL, printer_thread, NULL);
  pthread_create(&s1, NULL, submitter, (void *)1000L);
  pthread_create(&s2, NULL, submitter, (void *)2000L);
  pthread_join(s1, NULL);
  pthread_join(s2, NULL);
  pthread_join(p, NULL);
  return 0;
}
