/* A pool of identical workers started in a loop: each one races with the others on the shared tally. */
#include <pthread.h>

#define NWORKERS 8

static long g_bytes_written;
static pthread_mutex_t g_log_lock = PTHREAD_MUTEX_INITIALIZER;
static long g_log_lines;

static void *flush_worker_bad(void *arg) {
  long n = (long)arg;
  g_bytes_written += n; // expected-race{{unprotected write to `g_bytes_written` in 'flush_worker_bad' races with itself on another thread}}
  pthread_mutex_lock(&g_log_lock);
  g_log_lines++;
  pthread_mutex_unlock(&g_log_lock);
  return NULL;
}

int main(void) {
  pthread_t th[NWORKERS];
  for (long i = 0; i < NWORKERS; i++)
    pthread_create(&th[i], NULL, flush_worker_bad, (void *)i);
  for (int i = 0; i < NWORKERS; i++)
    pthread_join(th[i], NULL);
  return (int)(g_bytes_written + g_log_lines); /* after the join loop: ordered */
}
