/* A hand-written MCS queue lock behind layers of wrappers, as lock
   libraries ship it: worker -> bench_acquire -> qlock_acquire (exchanges
   the queue's tail) -> await_ptr_set -> await_ptr_set_impl (the spin,
   re-reading a pointer with an atomic load). The acquire orders the
   critical sections, which the analysis does not model: their race is only
   possible (low), however deep the spin sits below the acquire.
   A seqlock read three calls below a thread (a clock read) updates nothing:
   it does not make that thread's other races less certain. */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

struct qnode {
  struct qnode *_Atomic next;
  void *_Atomic granted;
};
struct qlock {
  struct qnode *_Atomic tail;
};

static struct qlock bench_lock;
static struct qnode nodes[2];
static long cs_count;

static inline void *await_ptr_set_impl(void *_Atomic *a) {
  void *cur = NULL;
  while ((cur = atomic_load(a)) == NULL)
    ;
  return cur;
}
static inline void *await_ptr_set(void *_Atomic *a) {
  return await_ptr_set_impl(a);
}

static void qlock_acquire(struct qlock *l, struct qnode *me) {
  atomic_store(&me->next, NULL);
  atomic_store(&me->granted, NULL);
  struct qnode *pred = atomic_exchange(&l->tail, me);
  if (!pred)
    return;
  atomic_store(&pred->next, me);
  await_ptr_set(&me->granted);
}

static void qlock_release(struct qlock *l, struct qnode *me) {
  struct qnode *next = atomic_load(&me->next);
  if (!next) {
    struct qnode *expected = me;
    if (atomic_compare_exchange_strong(&l->tail, &expected, NULL))
      return;
    while ((next = atomic_load(&me->next)) == NULL)
      ;
  }
  atomic_store(&next->granted, (void *)1);
}

static void bench_acquire(long tid) { qlock_acquire(&bench_lock, &nodes[tid]); }
static void bench_release(long tid) { qlock_release(&bench_lock, &nodes[tid]); }

static void *worker(void *arg) {
  long tid = (long)arg;
  bench_acquire(tid);
  cs_count++; // expected-low-race{{busy-waits}}
  bench_release(tid);
  return NULL;
}

/* A seqlock-protected clock, read deep below the sampler threads. */
static atomic_uint clock_seq;
static long clock_ns;
static long samples;

static unsigned read_seq_begin(void) {
  unsigned s;
  while ((s = atomic_load(&clock_seq)) & 1)
    ;
  return s;
}
static long clock_read(void) {
  unsigned s;
  long v;
  do {
    s = read_seq_begin();
    v = clock_ns;
  } while (atomic_load(&clock_seq) != s);
  return v;
}
static long elapsed_since(long start) { return clock_read() - start; }
static long sample_once(long start) { return elapsed_since(start); }

static void *sampler(void *arg) {
  (void)arg;
  long t = sample_once(0);
  samples += t; // expected-race{{unprotected write to `samples` in 'sampler' races with itself on another thread}}
  return NULL;
}

int main(void) {
  pthread_t t[2], s[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (long i = 0; i < 2; i++)
    pthread_create(&s[i], NULL, sampler, NULL);
  for (int i = 0; i < 2; i++) {
    pthread_join(t[i], NULL);
    pthread_join(s[i], NULL);
  }
  return (int)cs_count;
}
