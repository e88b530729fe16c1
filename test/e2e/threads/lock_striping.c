// Lock striping: a table split into shards, each guarded by its own element
// of an array of mutexes (`pthread_mutex_lock(&stripe[h % N])`). What lives
// in the shard is guarded by the shard's stripe; a single global counter
// updated under whichever stripe the thread picked is not: two threads in
// different shards update it at once (reported, naming the stripe). A
// counter that also takes one named mutex, or a stripe picked by a
// constant, is one lock for every thread.
#include <pthread.h>
#include <stdlib.h>

#define NSHARDS 8

struct item {
  struct item *next;
  unsigned id;
  size_t len;
};

struct shard {
  pthread_mutex_t mu;
  struct item *head;
  int count;
};

static struct shard shards[NSHARDS];
static pthread_mutex_t stripe[NSHARDS];
static int stripe_count[NSHARDS];
static long g_nitems;
static long g_bytes;
static long g_puts;
static long g_config_epoch;
static pthread_mutex_t g_stats_mu = PTHREAD_MUTEX_INITIALIZER;

static void store_put_bad(unsigned id, size_t len) {
  unsigned s = id % NSHARDS;
  struct item *it = malloc(sizeof *it);
  if (!it)
    abort();
  it->id = id;
  it->len = len;
  pthread_mutex_lock(&shards[s].mu);
  it->next = shards[s].head;
  shards[s].head = it;
  shards[s].count++;
  g_nitems++; // expected-race{{under `shards[].mu`}}
  pthread_mutex_unlock(&shards[s].mu);
}

static int store_del_bad(unsigned id) {
  unsigned s = id % NSHARDS;
  int found = 0;
  pthread_mutex_lock(&shards[s].mu);
  for (struct item **pp = &shards[s].head; *pp; pp = &(*pp)->next) {
    if ((*pp)->id == id) {
      struct item *dead = *pp;
      *pp = dead->next;
      shards[s].count--;
      g_bytes -= (long)dead->len; // expected-race{{each thread may hold another element of `shards[].mu`}}
      free(dead);
      found = 1;
      break;
    }
  }
  pthread_mutex_unlock(&shards[s].mu);
  return found;
}

static void account_ok(unsigned id, size_t len) {
  unsigned s = id % NSHARDS;
  pthread_mutex_lock(&stripe[s]);
  stripe_count[s]++;
  pthread_mutex_lock(&g_stats_mu);
  g_puts++;
  g_bytes += (long)len; // (the race is store_del_bad's, without g_stats_mu)
  pthread_mutex_unlock(&g_stats_mu);
  pthread_mutex_unlock(&stripe[s]);
}

static void bump_epoch_ok(void) {
  pthread_mutex_lock(&stripe[0]);
  g_config_epoch++;
  pthread_mutex_unlock(&stripe[0]);
}

static void *client(void *arg) {
  unsigned base = (unsigned)(unsigned long)arg;
  for (unsigned i = 0; i < 1000; i++) {
    store_put_bad(base + i, 64 + i % 32);
    account_ok(base + i, 64 + i % 32);
    if (i % 3 == 0)
      store_del_bad(base + i - 1);
    if (i % 100 == 0)
      bump_epoch_ok();
  }
  return NULL;
}

int main(void) {
  pthread_t c1, c2;
  for (int i = 0; i < NSHARDS; i++) {
    pthread_mutex_init(&stripe[i], NULL);
    pthread_mutex_init(&shards[i].mu, NULL);
  }
  pthread_create(&c1, NULL, client, (void *)0UL);
  pthread_create(&c2, NULL, client, (void *)5001UL);
  pthread_join(c1, NULL);
  pthread_join(c2, NULL);
  return (int)(g_nitems + g_bytes + g_puts + g_config_epoch);
}
