/* Two request workers bump a global counter without a lock; main reads it only after joining both. */
#include <pthread.h>
#include <stdio.h>

static long g_requests_served;

static void *serve_requests_bad(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++)
    g_requests_served++; // expected-race{{unprotected write to `g_requests_served` in 'serve_requests_bad' races with itself on another thread}}
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, serve_requests_bad, NULL);
  pthread_create(&b, NULL, serve_requests_bad, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld\n", g_requests_served); /* after both joins: ordered */
  return 0;
}
