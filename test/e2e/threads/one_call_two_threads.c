// main's periodic tick makes one call that races with two different threads:
// with the table's maintenance thread on its expansion flag, and with the
// workers on the auth table it reloads. Those are two causes (fixing one
// leaves the other), so two reports, each naming its own variable and
// thread. Through that call, the variables that race with one thread stay
// one report, the others its notes (memcached's `started_expanding`, fixed
// in 4575e1f, was a note under an unrelated auth-file report).
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static int expanding;  // the maintenance thread's flag
static int hash_power; // grown by the maintenance thread
static int auth_count; // read by the workers
static const char **auth_names;
static pthread_mutex_t maintenance_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t auth_lock = PTHREAD_MUTEX_INITIALIZER;

static void *maintenance_thread(void *arg) {
  for (;;) {
    pthread_mutex_lock(&maintenance_lock);
    hash_power++;
    expanding = 0;
    pthread_mutex_unlock(&maintenance_lock);
    sleep(1);
  }
  return arg;
}

static void *worker(void *arg) {
  long found = 0;
  pthread_mutex_lock(&auth_lock);
  for (int i = 0; i < auth_count; i++)
    found += auth_names[i] != NULL;
  pthread_mutex_unlock(&auth_lock);
  return (void *)found;
}

static void start_expand_bad(int items) {
  if (items < (3 << hash_power) / 2) // a note: same thread, same call
    return;
  expanding = 1; // expected-race{{unprotected write to `expanding` in 'start_expand_bad' (reached from 'main') races with the write in 'maintenance_thread'}}
}

static void reload_auth_bad(void) {
  auth_names = calloc(4, sizeof(*auth_names));
  auth_count = 4; // expected-race{{unprotected write to `auth_count` in 'reload_auth_bad' (reached from 'main') races with the read in 'worker'}}
}

static void clock_tick(int items) {
  start_expand_bad(items);
  reload_auth_bad();
}

int main(void) {
  pthread_t m, w[2];
  pthread_create(&m, NULL, maintenance_thread, NULL);
  for (int i = 0; i < 2; i++)
    pthread_create(&w[i], NULL, worker, NULL);
  for (int t = 0; t < 100; t++) {
    clock_tick(t * 1000);
    sleep(1);
  }
  return 0;
}
