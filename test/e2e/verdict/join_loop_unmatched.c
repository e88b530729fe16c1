// Threads started in a loop into an array of handles and joined in another
// loop whose bound the analysis cannot compare with the start loop's (a
// count read from the configuration): the joins are an assumption. When
// the count is short, a thread is still running while main reads. No race
// is reported, none is proved absent. (A join loop that certainly stops
// short, `i < N - 1`, leaves the rest running and its race is reported:
// threads/join_loop_joins_only_some.c.)
// expected-verdict{{verdict: unknown (unmatched-join at join_loop_unmatched.c:30)}}
#include <pthread.h>

#define N 4
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int sum;
int configured_workers(void);

static void *work(void *arg) {
  (void)arg;
  pthread_mutex_lock(&lock);
  sum += 1;
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t t[N];
  int joined = configured_workers();
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], 0, work, 0);
  for (int i = 0; i < joined; i++)
    pthread_join(t[i], 0);
  return sum; // FIXME-race{{read of `sum`}}
}
