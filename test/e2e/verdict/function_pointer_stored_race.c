// As function_pointer_stored_ok.c, but one function stored into the hook
// (through the setter) writes the counter without its lock: the call
// through the hook races with main.
// expected-verdict{{verdict: race}}
#include <pthread.h>

static long counter;
static pthread_mutex_t counter_lock = PTHREAD_MUTEX_INITIALIZER;

static void count_locked(void) {
  pthread_mutex_lock(&counter_lock);
  counter++;
  pthread_mutex_unlock(&counter_lock);
}

static void count_unlocked(void) { counter++; } // expected-race{{unprotected write to `counter`}}

static void (*hook)(void);

static void set_hook(void (*fn)(void)) { hook = fn; }

static void *worker(void *arg) {
  (void)arg;
  hook();
  return 0;
}

int main(int argc, char **argv) {
  (void)argv;
  pthread_t t;
  hook = count_locked;
  if (argc > 1)
    set_hook(count_unlocked);
  pthread_create(&t, 0, worker, 0);
  count_locked();
  pthread_join(t, 0);
  return 0;
}
