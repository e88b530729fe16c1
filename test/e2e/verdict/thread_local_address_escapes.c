// Each thread publishes the address of its own thread-local counter in a
// global; another thread then writes through that pointer while the owner
// writes its counter directly. The owner's accesses to a thread-local are
// not recorded, so racecar cannot report this race; the verdict must not be
// race-free: memory behind the published pointer may be another thread's.
// expected-verdict{{verdict: unknown (pointer-alias at thread_local_address_escapes.c:20)}}
#include <pthread.h>
#include <stdlib.h>

static _Thread_local int hits;
static int *published;
static pthread_mutex_t pub_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&pub_lock);
  published = &hits;
  pthread_mutex_unlock(&pub_lock);
  pthread_mutex_lock(&pub_lock);
  *published = 2;
  pthread_mutex_unlock(&pub_lock);
  for (int i = 0; i < 100; i++)
    hits++; // FIXME-race{{thread-local written through another thread's pointer}}
  return NULL;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 1;
  pthread_t *tids = malloc(n * sizeof(pthread_t));
  if (!tids)
    return 1;
  for (int i = 0; i < n; i++)
    pthread_create(&tids[i], NULL, worker, NULL);
  for (int i = 0; i < n; i++)
    pthread_join(tids[i], NULL);
  free(tids);
  return 0;
}
