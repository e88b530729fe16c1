// Lock coupling through helpers: the reloader's registry section calls
// reset_stats(), which takes and drops the stats lock, then publish(),
// which writes the generation; the reader's helper takes the stats lock
// while it holds the registry lock and returns with it held. What a callee
// takes on every path, and the nestings it returns with, carry over to its
// caller, so the generation's write and read are ordered without a common
// lock.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static long generation;
static long lookups;

static void reset_stats(void) {
  pthread_mutex_lock(&stats_lock);
  lookups = 0;
  pthread_mutex_unlock(&stats_lock);
}

static void publish(void) { generation++; }

static void *reloader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  reset_stats();
  publish();
  pthread_mutex_unlock(&registry_lock);
  return NULL;
}

static void enter_stats(void) {
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&registry_lock);
}

static void *reader(void *arg) {
  (void)arg;
  enter_stats();
  lookups++;
  printf("generation %ld\n", generation);
  pthread_mutex_unlock(&stats_lock);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, reloader, NULL);
  pthread_create(&b, NULL, reader, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
