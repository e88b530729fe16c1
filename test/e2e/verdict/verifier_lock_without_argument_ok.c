// SV-COMP's lock written as a pair of atomic functions without an argument
// (`assume(MTX == 0); MTX = 1;`): one program-wide mutex. Threads update the
// counter only while holding it: race-free.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>

extern void assume_abort_if_not(int cond);
volatile int MTX = 0;
int counter;

void __VERIFIER_atomic_acquire() {
  assume_abort_if_not(MTX == 0);
  MTX = 1;
}
void __VERIFIER_atomic_release() {
  assume_abort_if_not(MTX == 1);
  MTX = 0;
}

void *worker_ok(void *arg) {
  (void)arg;
  __VERIFIER_atomic_acquire();
  counter++;
  __VERIFIER_atomic_release();
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker_ok, 0);
}
