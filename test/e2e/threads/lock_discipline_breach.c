// The main thread's clock tick reaches several races through one call; one
// is the report at that call, the others its notes. But a variable every
// other thread touches only under one mutex, which the tick reads and sets
// without it, breaks that variable's discipline: a report of its own
// (memcached's `started_expanding`, set by assoc_start_expand from the
// clock handler while the maintenance thread clears it under
// maintenance_lock; fixed in 4575e1f).
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

static pthread_mutex_t maintenance_lock = PTHREAD_MUTEX_INITIALIZER;
static bool started_expanding;
static bool expanding;
static unsigned current_time;  // written by the tick, read by workers
static unsigned long hits;     // no lock anywhere
static unsigned long evictions; // the workers' and the tick's: no discipline
static unsigned long ticks;     // counted by the tick and, deep down, workers
static unsigned long resizes;   // under the lock in the maintenance thread,
                                // without it in a worker: no discipline

static void assoc_start_expand(void) {
  if (started_expanding) // a note: the report below is this variable's
    return;
  started_expanding = true; // expected-race{{unprotected write to `started_expanding` in 'assoc_start_expand' (reached from 'main') races with the write in 'assoc_maintenance_thread'}}
}

static void clock_handler(void) {
  ticks++; // a note of the call's report (on `resizes`, below)
  current_time++; // reported at the workers' read
  if (evictions > 1000) // reported at the workers' write
    assoc_start_expand();
  // The call's report: a worker goes without the lock as well, so no
  // discipline makes it a report of its own.
  if (resizes > 10) // expected-race{{read of `resizes` without synchronization in 'clock_handler' (reached from 'main') races with the write in 'account_tick'}}
    current_time = 0;
}

static void *assoc_maintenance_thread(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++) {
    pthread_mutex_lock(&maintenance_lock);
    if (started_expanding) {
      expanding = true;
      resizes++;
      started_expanding = false;
      expanding = false;
    }
    pthread_mutex_unlock(&maintenance_lock);
  }
  return NULL;
}

static void account_tick(void) {
  ticks++;
  resizes = 0; // expected-race{{unprotected write to `resizes` in 'account_tick' (reached from 'worker') races with the write in 'assoc_maintenance_thread'}}
}
static void account(void) { account_tick(); }

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    if (current_time % 2) // expected-race{{read of `current_time` without synchronization in 'worker' races with the write in 'clock_handler'}}
      hits++; // expected-race{{unprotected write to `hits` in 'worker' races with itself on another thread}}
    evictions++; // expected-race{{unprotected write to `evictions` in 'worker' races with the read in 'clock_handler'}}
    account();
  }
  return NULL;
}

int main(void) {
  pthread_t m, w[2];
  pthread_create(&m, NULL, assoc_maintenance_thread, NULL);
  for (int i = 0; i < 2; i++)
    pthread_create(&w[i], NULL, worker, NULL);
  for (int t = 0; t < 10; t++) {
    clock_handler();
  }
  for (int i = 0; i < 2; i++)
    pthread_join(w[i], NULL);
  printf("%lu\n", hits);
  return 0;
}
