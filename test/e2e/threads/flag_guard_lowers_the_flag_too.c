// A flag tested under a lock orders what its branch guards against a
// thread that sets the flag first (flag_guarded_allocation.c). The rule
// also lowers the flag's own accesses in the branch: the maintenance
// thread's `if (started_expanding) { started_expanding = false; }` under
// maintenance_lock against the clock tick's unlocked test-and-set is a real
// race (memcached's started_expanding, fixed in 4575e1f), shown low only.
// Leaving the flag itself out of the rule made it high, but cost SV-COMP a
// false alarm (28-race_reach_60-invariant_racefree: `if (x == 0) .. else
// { x++; x--; }` where the branch never runs): telling the two apart needs
// the value reasoning of issue 27 item 5.
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

static pthread_mutex_t maintenance_lock = PTHREAD_MUTEX_INITIALIZER;
static bool started_expanding;
static unsigned expand_bucket;

static void assoc_start_expand(void) {
  if (started_expanding) // a note of the report below
    return;
  started_expanding = true; // a note of the report below (both low)
  expand_bucket = 0; // expected-low-race{{unprotected write to `expand_bucket` in 'assoc_start_expand' (reached from 'main') races with the write in 'assoc_maintenance_thread'; the call to 'assoc_start_expand' also races on `started_expanding` [low: it runs only while a shared flag has some value, and the other thread writes that flag, which may order the two]}}
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
