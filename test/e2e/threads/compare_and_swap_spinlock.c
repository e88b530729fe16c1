// Spinlocks taken with a compare-and-swap of zero for one:
// `while (!__sync_bool_compare_and_swap(&l, 0, 1)) ;` (a try-lock that
// succeeds when it returns true, retried) and `__sync_val_compare_and_swap
// (&l, 0, 1)` (it returns the old value: zero is success, a test-and-set),
// C11's `atomic_compare_exchange_weak(&l, &expected, 1)` with `expected` a
// local only ever set to zero (reset before each retry), released by
// `__sync_lock_release` or a store of zero. What the lock
// covers is ordered; what comes after the release races. A compare-and-swap
// that swaps in a value it read (a lock-free stack's push) is no lock: the
// accesses around its retry loop keep the hand-rolled doubt.
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

static volatile int g_table_lock;
static volatile int g_conf_lock;

static inline void table_lock(void) {
  while (!__sync_bool_compare_and_swap(&g_table_lock, 0, 1))
    ;
}

static inline void table_unlock(void) { __sync_lock_release(&g_table_lock); }

struct entry {
  int key;
  long value;
};

static struct entry g_table[64];
static int g_used;
static long g_lookups, g_misses;

static void table_put_ok(int key, long value) {
  table_lock();
  if (g_used < 64) {
    g_table[g_used].key = key;
    g_table[g_used].value = value;
    g_used++;
  }
  table_unlock();
}

static long table_get_bad(int key) {
  long v = -1;
  table_lock();
  for (int i = 0; i < g_used; i++)
    if (g_table[i].key == key)
      v = g_table[i].value;
  g_lookups++;
  table_unlock();
  if (v < 0)
    g_misses++; // expected-race{{unprotected write to `g_misses` in 'table_get_bad' (reached from 'client') races with itself on another thread}}
  return v;
}

// The value-returning form, released by a plain store of zero through the
// builtin.
static char g_conf_path[128];
static int g_conf_version;

static void conf_set_ok(const char *path) {
  while (__sync_val_compare_and_swap(&g_conf_lock, 0, 1) != 0)
    ;
  int i = 0;
  for (; path[i] && i < 127; i++)
    g_conf_path[i] = path[i];
  g_conf_path[i] = 0;
  g_conf_version++;
  __atomic_store_n(&g_conf_lock, 0, __ATOMIC_RELEASE);
}

static int conf_version_ok(void) {
  while (__sync_val_compare_and_swap(&g_conf_lock, 0, 1))
    ;
  int v = g_conf_version;
  __atomic_store_n(&g_conf_lock, 0, __ATOMIC_RELEASE);
  return v;
}

// C11: the expected value is reset to zero before each retry.
static atomic_int g_hist_lock;
static long g_hist[16];
static long g_hist_dropped;

static void hist_lock(void) {
  int expected = 0;
  while (!atomic_compare_exchange_weak_explicit(
      &g_hist_lock, &expected, 1, memory_order_acquire, memory_order_relaxed))
    expected = 0;
}

static void hist_unlock(void) {
  atomic_store_explicit(&g_hist_lock, 0, memory_order_release);
}

static void hist_add_bad(int v) {
  hist_lock();
  g_hist[v & 15]++;
  hist_unlock();
  if (v % 7 == 0)
    g_hist_dropped++; // expected-race{{unprotected write to `g_hist_dropped` in 'hist_add_bad' (reached from 'client') races with itself on another thread}}
}

// A state machine's transition, not a lock: the expected value is the
// state the caller saw (zero only when it saw the job idle), so two threads
// can both move it on, and what follows races.
enum { JOB_IDLE, JOB_QUEUED, JOB_DONE };
static atomic_int g_job_state;
static long g_job_result;

static void finish_job_bad(int saw_queued, long result) {
  int from = JOB_IDLE;
  if (saw_queued)
    from = JOB_QUEUED;
  if (atomic_compare_exchange_strong(&g_job_state, &from, JOB_DONE))
    g_job_result = result; // expected-race{{unprotected write to `g_job_result` in 'finish_job_bad' (reached from 'client') races with itself on another thread}}
}

// A lock-free push: the compare-and-swap publishes a node it filled; its
// retry loop is a hand-rolled protocol, not a lock.
struct node {
  struct node *next;
  long payload;
};

static struct node *g_free_head;
static long g_pushed;

static void push_free(struct node *n) {
  struct node *old;
  do {
    old = g_free_head; // expected-low-race{{read of `g_free_head` without synchronization in 'push_free' (reached from 'recycler') races with the atomic write in 'push_free'; the call to 'push_free' also races on `g_pushed` [low: a thread here busy-waits or retries a compare-and-swap}}
    n->next = old;
  } while (!__sync_bool_compare_and_swap(&g_free_head, old, n));
  g_pushed++;
}

static void *client(void *arg) {
  long id = (long)arg;
  for (int k = 0; k < 1000; k++) {
    table_put_ok((int)(id * 1000 + k), k);
    table_get_bad(k);
    if (k % 100 == 0)
      conf_set_ok(k % 200 ? "/etc/a.conf" : "/etc/b.conf");
    (void)conf_version_ok();
    hist_add_bad(k);
    finish_job_bad(k & 1, k);
  }
  return NULL;
}

static void *recycler(void *arg) {
  (void)arg;
  for (int k = 0; k < 1000; k++) {
    struct node *n = malloc(sizeof *n);
    if (n)
      push_free(n);
  }
  return NULL;
}

int main(void) {
  pthread_t t[4], r[2];
  for (long i = 0; i < 4; i++)
    pthread_create(&t[i], NULL, client, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_create(&r[i], NULL, recycler, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(r[i], NULL);
  return 0;
}
