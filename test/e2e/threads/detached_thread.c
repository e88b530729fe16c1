/* A detached reaper is never joined: everything main does after starting it may run concurrently. */
#include <pthread.h>
#include <unistd.h>

static int g_reap_interval;
static long g_reaped;

static void *reaper_bad(void *arg) {
  (void)arg;
  for (;;) {
    sleep((unsigned)g_reap_interval);
    g_reaped++;
  }
  return NULL;
}

int main(void) {
  g_reap_interval = 5;
  pthread_t r;
  pthread_create(&r, NULL, reaper_bad, NULL);
  pthread_detach(r);
  g_reap_interval = 1; // expected-race{{unprotected write to `g_reap_interval` in 'main' races with the read in 'reaper_bad'}}
  return 0;
}
