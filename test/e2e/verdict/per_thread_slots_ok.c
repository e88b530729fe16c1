// Each worker gets the address of its own element of a heap array
// (`&results[i]` in the one counted loop around the start) and writes only
// that element; main reads the results after joining every worker.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct result {
  long sum;
  int done;
};

static void *sum_range(void *arg) {
  struct result *r = arg;
  for (int k = 0; k < 1000; k++)
    r->sum += k;
  r->done = 1;
  return NULL;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 3;
  pthread_t *tids = malloc(n * sizeof(pthread_t));
  struct result *results = calloc(n, sizeof(struct result));
  if (!tids || !results)
    return 1;
  for (int i = 0; i < n; i++)
    pthread_create(&tids[i], NULL, sum_range, &results[i]);
  for (int i = 0; i < n; i++)
    pthread_join(tids[i], NULL);
  long total = 0;
  for (int i = 0; i < n; i++)
    total += results[i].sum;
  printf("%ld\n", total);
  free(tids);
  free(results);
  return 0;
}
