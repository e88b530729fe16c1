/* Main hands each IO thread its work through an atomic pending count and
 * spins until every count is back to zero; an IO thread spins a bounded
 * number of rounds on its own count, parks on a mutex when idle, does its
 * work and sets its count to zero (redis's IO threads). The counts order
 * the two sides, which the analysis does not model: their races are only
 * possible (low). The counts are read through a small inline function, as
 * redis's getIOPendingCount() does.
 * A thread that searches a table up to a bound (a counted loop whose exit
 * test names its count) does not spin: its race with the thread that
 * changes the key it searches for stays certain. And a race that threads
 * which do not spin have among themselves is certain: the IO threads'
 * share of it does not make it less so. */
#include <pthread.h>
#include <stdatomic.h>

#define NTHREADS 4

static _Atomic unsigned long pending[NTHREADS];
static pthread_mutex_t park[NTHREADS];
static int io_mode;
static long handled[NTHREADS];
static int table[64];
static int key;
static int found_at;
static int panics;

static void note_panic(void) {
  panics++; // expected-race{{unprotected write to `panics` in 'note_panic' (reached from 'bg_worker') races with itself on another thread}}
}

static inline unsigned long get_pending(int i) {
  unsigned long count = 0;
  count = atomic_load_explicit(&pending[i], memory_order_seq_cst);
  return count;
}

static inline void set_pending(int i, unsigned long n) {
  atomic_store_explicit(&pending[i], n, memory_order_seq_cst);
}

static void *io_thread(void *arg) {
  long id = (long)arg;
  while (1) {
    for (int j = 0; j < 1000000; j++) {
      if (get_pending(id) != 0)
        break;
    }
    if (get_pending(id) == 0) {
      pthread_mutex_lock(&park[id]);
      pthread_mutex_unlock(&park[id]);
      continue;
    }
    if (id < 0)
      note_panic();
    if (io_mode == 1) // expected-low-race{{read of `io_mode` without synchronization in 'io_thread' races with the write in 'main' [low: a thread here busy-waits}}
      handled[id]++; // expected-low-race{{unprotected write to `handled[]` in 'io_thread' races with itself on another thread [low: array elements are merged, and threads may each use their own; a thread here busy-waits}}
    set_pending(id, 0);
  }
  return 0;
}

static void *searcher(void *arg) {
  (void)arg;
  int i;
  for (i = 0; i < 64; i++)
    if (table[i] == key) // its pair is reported at the write
      break;
  found_at = i;
  return 0;
}

static void *bg_worker(void *arg) {
  (void)arg;
  note_panic();
  return 0;
}

static void *rekey(void *arg) {
  (void)arg;
  key = 7; // expected-race{{unprotected write to `key` in 'rekey' races with the read in 'searcher'}}
  return 0;
}

int main(void) {
  pthread_t t[NTHREADS], s, r, bg[2];
  for (int i = 0; i < NTHREADS; i++) {
    pthread_mutex_init(&park[i], 0);
    pthread_mutex_lock(&park[i]);
    pthread_create(&t[i], 0, io_thread, (void *)(long)i);
  }
  for (int i = 0; i < 2; i++)
    pthread_create(&bg[i], 0, bg_worker, 0);
  pthread_create(&s, 0, searcher, 0);
  pthread_create(&r, 0, rekey, 0);
  for (int round = 0; round < 100; round++) {
    io_mode = round & 1;
    for (int i = 0; i < NTHREADS; i++)
      set_pending(i, 1);
    while (1) {
      unsigned long left = 0;
      for (int j = 0; j < NTHREADS; j++)
        left += get_pending(j);
      if (left == 0)
        break;
    }
  }
  pthread_join(s, 0);
  pthread_join(r, 0);
  return found_at;
}
