/* main reloads the configuration while the worker it started is still reading it. */
#include <pthread.h>

struct config {
  int max_clients;
  int verbose;
};

static struct config g_config;

static void *accept_loop_bad(void *arg) {
  (void)arg;
  int n = 0;
  for (int i = 0; i < g_config.max_clients; i++) // expected-race{{read of `g_config.max_clients` without synchronization in 'accept_loop_bad' races with the write in 'main'}}
    n++;
  return (void *)(long)n;
}

int main(void) {
  g_config.max_clients = 16; /* before create: ordered */
  pthread_t t;
  pthread_create(&t, NULL, accept_loop_bad, NULL);
  g_config.max_clients = 32;
  pthread_join(t, NULL);
  g_config.verbose = 1; /* after join: ordered */
  return 0;
}
