/* stats_lock()/stats_unlock() wrap the mutex: callers between them are protected; one caller forgets. */
#include <pthread.h>

static pthread_mutex_t g_stats_mutex = PTHREAD_MUTEX_INITIALIZER;
static long g_stat_gets;
static long g_stat_sets;

static void stats_lock(void) { pthread_mutex_lock(&g_stats_mutex); }
static void stats_unlock(void) { pthread_mutex_unlock(&g_stats_mutex); }

static void *get_handler_ok(void *arg) {
  (void)arg;
  stats_lock();
  g_stat_gets++;
  stats_unlock();
  return NULL;
}

static void *set_handler_bad(void *arg) {
  (void)arg;
  g_stat_sets++; // expected-race{{unprotected write to `g_stat_sets` in 'set_handler_bad'}}
  stats_lock();
  g_stat_gets += 0;
  stats_unlock();
  return NULL;
}

int main(void) {
  pthread_t g1, g2, s1, s2;
  pthread_create(&g1, NULL, get_handler_ok, NULL);
  pthread_create(&g2, NULL, get_handler_ok, NULL);
  pthread_create(&s1, NULL, set_handler_bad, NULL);
  pthread_create(&s2, NULL, set_handler_bad, NULL);
  pthread_join(g1, NULL);
  pthread_join(g2, NULL);
  pthread_join(s1, NULL);
  pthread_join(s2, NULL);
  return 0;
}
