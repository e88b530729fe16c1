// A semaphore initialized to 1 used as a mutex: sem_wait acquires, sem_post
// releases, so the workers' writes are ordered. Whether it admits one
// thread at a time depends on its count, which is not tracked: the verdict
// names the assumption.
// expected-no-races
// expected-verdict{{verdict: unknown (counting-lock}}
#include <pthread.h>
#include <semaphore.h>

static sem_t slot;
static int data;

static void *worker_ok(void *arg) {
  (void)arg;
  sem_wait(&slot);
  data += 1;
  sem_post(&slot);
  return 0;
}

int main(void) {
  pthread_t a, b;
  sem_init(&slot, 0, 1);
  pthread_create(&a, 0, worker_ok, 0);
  pthread_create(&b, 0, worker_ok, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return data;
}
