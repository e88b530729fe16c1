// The entry of a thread is a function pointer read from a variable that
// only ever holds bump: the thread runs bump (summarize/IndirectCalls.h).
// A variable set to a value racecar cannot name:
// thread_entry_from_unknown_value.c.
// expected-verdict{{verdict: race}}
#include <pthread.h>

int shared;
void *(*entry)(void *);

void *bump(void *arg) {
  (void)arg;
  shared++; // expected-race{{unprotected write to `shared` in 'bump' races with the write in 'main'}}
  return 0;
}

int main(void) {
  pthread_t t;
  entry = bump;
  pthread_create(&t, 0, entry, 0);
  shared++;
  pthread_join(t, 0);
  return 0;
}
