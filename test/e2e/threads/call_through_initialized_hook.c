/* A global hook that keeps its initializer: a call through it is a call of
   that function, whose race with the worker is found. */
#include <pthread.h>

static long g_events;

static void *worker_bad(void *arg) {
  (void)arg;
  g_events++; // expected-race{{unprotected write to `g_events`}}
  return 0;
}

static void clear_events(void) { g_events = 0; }

void (*g_on_start)(void) = &clear_events;

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker_bad, 0);
  (*g_on_start)();
  pthread_join(t, 0);
  return 0;
}
