/* C11 atomics never race: _Atomic objects and the atomic_* functions. */
#include <pthread.h>
#include <stdatomic.h>

// expected-no-races

static _Atomic long g_connections;
static atomic_int g_shutdown;
static atomic_long g_bytes;

static void *connection_handler_ok(void *arg) {
  (void)arg;
  g_connections++;
  atomic_fetch_add(&g_bytes, 4096);
  while (!atomic_load(&g_shutdown))
    atomic_fetch_add_explicit(&g_bytes, 1, memory_order_relaxed);
  g_connections--;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, connection_handler_ok, NULL);
  pthread_create(&t2, NULL, connection_handler_ok, NULL);
  atomic_store(&g_shutdown, 1);
  long now = g_connections;
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return (int)now;
}
