// Every function stored into the hook (at run time, by assignment or
// through a setter's parameter) is named: a thread's call through it calls
// one of them, and none races, so the program is race-free. The twin
// function_pointer_stored_race.c stores one that races.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>

static long counter;
static pthread_mutex_t counter_lock = PTHREAD_MUTEX_INITIALIZER;

static void count_locked(void) {
  pthread_mutex_lock(&counter_lock);
  counter++;
  pthread_mutex_unlock(&counter_lock);
}

static void do_nothing(void) {}

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
  hook = do_nothing;
  if (argc > 1)
    set_hook(count_locked);
  pthread_create(&t, 0, worker, 0);
  count_locked();
  pthread_join(t, 0);
  return 0;
}
