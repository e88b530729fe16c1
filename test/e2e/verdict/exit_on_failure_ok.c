// Error paths that end the process (`exit(1)` when a create or a join
// fails) are not returns: a thread started on the path that exits is not
// left running by main, so main's join matches every path that goes on.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void *add_ok(void *arg) {
  (void)arg;
  for (int i = 0; i < 20; i++) {
    pthread_mutex_lock(&total_lock);
    total++;
    pthread_mutex_unlock(&total_lock);
  }
  return NULL;
}

int main(void) {
  pthread_t worker;
  total = 0;
  if (pthread_create(&worker, NULL, add_ok, NULL)) {
    fprintf(stderr, "cannot start the worker\n");
    exit(1);
  }
  for (int i = 0; i < 20; i++) {
    pthread_mutex_lock(&total_lock);
    total++;
    pthread_mutex_unlock(&total_lock);
  }
  if (pthread_join(worker, NULL)) {
    fprintf(stderr, "cannot join the worker\n");
    exit(1);
  }
  printf("%ld\n", total);
  return 0;
}
