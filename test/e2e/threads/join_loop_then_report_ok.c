/* Workers fill a shared histogram under a lock; main prints it only after the join loop. */
#include <pthread.h>
#include <stdio.h>

// expected-no-races

#define NTHREADS 4
static long g_histogram[16];
static pthread_mutex_t g_hist_lock = PTHREAD_MUTEX_INITIALIZER;

static void *sample_ok(void *arg) {
  long seed = (long)arg;
  for (int i = 0; i < 100; i++) {
    pthread_mutex_lock(&g_hist_lock);
    g_histogram[(seed + i) % 16]++;
    pthread_mutex_unlock(&g_hist_lock);
  }
  return NULL;
}

int main(void) {
  pthread_t workers[NTHREADS];
  for (long i = 0; i < NTHREADS; i++)
    pthread_create(&workers[i], NULL, sample_ok, (void *)i);
  for (int i = 0; i < NTHREADS; i++)
    pthread_join(workers[i], NULL);
  for (int b = 0; b < 16; b++)
    printf("%d %ld\n", b, g_histogram[b]);
  return 0;
}
