// Every thread calls pthread_once before it reads what the init routine
// wrote: the routine runs once, before any pthread_once returns. Race-free.
// expected-no-races
// expected-verdict{{race-free}}
#include <pthread.h>
#include <stddef.h>

static pthread_once_t codec_once = PTHREAD_ONCE_INIT;
static int g_table[64];
static int g_table_size;

static void build_table(void) {
  for (int i = 0; i < 64; i++)
    g_table[i] = (i * 31) & 63;
  g_table_size = 64;
}

static void *encoder(void *arg) {
  pthread_once(&codec_once, build_table);
  long k = (long)arg;
  return (void *)(long)(g_table_size ? g_table[k & 63] : 0);
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, encoder, (void *)1L);
  pthread_create(&b, NULL, encoder, (void *)2L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
