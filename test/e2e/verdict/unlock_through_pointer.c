// `unlock(m)` where m is one of two mutexes: which lock it releases is not
// known, so mutex1 is taken to stay held; the verdict says so.
// expected-verdict{{unknown (unknown-lock}}
#include <pthread.h>

int myglobal;
pthread_mutex_t mutex1 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t mutex2 = PTHREAD_MUTEX_INITIALIZER;
extern int choose(void);

void *t_fun(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mutex1);
  myglobal = myglobal + 1;
  pthread_mutex_unlock(&mutex1);
  return 0;
}

int main(void) {
  pthread_t id;
  pthread_mutex_t *m = &mutex1;
  if (choose())
    m = &mutex2;
  pthread_create(&id, 0, t_fun, 0);
  pthread_mutex_lock(&mutex1);
  pthread_mutex_unlock(m);
  myglobal = myglobal + 1; // FIXME-race{{unprotected}}
  pthread_mutex_unlock(&mutex1);
  pthread_join(id, 0);
  return 0;
}
