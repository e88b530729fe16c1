/* A helper joins the threads main started, through the handle array main passes to it. */
#include <pthread.h>

// expected-no-races

static long g_checksum;
static pthread_mutex_t g_sum_lock = PTHREAD_MUTEX_INITIALIZER;

static void *checksum_range_ok(void *arg) {
  long part = (long)arg * 31;
  pthread_mutex_lock(&g_sum_lock);
  g_checksum ^= part;
  pthread_mutex_unlock(&g_sum_lock);
  return NULL;
}

static void join_all(pthread_t *threads, int n) {
  for (int i = 0; i < n; i++)
    pthread_join(threads[i], NULL);
}

int main(void) {
  pthread_t workers[4];
  for (long i = 0; i < 4; i++)
    pthread_create(&workers[i], NULL, checksum_range_ok, (void *)i);
  join_all(workers, 4);
  return (int)g_checksum; /* joined by join_all: ordered */
}
