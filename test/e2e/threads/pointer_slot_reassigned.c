// The consumer gets the address of main's buffer pointer, not the buffer:
// main then stores a new allocation into that pointer while the consumer
// may read it. The allocation is new to the running thread, but the pointer
// variable it is stored into is not.
#include <pthread.h>
#include <stdlib.h>

static void *consume_bad(void *arg) {
  char **slot = arg;
  char *buf = *slot; // expected-race{{read of `buf` without synchronization in 'consume_bad' races with the write in 'main'}}
  return buf;
}

int main(void) {
  char *buf = 0;
  pthread_t t;
  pthread_create(&t, 0, consume_bad, &buf);
  buf = malloc(64);
  pthread_join(t, 0);
  free(buf);
  return 0;
}
