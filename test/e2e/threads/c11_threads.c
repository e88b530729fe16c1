/* C11 <threads.h>: thrd_create/thrd_join and mtx_t work like their pthread counterparts. */
#include <threads.h>

static mtx_t g_index_lock;
static int g_index_entries;
static int g_index_misses;

static int indexer_bad(void *arg) {
  (void)arg;
  mtx_lock(&g_index_lock);
  g_index_entries++;
  mtx_unlock(&g_index_lock);
  g_index_misses++; // expected-race{{unprotected write to `g_index_misses` in 'indexer_bad' races with itself on another thread}}
  return 0;
}

int main(void) {
  mtx_init(&g_index_lock, mtx_plain);
  thrd_t a, b;
  thrd_create(&a, indexer_bad, NULL);
  thrd_create(&b, indexer_bad, NULL);
  thrd_join(a, NULL);
  thrd_join(b, NULL);
  return g_index_entries + g_index_misses; /* after the joins: ordered */
}
