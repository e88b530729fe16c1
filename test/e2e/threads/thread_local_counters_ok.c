/* Per-thread statistics in thread-local storage are never shared. */
#include <pthread.h>

// expected-no-races

static __thread long tls_allocations;
static _Thread_local long tls_frees;

static void *allocator_stress_ok(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++) {
    tls_allocations++;
    if (i % 2)
      tls_frees++;
  }
  return (void *)(tls_allocations - tls_frees);
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, allocator_stress_ok, NULL);
  pthread_create(&b, NULL, allocator_stress_ok, NULL);
  tls_allocations = 5;
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
