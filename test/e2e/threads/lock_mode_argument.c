/* A lock wrapper whose effect is chosen by a constant argument (memcached's
 * pause_threads): pause_threads(PAUSE_ALL) takes hang_lock and
 * pause_threads(RESUME_ALL) lets it go, so what runs between them is
 * protected. A caller that passes a mode read at run time is not. */
#include <pthread.h>

enum pause_type { PAUSE_ALL, PAUSE_WORKERS, RESUME_ALL, RESUME_WORKERS };

static pthread_mutex_t hang_lock = PTHREAD_MUTEX_INITIALIZER;
static long table_size;
static long rehashes;
static long resumes;
static enum pause_type configured_mode;

static void pause_threads(enum pause_type type) {
  switch (type) {
  case PAUSE_ALL:
  case PAUSE_WORKERS:
    pthread_mutex_lock(&hang_lock);
    break;
  case RESUME_ALL:
    resumes++; /* still under hang_lock */ // expected-race{{unprotected write to `resumes`}}
  case RESUME_WORKERS:
    pthread_mutex_unlock(&hang_lock);
    break;
  }
}

/* A wrapper that passes its own argument on. */
static void set_paused(enum pause_type type) { pause_threads(type); }

static void *expand_ok(void *arg) {
  (void)arg;
  pause_threads(PAUSE_ALL);
  table_size *= 2;
  pause_threads(RESUME_ALL);
  return NULL;
}

static void *rehash_ok(void *arg) {
  (void)arg;
  set_paused(PAUSE_WORKERS);
  rehashes++;
  set_paused(RESUME_WORKERS);
  return NULL;
}

static void *configured_bad(void *arg) {
  (void)arg;
  pause_threads(configured_mode);
  rehashes = 0; // expected-race{{unprotected write to `rehashes` in 'configured_bad'}}
  pause_threads(RESUME_WORKERS);
  return NULL;
}

static void *lookup_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&hang_lock);
  long n = table_size;
  pthread_mutex_unlock(&hang_lock);
  return (void *)n;
}

int main(void) {
  pthread_t t[5];
  pthread_create(&t[0], NULL, expand_ok, NULL);
  pthread_create(&t[1], NULL, expand_ok, NULL);
  pthread_create(&t[2], NULL, rehash_ok, NULL);
  pthread_create(&t[3], NULL, configured_bad, NULL);
  pthread_create(&t[4], NULL, lookup_ok, NULL);
  for (int i = 0; i < 5; i++)
    pthread_join(t[i], NULL);
  return 0;
}
