/* Background restock threads. Each thread wakes up periodically and, under
 * the pool's mutex, books a batch of restocked units. The wake-up statistic is
 * counted outside the lock: every restock thread increments it concurrently. */
#include "inventory/restock_worker.h"

#include <time.h>

static void nap(void) {
  struct timespec ts = {0, 1000000};
  nanosleep(&ts, NULL);
}

static void *restock_thread(void *arg) {
  struct restock_pool *p = arg;
  for (;;) {
    nap();
    p->wakeups++; /* racecar: expected race (both restock threads, no lock) */
    pthread_mutex_lock(&p->mu);
    if (p->stop) {
      pthread_mutex_unlock(&p->mu);
      return NULL;
    }
    p->units_restocked += 5;
    p->batches++;
    pthread_mutex_unlock(&p->mu);
  }
}

void restock_pool_start(struct restock_pool *p) {
  pthread_mutex_init(&p->mu, NULL);
  p->units_restocked = 0;
  p->batches = 0;
  p->wakeups = 0;
  p->stop = 0;
  for (int i = 0; i < RESTOCK_THREADS; i++)
    pthread_create(&p->threads[i], NULL, restock_thread, p);
}

void restock_pool_stop(struct restock_pool *p) {
  pthread_mutex_lock(&p->mu);
  p->stop = 1;
  pthread_mutex_unlock(&p->mu);
  for (int i = 0; i < RESTOCK_THREADS; i++)
    pthread_join(p->threads[i], NULL);
}

long restock_pool_units(struct restock_pool *p) {
  pthread_mutex_lock(&p->mu);
  long units = p->units_restocked;
  pthread_mutex_unlock(&p->mu);
  return units;
}
