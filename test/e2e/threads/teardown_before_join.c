/* A stop function that tears down before it joins, or joins on one path
   only: the worker started with the global handle may still be running. */
#include <pthread.h>

static pthread_t g_poller;
static pthread_t g_flusher;
static long g_packets;
static long g_flushed;
extern int g_fast_exit;

static void *poller_main(void *arg) {
  (void)arg;
  g_packets++; // expected-race{{unprotected write to `g_packets`}}
  return NULL;
}

static void *flusher_main(void *arg) {
  (void)arg;
  g_flushed++; // expected-race{{unprotected write to `g_flushed`}}
  return NULL;
}

static void stop_poller_bad(void) {
  g_packets = 0;
  pthread_join(g_poller, NULL);
}

static void stop_flusher_bad(void) {
  if (!g_fast_exit)
    pthread_join(g_flusher, NULL);
  g_flushed = 0;
}

int main(void) {
  pthread_create(&g_poller, NULL, poller_main, NULL);
  pthread_create(&g_flusher, NULL, flusher_main, NULL);
  stop_poller_bad();
  stop_flusher_bad();
  return 0;
}
