// A thread calls through a function pointer set at run time: the callee is
// not followed, so its write is not seen and the verdict cannot be
// race-free. (A pointer that keeps its initializer is followed:
// function_pointer_initializer_ok.c.)
// expected-verdict{{unknown (unresolved-call}}
#include <pthread.h>

int shared;
void step(void) { shared++; }
void (*hook)(void);

void *worker(void *arg) {
  (void)arg;
  hook(); // FIXME-race{{unprotected write to `shared`}}
  return 0;
}

int main(void) {
  pthread_t t;
  hook = step;
  pthread_create(&t, 0, worker, 0);
  shared++;
  pthread_join(t, 0);
  return 0;
}
