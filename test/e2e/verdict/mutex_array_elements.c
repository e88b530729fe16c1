// An array of mutexes: `m[i]` and `m[4]` may be different mutexes, so the
// two increments of one global may not be ordered: the element an index
// picks is a stripe, which guards one location only if every thread picked
// the same one (summarize/LockProtection.h).
// expected-verdict{{race}}
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
  data++; // expected-race{{write to `data` under `m[]` in 'main' races with the write under `m[4]` in 't_fun' (no common lock: each thread may hold another element of `m[]`)}}
  pthread_mutex_unlock(&m[i]);
  pthread_join(id, 0);
  return 0;
}
