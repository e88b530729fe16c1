// A thread joined on one branch only: after the branches meet, it may
// still run. The analysis takes it as joined (no report) and says so.
// expected-verdict{{verdict: unknown (unmatched-join at join_on_one_path.c:24)}}
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int total;
extern int quick(void);

static void *work(void *arg) {
  (void)arg;
  pthread_mutex_lock(&lock);
  total++;
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, work, 0);
  if (!quick())
    pthread_join(t, 0);
  // After the branches meet.
  return total; // FIXME-race{{read of `total`}}
}
