// The entry of a thread is a function pointer read from a variable set to
// a value racecar cannot name (a plugin's symbol): the thread is not
// analysed, so nothing can be proved. (Set to bump:
// thread_entry_from_variable.c.)
// expected-verdict{{unknown (unknown-thread}}
#include <pthread.h>

int shared;
void *(*entry)(void *);
void *(*find_plugin_entry(const char *name))(void *);

void *bump(void *arg) {
  (void)arg;
  shared++; // FIXME-race{{unprotected write to `shared`}}
  return 0;
}

int main(void) {
  pthread_t t;
  entry = find_plugin_entry("bump");
  pthread_create(&t, 0, entry, 0);
  shared++;
  pthread_join(t, 0);
  return 0;
}
