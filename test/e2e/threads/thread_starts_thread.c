/* The listener thread starts a handler thread per connection; listener and handlers share the connection count. */
#include <pthread.h>

static int g_open_connections;

static void *handle_connection_bad(void *arg) {
  (void)arg;
  g_open_connections--; // expected-race{{unprotected write to `g_open_connections` in 'handle_connection_bad'}}
  return NULL;
}

static void *listener_bad(void *arg) {
  (void)arg;
  for (int i = 0; i < 10; i++) {
    pthread_t h;
    g_open_connections++;
    pthread_create(&h, NULL, handle_connection_bad, NULL);
    pthread_detach(h);
  }
  return NULL;
}

int main(void) {
  pthread_t l;
  pthread_create(&l, NULL, listener_bad, NULL);
  pthread_join(l, NULL);
  return 0;
}
