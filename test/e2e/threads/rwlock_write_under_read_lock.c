/* A "reader" that bumps a hit counter while holding only the read lock races with the other readers. */
#define _XOPEN_SOURCE 700
#include <pthread.h>

static long g_cache_hits;
static int g_cache_size;
static pthread_rwlock_t g_cache_lock = PTHREAD_RWLOCK_INITIALIZER;

static void *cache_get_bad(void *arg) {
  (void)arg;
  pthread_rwlock_rdlock(&g_cache_lock);
  int size = g_cache_size;
  g_cache_hits++; // expected-race{{unprotected write to `g_cache_hits` in 'cache_get_bad' races with itself on another thread (only a shared lock is held)}}
  pthread_rwlock_unlock(&g_cache_lock);
  return (void *)(long)size;
}

static void *cache_resize_ok(void *arg) {
  (void)arg;
  pthread_rwlock_wrlock(&g_cache_lock);
  g_cache_size *= 2;
  pthread_rwlock_unlock(&g_cache_lock);
  return NULL;
}

int main(void) {
  pthread_t a, b, r;
  pthread_create(&a, NULL, cache_get_bad, NULL);
  pthread_create(&b, NULL, cache_get_bad, NULL);
  pthread_create(&r, NULL, cache_resize_ok, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_join(r, NULL);
  return 0;
}
