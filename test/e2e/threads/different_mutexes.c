/* The flusher and the appender each hold a lock, but not the same one: the log buffer is not protected. */
#include <pthread.h>

static char g_log_buf[4096];
static int g_log_len;
static pthread_mutex_t g_append_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t g_flush_lock = PTHREAD_MUTEX_INITIALIZER;

static void *appender_bad(void *arg) {
  (void)arg;
  pthread_mutex_lock(&g_append_lock);
  g_log_buf[0] = 'x';
  g_log_len += 1; // expected-race{{write to `g_log_len` under `g_append_lock` in 'appender_bad' races with the write under `g_flush_lock` in 'flusher_bad' (no common lock)}}
  pthread_mutex_unlock(&g_append_lock);
  return NULL;
}

static void *flusher_bad(void *arg) {
  (void)arg;
  pthread_mutex_lock(&g_flush_lock);
  g_log_len = 0;
  pthread_mutex_unlock(&g_flush_lock);
  return NULL;
}

int main(void) {
  pthread_t a, f;
  pthread_create(&a, NULL, appender_bad, NULL);
  pthread_create(&f, NULL, flusher_bad, NULL);
  pthread_join(a, NULL);
  pthread_join(f, NULL);
  return g_log_len;
}
