// A worker finishes a request, counts itself out under the mutex and
// signals; then it stamps the request's completion time. main waits on the
// condition variable and reads both. The wait orders the read of what the
// worker wrote before it signalled (low), not of what it wrote after its
// last signal: that race is certain.
#include <pthread.h>

struct request {
  int status;
  long finished_at;
};

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t done = PTHREAD_COND_INITIALIZER;
static int pending = 1;
static struct request req;

static long now(void) { return 1700000000L; }

static void *worker(void *arg) {
  (void)arg;
  req.status = 200;
  pthread_mutex_lock(&m);
  pending--;
  pthread_cond_signal(&done);
  pthread_mutex_unlock(&m);
  req.finished_at = now();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_detach(t);
  pthread_mutex_lock(&m);
  while (pending > 0)
    pthread_cond_wait(&done, &m);
  pthread_mutex_unlock(&m);
  int status = req.status; // expected-low-race{{read of `req.status` without synchronization in 'main' races with the write in 'worker' [low: it comes after a wait on a condition variable}}
  long at = req.finished_at; // expected-race{{read of `req.finished_at` without synchronization in 'main' races with the write in 'worker' [racecar-read-write-race]}}
  return status == 200 && at > 0 ? 0 : 1;
}
