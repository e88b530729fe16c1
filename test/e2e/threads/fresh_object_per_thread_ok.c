// A new job object per iteration of the loop that starts the workers: each
// thread writes its own, so the threads do not race on it; main's write to
// a job after starting its thread does.
#include <pthread.h>
#include <stdlib.h>

struct job {
  int data;
};

static void *run_ok(void *arg) {
  struct job *j = arg;
  j->data = 1;
  free(j);
  return 0;
}

static void *run_bad(void *arg) {
  struct job *j = arg;
  j->data = 1;
  return 0;
}

void start_ok(pthread_t *t, int n) {
  for (int i = 0; i < n; i++) {
    struct job *j = malloc(sizeof *j);
    pthread_create(&t[i], 0, run_ok, j);
  }
}

int main(void) {
  pthread_t t[4], u;
  start_ok(t, 4);
  struct job *shared = malloc(sizeof *shared);
  pthread_create(&u, 0, run_bad, shared);
  shared->data = 2; // expected-race{{unprotected write to `shared->data`}}
  pthread_join(u, 0);
  return 0;
}
