// Two global pointers to one counter: paths are compared by name, so
// `*g1` and `*g2` look like different memory and the race is missed. The
// verdict does not claim race-free: the access through a loaded pointer
// that may alias the other thread's write is an assumption.
// expected-verdict{{unknown (pointer-alias}}
#include <pthread.h>

int g;
int *g1;
int *g2;
pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;

void *t_fun(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mutex);
  (*g1)++;
  pthread_mutex_unlock(&mutex);
  return 0;
}

int main(void) {
  pthread_t id;
  g1 = g2 = &g;
  pthread_create(&id, 0, t_fun, 0);
  (*g2)++; // FIXME-race{{unprotected write}}
  pthread_join(id, 0);
  return 0;
}
