// A helper starts the thread its parameter names. The call that names bump
// starts it (one thread: no race by itself); the call that passes a function
// pointer read from a variable that only ever holds bump starts bump a
// second time: the two race.
// expected-verdict{{verdict: race}}
#include <pthread.h>

int shared;
void *(*configured)(void *);

static void start(pthread_t *t, void *(*fn)(void *)) {
  pthread_create(t, 0, fn, 0);
}

void *bump(void *arg) {
  (void)arg;
  shared++; // expected-race{{unprotected write to `shared` in 'bump' races with itself on another thread}}
  return 0;
}

int main(void) {
  pthread_t a, c;
  configured = bump;
  start(&a, bump);
  start(&c, configured);
  pthread_join(a, 0);
  pthread_join(c, 0);
  return 0;
}
