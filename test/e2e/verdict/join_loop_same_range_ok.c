// Threads started in a counted loop into an array of handles and joined by
// a loop over the same range (whatever its counter is called): all of them
// are joined, so main's read after it is ordered, and nothing is assumed.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>

#define N 8
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int sum;

static void *work_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&lock);
  sum += 1;
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, work_ok, 0);
  for (int k = 0; k < N; ++k)
    pthread_join(t[k], 0);
  return sum;
}
