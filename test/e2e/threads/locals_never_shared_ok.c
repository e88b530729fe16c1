/* Each worker uses only its own stack and a buffer it allocates itself; main's locals are never passed on. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// expected-no-races

static void *compress_block_ok(void *arg) {
  long id = (long)arg;
  char scratch[512];
  memset(scratch, (int)id, sizeof scratch);
  unsigned char *out = malloc(1024);
  for (int i = 0; i < 512; i++)
    out[i] = (unsigned char)(scratch[i] ^ 0x5a);
  int sum = 0;
  for (int i = 0; i < 512; i++)
    sum += out[i];
  free(out);
  return (void *)(long)sum;
}

int main(void) {
  int attempts = 0;
  long pending[4] = {0};
  pthread_t t1, t2;
  pthread_create(&t1, NULL, compress_block_ok, (void *)1);
  pthread_create(&t2, NULL, compress_block_ok, (void *)2);
  attempts++;
  pending[0] = attempts;
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return (int)pending[0];
}
