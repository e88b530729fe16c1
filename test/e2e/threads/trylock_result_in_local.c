// An LRU clock bumped only by the thread that wins the try-lock: the
// result is kept in a local as "got it" (`got = trylock(..) == 0`,
// `ok = !trylock(..)`), then tested. The winner holds the mutex; the
// losers' path (`else`) holds nothing.
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

static pthread_mutex_t lru_mu = PTHREAD_MUTEX_INITIALIZER;
static long g_lru_clock;
static long g_evictions;
static long g_contended;

static void *touch(void *arg) {
  (void)arg;
  int got = pthread_mutex_trylock(&lru_mu) == 0;
  if (got) {
    g_lru_clock++;
    pthread_mutex_unlock(&lru_mu);
  } else {
    g_contended++; // expected-race{{unprotected write to `g_contended` in 'touch' races with itself on another thread}}
  }
  return NULL;
}

static void *evict(void *arg) {
  (void)arg;
  bool ok = !pthread_mutex_trylock(&lru_mu);
  if (!ok)
    return NULL;
  g_evictions++;
  g_lru_clock = 0;
  pthread_mutex_unlock(&lru_mu);
  return NULL;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, NULL, touch, NULL);
  pthread_create(&b, NULL, touch, NULL);
  pthread_create(&c, NULL, evict, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_join(c, NULL);
  return (int)(g_lru_clock + g_evictions + g_contended);
}
