// A program the verdict proves race-free: every shared access is under one
// global mutex or ordered by create/join, and nothing is assumed.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total;
static int ready;

static void *worker_ok(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&lock);
    total += i;
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}

int main(void) {
  pthread_t a, b;
  ready = 1; // before any thread starts
  pthread_create(&a, NULL, worker_ok, NULL);
  pthread_create(&b, NULL, worker_ok, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld %d\n", total, ready); // after both joins
  return 0;
}
