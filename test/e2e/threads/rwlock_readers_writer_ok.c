/* Readers take the read lock, the writer the write lock: reads and writes of the route table are ordered. */
#define _XOPEN_SOURCE 700
#include <pthread.h>

// expected-no-races

static int g_routes[32];
static int g_route_count;
static pthread_rwlock_t g_routes_lock = PTHREAD_RWLOCK_INITIALIZER;

static void *lookup_ok(void *arg) {
  int key = (int)(long)arg;
  pthread_rwlock_rdlock(&g_routes_lock);
  int hit = key < g_route_count ? g_routes[key] : -1;
  pthread_rwlock_unlock(&g_routes_lock);
  return (void *)(long)hit;
}

static void *update_ok(void *arg) {
  (void)arg;
  pthread_rwlock_wrlock(&g_routes_lock);
  g_routes[g_route_count % 32] = 7;
  g_route_count++;
  pthread_rwlock_unlock(&g_routes_lock);
  return NULL;
}

int main(void) {
  pthread_t r1, r2, w;
  pthread_create(&r1, NULL, lookup_ok, (void *)1);
  pthread_create(&r2, NULL, lookup_ok, (void *)2);
  pthread_create(&w, NULL, update_ok, NULL);
  pthread_join(r1, NULL);
  pthread_join(r2, NULL);
  pthread_join(w, NULL);
  return 0;
}
