/* With pthread_mutex_trylock, only the branch where it returned 0 holds the lock. */
#include <pthread.h>

static long g_flushed;
static long g_skipped;
static pthread_mutex_t g_flush_lock = PTHREAD_MUTEX_INITIALIZER;

static void *try_flush_bad(void *arg) {
  (void)arg;
  if (pthread_mutex_trylock(&g_flush_lock) == 0) {
    g_flushed++;
    pthread_mutex_unlock(&g_flush_lock);
  } else {
    g_skipped++; // expected-race{{unprotected write to `g_skipped` in 'try_flush_bad' races with itself on another thread}}
  }
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, try_flush_bad, NULL);
  pthread_create(&b, NULL, try_flush_bad, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return (int)(g_flushed + g_skipped);
}
