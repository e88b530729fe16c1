/* The migration runs its phases one thread at a time: each is joined before the next starts. */
#include <pthread.h>

// expected-no-races

static long g_rows_migrated;
static int g_phase;

static void *copy_rows_ok(void *arg) {
  (void)arg;
  g_phase = 1;
  g_rows_migrated += 1000;
  return NULL;
}

static void *verify_rows_ok(void *arg) {
  (void)arg;
  g_phase = 2;
  return g_rows_migrated > 0 ? arg : NULL;
}

int main(void) {
  pthread_t copier, verifier;
  pthread_create(&copier, NULL, copy_rows_ok, NULL);
  pthread_join(copier, NULL);
  pthread_create(&verifier, NULL, verify_rows_ok, NULL);
  pthread_join(verifier, NULL);
  g_phase = 3;
  return (int)g_rows_migrated;
}
