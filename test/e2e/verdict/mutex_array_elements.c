// An array of mutexes: `m[i]` and `m[4]` may be different mutexes, so the
// two increments may not be ordered. Elements of an array of locks are not
// told apart: the pair is taken as protected, which the verdict reports.
// expected-verdict{{unknown (lock-identity}}
#include <pthread.h>

int data;
pthread_mutex_t m[10];
extern int pick(void);

void *t_fun(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m[4]);
  data++;
  pthread_mutex_unlock(&m[4]);
  return 0;
}

int main(void) {
  int i = pick() % 10;
  pthread_t id;
  pthread_create(&id, 0, t_fun, 0);
  pthread_mutex_lock(&m[i]);
  data++; // FIXME-race{{different locks}}
  pthread_mutex_unlock(&m[i]);
  pthread_join(id, 0);
  return 0;
}
