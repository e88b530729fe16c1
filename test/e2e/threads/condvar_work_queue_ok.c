/* A producer/consumer queue: the consumer waits on a condition variable in a loop under the queue mutex. */
#include <pthread.h>

// expected-no-races

#define QSIZE 32
static int g_queue[QSIZE];
static int g_head, g_tail, g_closed;
static pthread_mutex_t g_queue_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_queue_cv = PTHREAD_COND_INITIALIZER;

static void *consumer_ok(void *arg) {
  long sum = 0;
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&g_queue_mu);
    while (g_head == g_tail && !g_closed)
      pthread_cond_wait(&g_queue_cv, &g_queue_mu);
    if (g_head == g_tail && g_closed) {
      pthread_mutex_unlock(&g_queue_mu);
      break;
    }
    sum += g_queue[g_head++ % QSIZE];
    pthread_mutex_unlock(&g_queue_mu);
  }
  return (void *)sum;
}

int main(void) {
  pthread_t c;
  pthread_create(&c, NULL, consumer_ok, NULL);
  for (int i = 0; i < 100; i++) {
    pthread_mutex_lock(&g_queue_mu);
    g_queue[g_tail++ % QSIZE] = i;
    pthread_cond_signal(&g_queue_cv);
    pthread_mutex_unlock(&g_queue_mu);
  }
  pthread_mutex_lock(&g_queue_mu);
  g_closed = 1;
  pthread_cond_broadcast(&g_queue_cv);
  pthread_mutex_unlock(&g_queue_mu);
  pthread_join(c, NULL);
  return 0;
}
