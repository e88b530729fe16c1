/* Workers fold a reading into a shared high-water mark under a mutex, then
 * check it without the lock (SV-COMP's fmaxsym shape). When every reading
 * comes from a table no code writes (static, so all zero: a calibration
 * table this build never fills), every worker writes the same value, and
 * only while the mark is below it: only the first worker to take the lock
 * writes, and the others' unlocked reads come after its unlock. The
 * analysis sees that shape but does not prove the order: a possible race
 * (low), worded as such. Its twins race: a table main fills in, a table
 * whose elements differ, a mark another worker resets, a value read from a
 * global whose address escapes, a mark two updates raise to two values
 * (in one thread's code, a known miss: see raise_level_to_one). */
#include <pthread.h>

#define SLOTS 8

static pthread_mutex_t mark_lock = PTHREAD_MUTEX_INITIALIZER;
static int calibration[SLOTS];
static int samples[SLOTS];
static const int levels[4] = {1, 2, 3, 4};
static int escaped[SLOTS];
static volatile int peak = -1;
static volatile int filled_peak = -1;
static volatile int level_peak = -1;
static volatile int reset_peak = -1;
static volatile int escaped_peak = -1;
static volatile int folded_peak = -2147483647 - 1;
static volatile int level_mark;
static _Atomic int checks_failed;

void fill_from(int *table, int n);

static void check_peak_ok(int slot) {
  int e = calibration[slot];
  pthread_mutex_lock(&mark_lock);
  if (e > peak) {
    peak = e;
  }
  pthread_mutex_unlock(&mark_lock);
  if (e > peak) // expected-low-race{{read of `peak` without synchronization in 'check_peak_ok' (reached from 'worker') races with the write in 'check_peak_ok' [low: 'check_peak_ok' updates it under a lock only while it differs from a value every thread computes alike}}
    checks_failed = 1;
}

// The best of two readings, kept in a local first (fmaxsymopt): the local
// starts at the type's minimum, which never passes `> folded_peak`.
static void fold_peak_ok(int slot) {
  int best = -2147483647 - 1;
  for (int i = slot; i < slot + 2; i++) {
    int e = calibration[i % SLOTS];
    if (e > best)
      best = e;
  }
  pthread_mutex_lock(&mark_lock);
  if (best > folded_peak)
    folded_peak = best;
  pthread_mutex_unlock(&mark_lock);
  if (best > folded_peak) // expected-low-race{{read of `folded_peak` without synchronization in 'fold_peak_ok' (reached from 'worker') races with the write in 'fold_peak_ok' [low: 'fold_peak_ok' updates it under a lock only while}}
    checks_failed = 1;
}

// main fills the samples in: each worker's reading differs.
static void check_filled_bad(int slot) {
  int e = samples[slot];
  pthread_mutex_lock(&mark_lock);
  if (e > filled_peak)
    filled_peak = e;
  pthread_mutex_unlock(&mark_lock);
  if (e > filled_peak) // expected-race{{read of `filled_peak` without synchronization in 'check_filled_bad'}}
    checks_failed = 1;
}

// Never written, but its elements differ.
static void check_levels_bad(int slot) {
  int e = levels[slot % 4];
  pthread_mutex_lock(&mark_lock);
  if (e > level_peak)
    level_peak = e;
  pthread_mutex_unlock(&mark_lock);
  if (e > level_peak) // expected-race{{read of `level_peak` without synchronization in 'check_levels_bad'}}
    checks_failed = 1;
}

// The same value each time, but another worker lowers the mark again.
static void check_reset_bad(int slot) {
  int e = calibration[slot];
  pthread_mutex_lock(&mark_lock);
  if (e > reset_peak)
    reset_peak = e;
  pthread_mutex_unlock(&mark_lock);
  if (e > reset_peak) // expected-race{{read of `reset_peak` without synchronization in 'check_reset_bad'}}
    checks_failed = 1;
}

static void reset_marks(void) {
  pthread_mutex_lock(&mark_lock);
  reset_peak = -1;
  pthread_mutex_unlock(&mark_lock);
}

// Two updates of one mark, each once-only alone, with two values: the mark
// is written twice, the second time under the first's readers. Run by two
// kinds of threads, the second update is seen and the race stays certain.
static volatile int mode_mark;

static void raise_to_one_bad(void) {
  pthread_mutex_lock(&mark_lock);
  if (1 > mode_mark)
    mode_mark = 1;
  pthread_mutex_unlock(&mark_lock);
  if (mode_mark < 1) // expected-race{{read of `mode_mark` without synchronization in 'raise_to_one_bad' (reached from 'worker') races with the write in 'raise_to_two_bad'}}
    checks_failed = 1;
}

static void raise_to_two_bad(void) {
  pthread_mutex_lock(&mark_lock);
  if (2 > mode_mark)
    mode_mark = 2;
  pthread_mutex_unlock(&mark_lock);
}

// The same two updates in one thread's code: its summary keeps one write of
// the mark per lock set (the first), so the second update goes unseen and
// the race is only possible. FIXME: it is certain.
static void raise_level_to_one(void) {
  pthread_mutex_lock(&mark_lock);
  if (1 > level_mark)
    level_mark = 1;
  pthread_mutex_unlock(&mark_lock);
  if (level_mark < 1) // expected-low-race{{read of `level_mark` without synchronization in 'raise_level_to_one' (reached from 'worker') races with the write in 'raise_level_to_one' [low: 'raise_level_to_one' updates it}}
    checks_failed = 1;
}

static void raise_level_to_two(void) {
  pthread_mutex_lock(&mark_lock);
  if (2 > level_mark)
    level_mark = 2;
  pthread_mutex_unlock(&mark_lock);
  if (level_mark < 2)
    checks_failed = 1;
}

// The table's address goes to a function racecar cannot see, which may
// fill it.
static void check_escaped_bad(int slot) {
  int e = escaped[slot];
  pthread_mutex_lock(&mark_lock);
  if (e > escaped_peak)
    escaped_peak = e;
  pthread_mutex_unlock(&mark_lock);
  if (e > escaped_peak) // expected-race{{read of `escaped_peak` without synchronization in 'check_escaped_bad'}}
    checks_failed = 1;
}

static void *worker(void *arg) {
  int slot = (int)(long)arg;
  check_peak_ok(slot);
  fold_peak_ok(slot);
  check_filled_bad(slot);
  check_levels_bad(slot);
  check_reset_bad(slot);
  check_escaped_bad(slot);
  raise_to_one_bad();
  raise_level_to_one();
  raise_level_to_two();
  return 0;
}

static void *resetter(void *arg) {
  (void)arg;
  reset_marks();
  raise_to_two_bad();
  return 0;
}

int main(void) {
  pthread_t t[SLOTS + 1];
  for (int i = 0; i < SLOTS; i++)
    samples[i] = i * 7 % SLOTS;
  fill_from(escaped, SLOTS);
  for (int i = 0; i < SLOTS; i++)
    pthread_create(&t[i], 0, worker, (void *)(long)i);
  pthread_create(&t[SLOTS], 0, resetter, 0);
  for (int i = 0; i <= SLOTS; i++)
    pthread_join(t[i], 0);
  return checks_failed;
}
