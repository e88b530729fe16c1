// Spinlocks taken with a compare-and-swap of zero for one:
// `while (!__sync_bool_compare_and_swap(&l, 0, 1)) ;` (a try-lock that
// succeeds when it returns true, retried) and `__sync_val_compare_and_swap
// (&l, 0, 1)` (it returns the old value: zero is success, a test-and-set),
// released by `__sync_lock_release` or a store of zero. What the lock
// covers is ordered; what comes after the release races. A compare-and-swap
// that swaps in a value it read (a lock-free stack's push) is no lock: the
// accesses around its retry loop keep the hand-rolled doubt.
#include <pthread.h>
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
