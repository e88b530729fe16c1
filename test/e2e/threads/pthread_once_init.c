// A TLS library sets up its cipher table once, through pthread_once. The
// init routine runs on whichever handshake thread gets there first, and
// every handshake calls pthread_once before using what it set: ordered.
// The health endpoint reads the ready flag without pthread_once: it may run
// while the init routine writes it.
#include <pthread.h>
#include <stddef.h>

static pthread_once_t lib_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t err_mu = PTHREAD_MUTEX_INITIALIZER;
static const char *g_ciphers[4];
static int g_ncipher;
static long g_errors;
static int g_ready;

static void lib_init(void) {
  g_ciphers[0] = "TLS_AES_128_GCM_SHA256";
  g_ncipher = 1;
  g_errors = 0;
  g_ready = 1;
}

static void *handshake(void *arg) {
  (void)arg;
  pthread_once(&lib_once, lib_init);
  if (g_ncipher == 0 || g_ciphers[0] == NULL) {
    pthread_mutex_lock(&err_mu);
    g_errors++;
    pthread_mutex_unlock(&err_mu);
  }
  return NULL;
}

static void *health(void *arg) {
  (void)arg;
  return (void *)(long)g_ready; // expected-race{{read of `g_ready` without synchronization in 'health' races with the write in 'lib_init'}}
}

int main(void) {
  pthread_t h1, h2, hc;
  pthread_create(&h1, NULL, handshake, NULL);
  pthread_create(&h2, NULL, handshake, NULL);
  pthread_create(&hc, NULL, health, NULL);
  pthread_join(h1, NULL);
  pthread_join(h2, NULL);
  pthread_join(hc, NULL);
  return (int)g_errors;
}
