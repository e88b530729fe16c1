// Workers count themselves out under a mutex and signal; main waits on the
// condition variable until the count is zero, then reads the result the
// workers wrote before. The wait orders the read, which the analysis does
// not model: the read is only a possible race (low).
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t done = PTHREAD_COND_INITIALIZER;
static int alive = 2;
static int result;

static void *worker(void *arg) {
  (void)arg;
  // The two workers race with each other here (certain: no wait between).
  result = 42; // expected-race{{unprotected write to `result` in 'worker' races with itself}}
  pthread_mutex_lock(&m);
  alive--;
  pthread_cond_signal(&done);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_detach(a);
  pthread_detach(b);
  pthread_mutex_lock(&m);
  while (alive > 0)
    pthread_cond_wait(&done, &m);
  pthread_mutex_unlock(&m);
  return result; // expected-low-race{{after a wait on a condition variable}}
}
