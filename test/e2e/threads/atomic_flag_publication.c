// A lookup table computed by a warm-up thread and published through an
// atomic flag with a release store; query threads test the flag with an
// acquire load and use the table only if it is set. The acquire orders the
// reads after what the warm-up wrote before its release store (low: the
// analysis matches the flag, not the value it found). Twins that race for
// sure: a field written after the store, a flag tested with a relaxed load
// (which orders nothing), and a thread that writes the table without
// publishing it.
#include <pthread.h>
#include <stdatomic.h>

#define TABLE_SIZE 256

static unsigned char g_popcount[TABLE_SIZE];
static int g_table_max;
static int g_table_min;
static long g_built_at;
static atomic_int g_table_ready;

static int g_limits_max;
static atomic_int g_limits_ready;

static int slow_popcount(unsigned v) {
  int n = 0;
  for (; v; v >>= 1)
    n += v & 1;
  return n;
}

static void *warmup(void *arg) {
  (void)arg;
  int mx = 0;
  for (int i = 0; i < TABLE_SIZE; i++)
    if (slow_popcount((unsigned)i) > mx)
      mx = slow_popcount((unsigned)i);
  g_table_min = 0;
  g_table_max = mx; // expected-low-race{{unprotected write to `g_table_max` in 'warmup' races with the read in 'popcount32_ok' [low: it comes after a wait on a condition variable or a future, or at a semaphore or latch, or once an atomic flag's acquire load found it set}}
  atomic_store_explicit(&g_table_ready, 1, memory_order_release);
  g_built_at = 1700000000L; // expected-race{{unprotected write to `g_built_at` in 'warmup' races with the read in 'built_at_bad'}}
  g_limits_max = 64; // expected-race{{unprotected write to `g_limits_max` in 'warmup' races with the read in 'limits_max_bad'}}
  atomic_store_explicit(&g_limits_ready, 1, memory_order_relaxed);
  return 0;
}

static int popcount32_ok(unsigned v) {
  if (atomic_load_explicit(&g_table_ready, memory_order_acquire)) {
    if (g_table_max != 8)
      return -1;
    return 8 + g_table_min; // expected-race{{read of `g_table_min` without synchronization in 'popcount32_ok' (reached from 'query') races with the write in 'rebuild_bad'}}
  }
  return slow_popcount(v);
}

static long built_at_bad(void) {
  if (atomic_load_explicit(&g_table_ready, memory_order_acquire))
    return g_built_at;
  return 0;
}

static int limits_max_bad(void) {
  if (atomic_load_explicit(&g_limits_ready, memory_order_relaxed))
    return g_limits_max;
  return 0;
}

static void *query(void *arg) {
  unsigned seed = (unsigned)(unsigned long)arg;
  long total = 0;
  for (int i = 0; i < 1000; i++) {
    seed = seed * 1103515245u + 12345u;
    total += popcount32_ok(seed) + built_at_bad() + limits_max_bad();
  }
  return (void *)total;
}

static void *rebuild_bad(void *arg) {
  (void)arg;
  g_table_min = 1; // expected-race{{unprotected write to `g_table_min` in 'rebuild_bad' races with the write in 'warmup'}}
  return 0;
}

int main(void) {
  pthread_t w, q1, q2, r;
  pthread_create(&q1, 0, query, (void *)1UL);
  pthread_create(&w, 0, warmup, 0);
  pthread_create(&q2, 0, query, (void *)2UL);
  pthread_create(&r, 0, rebuild_bad, 0);
  pthread_join(w, 0);
  pthread_join(q1, 0);
  pthread_join(q2, 0);
  pthread_join(r, 0);
  return 0;
}
