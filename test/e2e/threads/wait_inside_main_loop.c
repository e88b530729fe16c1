/* A maintenance thread's main loop waits on a condition variable at its end
 * (memcached's assoc_maintenance_thread): that loop is not a wait for a
 * flag, so the work at its top is not ordered after anything and races
 * with the readers. A real `while (!ready) wait` loop still orders what
 * follows it (low: condition-wait). */
#include <pthread.h>

static pthread_mutex_t maintenance_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t maintenance_cond = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t reader_lock = PTHREAD_MUTEX_INITIALIZER;
static int running = 1;
static int ready;
static long expand_bucket;
static long config_value;

static void *maintainer_bad(void *arg) {
  (void)arg;
  pthread_mutex_lock(&maintenance_lock);
  while (running) {
    expand_bucket++; // expected-race{{write to `expand_bucket` under `maintenance_lock` in 'maintainer_bad' races with the read under `reader_lock` in 'reader'}}
    pthread_cond_wait(&maintenance_cond, &maintenance_lock);
  }
  pthread_mutex_unlock(&maintenance_lock);
  return NULL;
}

static void *reader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&reader_lock);
  long b = expand_bucket;
  pthread_mutex_unlock(&reader_lock);
  return (void *)b;
}

static void *configured_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&maintenance_lock);
  while (!ready)
    pthread_cond_wait(&maintenance_cond, &maintenance_lock);
  pthread_mutex_unlock(&maintenance_lock);
  return (void *)config_value; // expected-low-race{{read of `config_value` without synchronization in 'configured_ok' races with the write in 'main' [low: it comes after a wait on a condition variable}}
}

int main(void) {
  pthread_t m, r, c;
  pthread_create(&m, NULL, maintainer_bad, NULL);
  pthread_create(&r, NULL, reader, NULL);
  pthread_create(&c, NULL, configured_ok, NULL);
  config_value = 42;
  pthread_mutex_lock(&maintenance_lock);
  ready = 1;
  running = 0;
  pthread_cond_broadcast(&maintenance_cond);
  pthread_mutex_unlock(&maintenance_lock);
  pthread_join(m, NULL);
  pthread_join(r, NULL);
  pthread_join(c, NULL);
  return 0;
}
