// Hand-written test-and-set spinlocks, as C systems code writes them:
// `while (__sync_lock_test_and_set(&l, 1)) ;` .. `__sync_lock_release(&l)`,
// a C11 `atomic_flag` behind project wrappers, and the `__atomic_*`
// builtins. The loop's exit holds the lock (a try-lock that succeeds on
// zero, retried), the release lets it go: what the lock covers is ordered,
// what comes after the release, or sits under another spinlock, races.
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

typedef int spinlock_t;

static inline void spin_lock(spinlock_t *s) {
  while (__sync_lock_test_and_set(s, 1))
    while (__atomic_load_n(s, __ATOMIC_RELAXED))
      ;
}

static inline void spin_unlock(spinlock_t *s) { __sync_lock_release(s); }

struct node {
  struct node *next;
};

struct pool {
  spinlock_t lock;
  struct node *free_head;
  int nfree;
  int nalloc;
};

static struct pool g_pool;

static struct node *pool_get_ok(struct pool *p) {
  struct node *n;
  spin_lock(&p->lock);
  n = p->free_head;
  if (n) {
    p->free_head = n->next;
    p->nfree--;
  }
  p->nalloc++;
  spin_unlock(&p->lock);
  return n ? n : malloc(sizeof *n);
}

static void pool_put_bad(struct pool *p, struct node *n) {
  spin_lock(&p->lock);
  n->next = p->free_head;
  p->free_head = n;
  p->nfree++;
  spin_unlock(&p->lock);
  p->nalloc--; // expected-race{{unprotected write to `g_pool.nalloc`}}
}

// A C11 atomic_flag spinlock behind wrappers.
struct metrics {
  atomic_flag lock;
  unsigned long hist[8];
  unsigned long count;
  unsigned long slow;
};

static struct metrics g_metrics = {.lock = ATOMIC_FLAG_INIT};

static void metrics_lock(struct metrics *m) {
  while (atomic_flag_test_and_set_explicit(&m->lock, memory_order_acquire))
    ;
}

static void metrics_unlock(struct metrics *m) {
  atomic_flag_clear_explicit(&m->lock, memory_order_release);
}

static void record_latency_bad(unsigned long us) {
  metrics_lock(&g_metrics);
  g_metrics.hist[us % 8]++;
  g_metrics.count++;
  metrics_unlock(&g_metrics);
  if (us > 1000)
    g_metrics.slow++; // expected-race{{unprotected write to `g_metrics.slow`}}
}

static unsigned long report_ok(void) {
  metrics_lock(&g_metrics);
  unsigned long c = g_metrics.count + g_metrics.hist[0];
  metrics_unlock(&g_metrics);
  return c;
}

// The __atomic builtins on a bool: the lines are counted under the log's
// lock; the bytes are also reset under another spinlock, which guards
// nothing together with it (reported at either side).
static bool g_log_lock, g_rotate_lock;
static long g_log_lines;
static long g_log_bytes;

static void log_line_bad(long n) {
  while (__atomic_test_and_set(&g_log_lock, __ATOMIC_ACQUIRE))
    ;
  g_log_lines++;
  g_log_bytes += n; // expected-race{{read of `g_log_bytes` under `g_log_lock` in 'log_line_bad' (reached from 'churn') races with the write under `g_rotate_lock` in 'rotate_bad' (no common lock)}}
  __atomic_clear(&g_log_lock, __ATOMIC_RELEASE);
}

static void rotate_bad(void) {
  while (__atomic_exchange_n(&g_rotate_lock, true, __ATOMIC_ACQUIRE))
    ;
  g_log_bytes = 0;
  __atomic_store_n(&g_rotate_lock, false, __ATOMIC_RELEASE);
}

// A relaxed acquire orders nothing, so it is no lock (and no wait that
// could order anything: the race stays high); a release of any order ends
// the lock it holds.
static int g_stats_lock, g_trace_lock;
static long g_requests, g_traced, g_trace_drops;

static void count_request_bad(void) {
  while (__atomic_exchange_n(&g_stats_lock, 1, __ATOMIC_RELAXED))
    ;
  g_requests++; // expected-race{{unprotected write to `g_requests` in 'count_request_bad' (reached from 'stats_thread') races with itself on another thread}}
  __atomic_store_n(&g_stats_lock, 0, __ATOMIC_RELEASE);
}

static void trace_bad(void) {
  while (__atomic_exchange_n(&g_trace_lock, 1, __ATOMIC_ACQUIRE))
    ;
  g_traced++;
  __atomic_store_n(&g_trace_lock, 0, __ATOMIC_RELAXED);
  g_trace_drops++; // expected-race{{unprotected write to `g_trace_drops`}}
}

static void *stats_thread(void *arg) {
  (void)arg;
  count_request_bad();
  return NULL;
}

static void *churn(void *arg) {
  long rounds = (long)arg;
  for (long i = 0; i < rounds; i++) {
    struct node *n = pool_get_ok(&g_pool);
    if (!n)
      break;
    pool_put_bad(&g_pool, n);
    record_latency_bad((unsigned long)i);
    log_line_bad(i);
    if (i % 1000 == 0)
      rotate_bad();
    trace_bad();
  }
  return (void *)report_ok();
}

int main(void) {
  pthread_t t[3], s[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&s[i], NULL, stats_thread, NULL);
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], NULL, churn, (void *)10000L);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  return 0;
}
