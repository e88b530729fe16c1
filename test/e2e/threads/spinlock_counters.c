/* A spinlock protects the packet counter; the drop counter is updated outside it. */
#define _XOPEN_SOURCE 700
#include <pthread.h>

static pthread_spinlock_t g_rx_lock;
static unsigned long g_rx_packets;
static unsigned long g_rx_dropped;

static void *rx_poll_bad(void *arg) {
  long budget = (long)arg;
  for (long i = 0; i < budget; i++) {
    pthread_spin_lock(&g_rx_lock);
    g_rx_packets++;
    pthread_spin_unlock(&g_rx_lock);
    if (i % 64 == 0)
      g_rx_dropped++; // expected-race{{unprotected write to `g_rx_dropped` in 'rx_poll_bad' races with itself on another thread}}
  }
  return NULL;
}

int main(void) {
  pthread_spin_init(&g_rx_lock, PTHREAD_PROCESS_PRIVATE);
  pthread_t q[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&q[i], NULL, rx_poll_bad, (void *)256);
  for (int i = 0; i < 2; i++)
    pthread_join(q[i], NULL);
  return (int)(g_rx_packets + g_rx_dropped);
}
