/* A worker pool in the style of memcached's thread setup: main fills an
   array of per-thread state and starts one worker per slot, handing each
   the address of its own slot (`&workers[i]`), directly or through a
   create_worker() helper. Each worker writes only its own slot, so two
   instances never touch the same element.
   Twins: a worker that also writes a neighbour's slot through the global
   array; a second round of starts over the same slots while the first
   round still runs (an outer loop); a loop that skips ahead by changing
   its counter in the body; and a helper that starts two threads on the
   one slot it was given. */
#include <pthread.h>
#include <stdio.h>

#define NWORKERS 4

struct worker {
  pthread_t tid;
  int id;
  long handled;
  long stats;
};

static struct worker workers[NWORKERS];

static void *worker_main_ok(void *arg) {
  struct worker *me = arg;
  me->handled += 1;
  me->stats = me->handled * 2;
  return NULL;
}

/* Started through a helper, like memcached_thread_init. */
static struct worker pool[NWORKERS];

static void *pool_main_ok(void *arg) {
  struct worker *me = arg;
  me->handled++;
  return NULL;
}

static void create_worker(struct worker *w) {
  pthread_create(&w->tid, NULL, pool_main_ok, w);
}

void start_pool_ok(void) {
  for (int i = 0; i < NWORKERS; i++)
    create_worker(&pool[i]);
}

/* Writes its neighbour's slot as well. */
static struct worker ring[NWORKERS];

static void *ring_main(void *arg) {
  struct worker *me = arg;
  me->handled++;
  ring[0].stats++; // expected-low-race{{unprotected write to `ring[].stats` in 'ring_main' races with itself on another thread}}
  return NULL;
}

void start_ring(void) {
  for (int i = 0; i < NWORKERS; i++)
    pthread_create(&ring[i].tid, NULL, ring_main, &ring[i]);
}

/* Two rounds over the same slots, nobody joined in between. */
static struct worker rounds[NWORKERS];

static void *round_main_bad(void *arg) {
  struct worker *me = arg;
  me->handled++; // expected-low-race{{unprotected write to `rounds[].handled` in 'round_main_bad' races with itself on another thread}}
  return NULL;
}

void start_rounds(void) {
  for (int r = 0; r < 2; r++)
    for (int i = 0; i < NWORKERS; i++)
      pthread_create(&rounds[i].tid, NULL, round_main_bad, &rounds[i]);
}

/* The counter changes in the body: the same slot may come twice. */
static struct worker skips[NWORKERS];

static void *skip_main_bad(void *arg) {
  struct worker *me = arg;
  me->handled++; // expected-low-race{{unprotected write to `skips[].handled` in 'skip_main_bad' races with itself on another thread}}
  return NULL;
}

void start_skips(int back) {
  for (int i = 0; i < NWORKERS; i++) {
    pthread_create(&skips[i].tid, NULL, skip_main_bad, &skips[i]);
    if (back)
      i--;
  }
}

/* A helper that starts two threads on the one slot. */
static struct worker pairs[NWORKERS];
static pthread_t pair_tids[2];

static void *pair_main_bad(void *arg) {
  struct worker *me = arg;
  me->handled++; // expected-low-race{{unprotected write to `pairs[].handled` in 'pair_main_bad' races with itself on another thread}}
  return NULL;
}

static void create_pair(struct worker *w) {
  for (int k = 0; k < 2; k++)
    pthread_create(&pair_tids[k], NULL, pair_main_bad, w);
}

void start_pairs(void) {
  for (int i = 0; i < NWORKERS; i++)
    create_pair(&pairs[i]);
}

int main(int argc, char **argv) {
  (void)argv;
  for (int i = 0; i < NWORKERS; i++) {
    workers[i].id = i;
    pthread_create(&workers[i].tid, NULL, worker_main_ok, &workers[i]);
  }
  start_pool_ok();
  start_ring();
  start_rounds();
  start_skips(argc > 2);
  start_pairs();
  for (int i = 0; i < NWORKERS; i++)
    pthread_join(workers[i].tid, NULL);
  printf("%ld\n", workers[0].handled);
  return 0;
}
