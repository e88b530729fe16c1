// Every access to a stripe's counter holds that stripe's lock, named by the
// same constant index on both sides: proved race-free. (Taken by a computed
// index, `&stripe[k]`, the lock could be any stripe: see
// lock_array_computed_index.c.)
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>

static pthread_mutex_t stripe[4] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static long counters[4];

static void *bump_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stripe[2]);
  counters[2]++;
  pthread_mutex_unlock(&stripe[2]);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, bump_ok, 0);
  pthread_create(&b, 0, bump_ok, 0);
  pthread_mutex_lock(&stripe[2]);
  long seen = counters[2];
  pthread_mutex_unlock(&stripe[2]);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return (int)seen;
}
