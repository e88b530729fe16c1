// A flag tested under a lock orders what its branch guards against a
// thread that sets the flag first (flag_guarded_allocation.c), but not the
// flag itself: the maintenance thread's `if (started_expanding) {
// started_expanding = false; }` under maintenance_lock races with the clock
// tick's unlocked test-and-set (memcached's started_expanding, fixed in
// 4575e1f). What the branch guards stays low (here a note of the report
// on the flag, which the same call reaches).
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

static pthread_mutex_t maintenance_lock = PTHREAD_MUTEX_INITIALIZER;
static bool started_expanding;
static unsigned expand_bucket;

static void assoc_start_expand(void) {
  if (started_expanding) // a note of the report below
    return;
  started_expanding = true; // expected-race{{unprotected write to `started_expanding` in 'assoc_start_expand' (reached from 'main') races with the write in 'assoc_maintenance_thread'}}
  expand_bucket = 0; // guarded by the flag: low, a note of the report above
}

static void *assoc_maintenance_thread(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++) {
    pthread_mutex_lock(&maintenance_lock);
    if (started_expanding) {
      expand_bucket++;
      started_expanding = false;
    }
    pthread_mutex_unlock(&maintenance_lock);
  }
  return NULL;
}

int main(void) {
  pthread_t m;
  pthread_create(&m, NULL, assoc_maintenance_thread, NULL);
  for (int t = 0; t < 10; t++)
    assoc_start_expand();
  pthread_join(m, NULL);
  printf("%u\n", expand_bucket);
  return 0;
}
