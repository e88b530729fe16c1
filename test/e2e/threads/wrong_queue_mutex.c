/* Two queues, each with its own mutex; the mover locks the input queue's mutex but updates the output queue. */
#include <pthread.h>

struct queue {
  pthread_mutex_t mu;
  int items[128];
  int len;
};

static struct queue q_in = {PTHREAD_MUTEX_INITIALIZER, {0}, 0};
static struct queue q_out = {PTHREAD_MUTEX_INITIALIZER, {0}, 0};

static void *mover_bad(void *arg) {
  (void)arg;
  pthread_mutex_lock(&q_in.mu);
  if (q_in.len > 0)
    q_in.len--;
  q_out.len++; // expected-race{{write to `q_out.len` under `q_in.mu` in 'mover_bad' races with the write under `q_out.mu` in 'drainer_ok' (no common lock)}}
  pthread_mutex_unlock(&q_in.mu);
  return NULL;
}

static void *drainer_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&q_out.mu);
  q_out.len = 0;
  pthread_mutex_unlock(&q_out.mu);
  return NULL;
}

static void *counter_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&q_out.mu);
  int n = q_out.len;
  pthread_mutex_unlock(&q_out.mu);
  return (void *)(long)n;
}

int main(void) {
  pthread_t m, d, c;
  pthread_create(&m, NULL, mover_bad, NULL);
  pthread_create(&d, NULL, drainer_ok, NULL);
  pthread_create(&c, NULL, counter_ok, NULL);
  pthread_join(m, NULL);
  pthread_join(d, NULL);
  pthread_join(c, NULL);
  return 0;
}
