// An lvalue the frontend cannot name (a pointer made from an integer, a
// conditional between two pointers) is not paired with anything; the
// access is recorded as an assumption so the verdict is never race-free.
// expected-verdict{{unknown (unknown-pointer at unnamed_memory.c:14)}}
#include <pthread.h>
#include <stdint.h>

int a, b;
uintptr_t where;
extern int flip(void);

void *poke(void *arg) {
  (void)arg;
  *(int *)where = 1; // FIXME-race{{unprotected write}}
  return 0;
}

int main(void) {
  pthread_t t;
  where = (uintptr_t)&a;
  pthread_create(&t, 0, poke, 0);
  *(flip() ? &a : &b) = 2;
  pthread_join(t, 0);
  return a;
}
