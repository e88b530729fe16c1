/* start_workers() starts the flushers and returns without joining them: main's later writes race with them. */
#include <pthread.h>

static int g_dirty_pages;
static pthread_t g_flushers[2];

static void *flusher_bad(void *arg) {
  (void)arg;
  if (g_dirty_pages > 0) // expected-race{{read of `g_dirty_pages` without synchronization in 'flusher_bad' races with the write in 'main'}}
    return (void *)1;
  return NULL;
}

static void start_workers(void) {
  for (int i = 0; i < 2; i++)
    pthread_create(&g_flushers[i], NULL, flusher_bad, NULL);
}

int main(void) {
  g_dirty_pages = 4; /* before the workers start: ordered */
  start_workers();
  g_dirty_pages = 0;
  return 0;
}
