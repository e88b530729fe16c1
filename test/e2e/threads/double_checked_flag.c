/* Lazy initialization of a CRC table. Checked once under the mutex, the
 * flag orders the fill before every user (a possible race at most: low,
 * once-init). Checked first without the mutex (double-checked locking on a
 * plain int), a thread that finds the flag set reads the table with no
 * order at all: the flag's read races with its write, and the table with
 * its fill, for certain. */
#include <pthread.h>
#include <stdint.h>

static pthread_mutex_t crc_lock = PTHREAD_MUTEX_INITIALIZER;
static int crc_ready;
static uint32_t crc_table[256];
static int fast_ready;
static uint32_t fast_table[256];

static void fill(uint32_t *t) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++)
      c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
}

static const uint32_t *crc_table_ok(void) {
  pthread_mutex_lock(&crc_lock);
  if (!crc_ready) {
    fill(crc_table);
    crc_ready = 1;
  }
  pthread_mutex_unlock(&crc_lock);
  return crc_table;
}

static const uint32_t *fast_table_bad(void) {
  if (!fast_ready) { // expected-race{{read of `fast_ready` without synchronization in 'fast_table_bad' (reached from 'uploader') races with the write in 'fast_table_bad'}}
    pthread_mutex_lock(&crc_lock);
    if (!fast_ready) {
      fill(fast_table);
      fast_ready = 1;
    }
    pthread_mutex_unlock(&crc_lock);
  }
  return fast_table;
}

static uint32_t crc32_buf(const uint32_t *t, const unsigned char *p, int n) {
  uint32_t c = 0xffffffffu;
  while (n--)
    c = t[(c ^ *p++) & 0xff] ^ (c >> 8); // expected-low-race{{read of `crc_table[]` without synchronization in 'crc32_buf' (reached from 'uploader') races with the write in 'fill' [low: array elements are merged, and threads may each use their own; it is in a once-only initialization under a flag}}
  return c ^ 0xffffffffu;
}

static void *uploader(void *arg) {
  const unsigned char *chunk = arg;
  uint32_t a = crc32_buf(crc_table_ok(), chunk, 64);
  uint32_t b = crc32_buf(fast_table_bad(), chunk, 64);
  return (void *)(uintptr_t)(a ^ b);
}

int main(void) {
  static unsigned char data[2][64];
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, uploader, data[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
