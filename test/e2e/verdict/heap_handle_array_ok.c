// Worker handles in an array the program allocates for the run: the join
// loop over the same range joins every worker, so the total read after it
// is ordered. Race-free.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void *add_chunk(void *arg) {
  long n = (long)arg;
  pthread_mutex_lock(&total_lock);
  total += n;
  pthread_mutex_unlock(&total_lock);
  return NULL;
}

int main(int argc, char **argv) {
  (void)argv;
  int workers = argc * 4;
  pthread_t *tids = malloc(workers * sizeof(pthread_t));
  if (!tids)
    return 1;
  for (int i = 0; i < workers; i++)
    pthread_create(&tids[i], NULL, add_chunk, (void *)(long)i);
  for (int i = 0; i < workers; i++)
    pthread_join(tids[i], NULL);
  free(tids);
  return (int)total;
}
