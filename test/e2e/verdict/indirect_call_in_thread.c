// A thread calls through a function pointer set at run time to a value
// racecar cannot name (a plugin's symbol): the callee is not followed, so
// its write is not seen and the verdict cannot be race-free. (A pointer
// that only ever holds named functions is followed:
// function_pointer_stored_ok.c; one that keeps its initializer:
// function_pointer_initializer_ok.c.)
// expected-verdict{{unknown (unresolved-call}}
#include <pthread.h>

int shared;
void step(void) { shared++; }
void (*hook)(void);
void (*find_plugin_hook(const char *name))(void);

void *worker(void *arg) {
  (void)arg;
  hook(); // FIXME-race{{unprotected write to `shared`}}
  return 0;
}

int main(void) {
  pthread_t t;
  hook = find_plugin_hook("step");
  pthread_create(&t, 0, worker, 0);
  shared++;
  pthread_join(t, 0);
  return 0;
}
