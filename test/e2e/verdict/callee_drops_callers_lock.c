// A helper called with the queue lock held drops it while it waits and
// takes it again: the flag it reads in between is not protected, so the
// program is not race-free (this was once proved race-free, wrongly).
// expected-verdict{{verdict: race}}
#include <pthread.h>
#include <sched.h>

static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static int q_ready;

static void wait_for_ready(void) {
  while (1) {
    pthread_mutex_unlock(&q_lock);
    sched_yield();
    int ready = q_ready; // expected-race{{read of `q_ready`}}
    pthread_mutex_lock(&q_lock);
    if (ready)
      break;
  }
}

static void *consumer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&q_lock);
  wait_for_ready();
  pthread_mutex_unlock(&q_lock);
  return 0;
}

static void *producer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&q_lock);
  q_ready = 1; // reported at the unprotected side
  pthread_mutex_unlock(&q_lock);
  return 0;
}

int main(void) {
  pthread_t c, p;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(c, 0);
  pthread_join(p, 0);
  return 0;
}
