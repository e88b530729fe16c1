// `if (i) lock; ...; if (i) unlock;`: the branches are correlated, which the
// analysis does not track, so the access between them looks unprotected on
// the path that skipped the lock. Only possible: a low finding.
#include <pthread.h>

int glob;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
extern int want(void);

void *t_fun(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  glob++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  int i = want();
  pthread_t id;
  pthread_create(&id, 0, t_fun, 0);
  if (i)
    pthread_mutex_lock(&m);
  if (i)
    glob++; // expected-low-race{{locks a mutex under a condition}}
  if (i)
    pthread_mutex_unlock(&m);
  pthread_join(id, 0);
  return 0;
}
