// A race found is the verdict `race`.
// expected-verdict{{verdict: race}}
#include <pthread.h>

static int hits;

static void *worker_bad(void *arg) {
  (void)arg;
  hits++;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker_bad, 0);
  hits++; // expected-race{{unprotected write to `hits`}}
  pthread_join(t, 0);
  return 0;
}
