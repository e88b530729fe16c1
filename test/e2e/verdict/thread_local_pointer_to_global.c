// A thread-local pointer names the thread's own object only when the thread
// stores its own allocation in it (thread_local_pointer_to_linked_object.c).
// Here every thread points its pointer at one global counter: the counter
// races, racecar misses it (each thread's `*my_total` is taken for its own
// object), and the store that broke the rule keeps the verdict from
// saying race-free.
// expected-verdict{{unknown-pointer at thread_local_pointer_to_global.c:15}}
#include <pthread.h>

static long shared_total;
static __thread long *my_total;

static void *counter(void *arg) {
  (void)arg;
  my_total = &shared_total;
  for (int i = 0; i < 100; i++)
    (*my_total)++; // FIXME-race{{one global counter through each thread's thread-local pointer}}
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, counter, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
