// The address of `slots` is taken by its decay (`cursor = slots`), not by
// `&`: a write through `cursor` may be the other thread's `slots[0]`. The
// paths differ by name, so the race is missed, and the verdict says why.
// expected-verdict{{unknown (pointer-alias}}
#include <pthread.h>

int slots[4];
int *cursor;

void *writer(void *arg) {
  (void)arg;
  *cursor = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  cursor = slots;
  pthread_create(&t, 0, writer, 0);
  slots[0] = 2; // FIXME-race{{unprotected write}}
  pthread_join(t, 0);
  return 0;
}
