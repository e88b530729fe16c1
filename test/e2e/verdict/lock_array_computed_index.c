// main takes a stripe by a computed index: it may or may not be the stripe
// the worker takes, and so may the slot it bumps (the stripe's own). No race
// is reported (the lock is taken as protecting), and the verdict says that
// this was assumed. (One counter of all stripes under either is a race:
// mutex_array_elements.c.)
// expected-no-races
// expected-verdict{{verdict: unknown (lock-identity at lock_array_computed_index.c:18)}}
#include <pthread.h>

static pthread_mutex_t stripe[4] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static long total[4];

static void *bump(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stripe[2]);
  total[2]++;
  pthread_mutex_unlock(&stripe[2]);
  return 0;
}

int main(int argc, char **argv) {
  (void)argv;
  pthread_t t;
  pthread_create(&t, 0, bump, 0);
  int k = argc % 4;
  pthread_mutex_lock(&stripe[k]);
  total[k]++;
  pthread_mutex_unlock(&stripe[k]);
  pthread_join(t, 0);
  return 0;
}
