/* Workers update a shared struct under the mutex that lives inside it: no race. */
#include <pthread.h>
#include <stdlib.h>

// expected-no-races

struct stats {
  pthread_mutex_t mu;
  long hits;
  long misses;
};

static void *record_ok(void *arg) {
  struct stats *s = arg;
  pthread_mutex_lock(&s->mu);
  s->hits++;
  if (s->hits % 7 == 0)
    s->misses++;
  pthread_mutex_unlock(&s->mu);
  return NULL;
}

int main(void) {
  struct stats *s = calloc(1, sizeof *s);
  pthread_mutex_init(&s->mu, NULL);
  pthread_t t[2];
  pthread_create(&t[0], NULL, record_ok, s);
  pthread_create(&t[1], NULL, record_ok, s);
  pthread_mutex_lock(&s->mu);
  long h = s->hits;
  pthread_mutex_unlock(&s->mu);
  pthread_join(t[0], NULL);
  pthread_join(t[1], NULL);
  return (int)h;
}
