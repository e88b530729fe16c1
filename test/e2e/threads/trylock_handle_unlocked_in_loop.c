// A helper returns the item lock it managed to take (or NULL), and the caller lets it go on one branch
// only, inside a loop that also drops and retakes its own lock: the caller's outer lock still protects
// the shared counter touched in the loop. The twin touches it in a thread that holds no lock.
#include <pthread.h>
#include <stddef.h>

pthread_mutex_t outer = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t inner = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t item_locks[16];
int moved;
int evicted;
int busy;

static pthread_mutex_t *item_trylock(unsigned hv) {
  pthread_mutex_t *l = &item_locks[hv & 15];
  if (pthread_mutex_trylock(l) == 0)
    return l;
  return NULL;
}

static void move_items(void) {
  pthread_mutex_lock(&inner);
  for (unsigned x = 0; x < 10; x++) {
    pthread_mutex_t *h = item_trylock(x);
    int st = 0;
    if (h) {
      st = busy ? 1 : 2;
      if (st == 1)
        pthread_mutex_unlock(h);
    }
    pthread_mutex_unlock(&inner);
    if (st == 2)
      moved++; // under outer, held by every caller
    pthread_mutex_lock(&inner);
  }
  pthread_mutex_unlock(&inner);
}

static void *mover_ok(void *arg) {
  pthread_mutex_lock(&outer);
  move_items();
  pthread_mutex_unlock(&outer);
  return NULL;
}

static void *counter_ok(void *arg) {
  pthread_mutex_lock(&outer);
  moved = 0;
  pthread_mutex_unlock(&outer);
  return NULL;
}

static void *evictor_bad(void *arg) {
  pthread_mutex_lock(&outer);
  move_items();
  pthread_mutex_unlock(&outer);
  evicted++; // expected-race{{unprotected write to `evicted` in 'evictor_bad'}}
  return NULL;
}

int main(void) {
  pthread_t a, b, c, d;
  pthread_create(&a, NULL, mover_ok, NULL);
  pthread_create(&b, NULL, counter_ok, NULL);
  pthread_create(&c, NULL, evictor_bad, NULL);
  pthread_create(&d, NULL, evictor_bad, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_join(c, NULL);
  pthread_join(d, NULL);
  return 0;
}
