// Striped locks: an array of mutexes, each guarding its own counters. A
// constant index names one lock, so two constant indices are two locks: the
// statistics updated under stripe 1 by one thread and stripe 2 by the other
// are not protected. The same stripe on both sides is. An unlock through a
// pointer to the element releases the lock taken by its constant index.
#include <pthread.h>

static pthread_mutex_t stripe[4] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static long hits_ok, misses_bad, evictions_bad;

struct cache_shard {
  pthread_mutex_t locks[2];
  long size;
};
static struct cache_shard shard = {
    {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER}, 0};

static void *lookup_thread(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stripe[1]);
  hits_ok++;
  misses_bad++; // expected-race{{write to `misses_bad` under `stripe[1]` in 'lookup_thread' races with the write under `stripe[2]` in 'main' (no common lock)}}
  pthread_mutex_unlock(&stripe[1]);

  pthread_mutex_t *l = &stripe[3];
  pthread_mutex_lock(&stripe[3]);
  pthread_mutex_unlock(l);
  evictions_bad++; // expected-race{{unprotected write to `evictions_bad` in 'lookup_thread' races with the write in 'main'}}

  pthread_mutex_lock(&shard.locks[0]);
  shard.size++;
  pthread_mutex_unlock(&shard.locks[0]);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, lookup_thread, 0);
  pthread_mutex_lock(&stripe[1]);
  hits_ok++;
  pthread_mutex_unlock(&stripe[1]);
  pthread_mutex_lock(&stripe[2]);
  misses_bad++;
  pthread_mutex_unlock(&stripe[2]);
  pthread_mutex_lock(&stripe[3]);
  evictions_bad++;
  pthread_mutex_unlock(&stripe[3]);
  pthread_mutex_lock(&shard.locks[0]);
  shard.size--;
  pthread_mutex_unlock(&shard.locks[0]);
  pthread_join(t, 0);
  return 0;
}
