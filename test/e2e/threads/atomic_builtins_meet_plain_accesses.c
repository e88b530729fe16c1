// A server's request statistics: workers bump the counters with GCC's
// __sync and __atomic builtins; a stats thread reports them. Atomic accesses
// never race with each other, but a plain read or write of the same memory
// races with an atomic update (C11 5.1.2.4): the dump's plain read of
// `requests` and its plain reset of `errors` are races, its atomic load of
// `bytes` and its atomic exchange of `peak` are not. What main writes before
// it starts the threads, and reads after it joined them, is ordered.
#include <pthread.h>
#include <stdio.h>

struct stats {
  unsigned long requests;
  unsigned long errors;
  unsigned long bytes;
  unsigned long peak;
  unsigned long slow; // only under the lock, atomically or not
};

static struct stats g_stats;
static pthread_mutex_t g_slow_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned long handle(unsigned long seed) { return (seed >> 7) + 1; }

static void *worker(void *arg) {
  unsigned long seed = (unsigned long)arg;
  for (int i = 0; i < 1000; i++) {
    unsigned long n = handle(seed + i);
    __sync_fetch_and_add(&g_stats.requests, 1);
    __atomic_fetch_add(&g_stats.bytes, n, __ATOMIC_RELAXED);
    if (n > 4096)
      __sync_fetch_and_add(&g_stats.errors, 1);
    if (n > __atomic_load_n(&g_stats.peak, __ATOMIC_RELAXED))
      __atomic_store_n(&g_stats.peak, n, __ATOMIC_RELAXED);
    pthread_mutex_lock(&g_slow_lock);
    __sync_fetch_and_add(&g_stats.slow, 1);
    pthread_mutex_unlock(&g_slow_lock);
  }
  return NULL;
}

static void print_requests_bad(void) {
  unsigned long req = g_stats.requests; // expected-race{{read of `g_stats.requests` without synchronization in 'print_requests_bad' (reached from 'stats_thread') races with the atomic write in 'worker'}}
  printf("requests=%lu\n", req);
}

static void reset_errors_bad(void) {
  g_stats.errors = 0; // expected-race{{unprotected write to `g_stats.errors` in 'reset_errors_bad' (reached from 'stats_thread') races with the atomic write in 'worker'}}
}

static void dump_ok(void) {
  unsigned long bytes = __atomic_load_n(&g_stats.bytes, __ATOMIC_RELAXED);
  unsigned long peak = __atomic_exchange_n(&g_stats.peak, 0, __ATOMIC_RELAXED);
  pthread_mutex_lock(&g_slow_lock);
  unsigned long slow = g_stats.slow;
  pthread_mutex_unlock(&g_slow_lock);
  printf("bytes=%lu peak=%lu slow=%lu\n", bytes, peak, slow);
}

static void *stats_thread(void *arg) {
  (void)arg;
  for (int i = 0; i < 10; i++) {
    print_requests_bad();
    reset_errors_bad();
    dump_ok();
  }
  return NULL;
}

int main(void) {
  pthread_t w1, w2, s;
  g_stats.bytes = 0; // before any thread: ordered
  g_stats.peak = 0;
  pthread_create(&w1, NULL, worker, (void *)1UL);
  pthread_create(&w2, NULL, worker, (void *)2UL);
  pthread_create(&s, NULL, stats_thread, NULL);
  pthread_join(w1, NULL);
  pthread_join(w2, NULL);
  pthread_join(s, NULL);
  printf("final bytes=%lu\n", g_stats.bytes); // after every join: ordered
  return 0;
}
