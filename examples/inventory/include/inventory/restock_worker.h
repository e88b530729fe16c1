/* restock_worker: background threads that top up low stock, written in C with
 * pthreads (the service's C component). */
#ifndef INVENTORY_RESTOCK_WORKER_H
#define INVENTORY_RESTOCK_WORKER_H

#include <pthread.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RESTOCK_THREADS 2

struct restock_pool {
  pthread_mutex_t mu;   /* protects units_restocked, batches and stop */
  long units_restocked;
  long batches;
  long wakeups;         /* statistics: how often a thread woke up */
  int stop;
  pthread_t threads[RESTOCK_THREADS];
};

void restock_pool_start(struct restock_pool *p);
void restock_pool_stop(struct restock_pool *p);
long restock_pool_units(struct restock_pool *p);

#ifdef __cplusplus
}
#endif

#endif
