/* GCC's __atomic_* and legacy __sync_* builtins are atomic: no race. */
#include <pthread.h>

// expected-no-races

static long g_refcount;
static int g_ready;
static unsigned long g_generation;

static void *retain_release_ok(void *arg) {
  (void)arg;
  __atomic_fetch_add(&g_refcount, 1, __ATOMIC_ACQ_REL);
  __sync_fetch_and_add(&g_generation, 1);
  while (!__atomic_load_n(&g_ready, __ATOMIC_ACQUIRE))
    ;
  __sync_sub_and_fetch(&g_refcount, 1);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, retain_release_ok, NULL);
  pthread_create(&b, NULL, retain_release_ok, NULL);
  __atomic_store_n(&g_ready, 1, __ATOMIC_RELEASE);
  __sync_bool_compare_and_swap(&g_generation, 0, 1);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return (int)__atomic_load_n(&g_refcount, __ATOMIC_SEQ_CST);
}
