/* A whole struct passed by address to a function with no body in the scan
   (a library's loader) may be written there: a write racecar assumes,
   reported low, and it meets a worker's read of one of the struct's
   fields. A local passed the same way stays private. */
#include <pthread.h>
#include <stdio.h>

struct config {
  int verbose;
  int port;
};

static struct config g_cfg;
static int g_reloads;
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;

/* From a library the scan does not include. */
int load_config(const char *path, struct config *out);
int print_config(const struct config *cfg);

static void *reloader_bad(void *arg) {
  (void)arg;
  load_config("/etc/server.conf", &g_cfg); // expected-low-race{{unprotected write to `g_cfg` (passed to 'load_config') in 'reloader_bad' races with the read of `g_cfg.port` in 'worker_ok' [low: the write is assumed}}
  print_config(&g_cfg);
  return NULL;
}

static void *reloader_locked_ok(void *arg) {
  struct config fresh;
  (void)arg;
  load_config("/etc/server.conf", &fresh);
  pthread_mutex_lock(&g_lock);
  g_reloads++;
  pthread_mutex_unlock(&g_lock);
  return NULL;
}

static void *worker_ok(void *arg) {
  (void)arg;
  printf("%d\n", g_cfg.port);
  return NULL;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, NULL, reloader_bad, NULL);
  pthread_create(&b, NULL, reloader_locked_ok, NULL);
  pthread_create(&c, NULL, worker_ok, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_join(c, NULL);
  printf("%d\n", g_reloads);
  return 0;
}
