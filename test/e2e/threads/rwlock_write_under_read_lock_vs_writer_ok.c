// A write under the read lock races with another reader's access, but not
// with an access under the write lock: the writer's lock excludes readers.
#define _XOPEN_SOURCE 700
#include <pthread.h>

static int seen;
static int hits;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

static void *writer_ok(void *arg) {
  (void)arg;
  pthread_rwlock_wrlock(&rw);
  int h = hits; // excluded by the write lock
  pthread_rwlock_unlock(&rw);
  return (void *)(long)h;
}

static void *reader(void *arg) {
  (void)arg;
  pthread_rwlock_rdlock(&rw);
  seen++; // expected-race{{unprotected write to `seen`}}
  pthread_rwlock_unlock(&rw);
  return 0;
}

int main(void) {
  pthread_t w, r1, r2;
  pthread_create(&w, 0, writer_ok, 0);
  pthread_create(&r1, 0, reader, 0);
  pthread_create(&r2, 0, reader, 0);
  pthread_rwlock_rdlock(&rw);
  hits++; // a write under the read lock, ordered with the writer only
  pthread_rwlock_unlock(&rw);
  pthread_join(w, 0);
  pthread_join(r1, 0);
  pthread_join(r2, 0);
  return 0;
}
