/* One writer takes two locks of its own (an outer `config_lock` it holds
   for other reasons, and `reset_lock`) while the counters take `stats_lock`.
   Two locks held by one writer are no protocol that others follow: the
   counters are right (most writers hold `stats_lock`) and the reset is the
   race. It used to be silent: the reset counted as following "the writers'
   lock set" and the counters as holding the guarding lock, so neither side
   was reported. The twin takes `stats_lock` too and is safe. */
#include <pthread.h>

static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t reset_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static long hits, misses;

static void *counter_ok(void *arg) {
  pthread_mutex_lock(&stats_lock);
  hits++;
  misses++;
  pthread_mutex_unlock(&stats_lock);
  return arg;
}

static void *resetter_bad(void *arg) {
  pthread_mutex_lock(&config_lock);
  pthread_mutex_lock(&reset_lock);
  hits = 0; // expected-race{{write to `hits` under `config_lock`, `reset_lock` in 'resetter_bad' races with the write under `stats_lock` in 'counter_ok' (no common lock)}}
  pthread_mutex_unlock(&reset_lock);
  pthread_mutex_unlock(&config_lock);
  return arg;
}

static void *resetter_ok(void *arg) {
  pthread_mutex_lock(&config_lock);
  pthread_mutex_lock(&stats_lock);
  misses = 0;
  pthread_mutex_unlock(&stats_lock);
  pthread_mutex_unlock(&config_lock);
  return arg;
}

int main(void) {
  pthread_t t[4];
  pthread_create(&t[0], 0, counter_ok, 0);
  pthread_create(&t[1], 0, counter_ok, 0);
  pthread_create(&t[2], 0, resetter_bad, 0);
  pthread_create(&t[3], 0, resetter_ok, 0);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  return 0;
}
