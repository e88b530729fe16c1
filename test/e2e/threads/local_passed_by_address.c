/* main keeps the shared totals on its own stack and hands their address to the workers. */
#include <pthread.h>

struct totals {
  long rows;
  long errors;
};

static void *import_rows_bad(void *arg) {
  struct totals *t = arg;
  t->rows += 100; // expected-race{{rows` in 'import_rows_bad' races with}}
  return NULL;
}

int main(void) {
  struct totals totals = {0, 0};
  pthread_t a, b;
  pthread_create(&a, NULL, import_rows_bad, &totals);
  pthread_create(&b, NULL, import_rows_bad, &totals);
  totals.errors = 0; /* no thread touches errors */
  long r = totals.rows; // expected-race{{read of `totals.rows` without synchronization in 'main'}}
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return (int)r;
}
