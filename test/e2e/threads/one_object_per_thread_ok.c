/* Each worker gets its own freshly allocated context: nothing is shared between them. */
#include <pthread.h>
#include <stdlib.h>

// expected-no-races

struct shard_ctx {
  int shard;
  long rows;
};

static void *scan_shard_ok(void *arg) {
  struct shard_ctx *c = arg;
  for (int i = 0; i < 100; i++)
    c->rows += c->shard;
  return NULL;
}

int main(void) {
  struct shard_ctx *a = malloc(sizeof *a);
  struct shard_ctx *b = malloc(sizeof *b);
  a->shard = 1;
  b->shard = 2;
  a->rows = b->rows = 0;
  pthread_t ta, tb;
  pthread_create(&ta, NULL, scan_shard_ok, a);
  pthread_create(&tb, NULL, scan_shard_ok, b);
  pthread_join(ta, NULL);
  pthread_join(tb, NULL);
  long total = a->rows + b->rows;
  free(a);
  free(b);
  return (int)total;
}
