// A worker's one call into its request handler reaches several races. The
// races it reaches are one report at that call, the others its notes
// (`the call to 'handle_request' also races on ...`), except a field of an
// object that another thread touches under that object's own mutex: the
// object's lock shows how its fields are meant to be guarded, so breaking
// it is a report of its own (memcached's `l->dropped++` after unlocking
// `l->mutex`, fixed in 894974d, was a note under a settings read).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct conn_stats {
  pthread_mutex_t mutex;
  unsigned long dropped;
  unsigned long served;
};

static struct conn_stats *stats; // one, shared by every worker
static int verbose;              // set by the admin thread, read anywhere
static long requests;            // counted without a lock
static pthread_mutex_t totals_lock = PTHREAD_MUTEX_INITIALIZER;
static long totals;

static void handle_request(int full) {
  if (verbose) // reported at the admin's write
    printf("request\n");
  if (totals > 1000000) // a note: the collector writes it under a global lock
    return;
  requests++; // expected-race{{unprotected write to `requests` in 'handle_request' (reached from 'worker_bad') races with itself on another thread}}
  pthread_mutex_lock(&stats->mutex);
  if (full) {
    pthread_mutex_unlock(&stats->mutex);
    stats->dropped++; // expected-race{{unprotected write to `stats->dropped` in 'handle_request' (reached from 'worker_bad') races with the write in 'collector'}}
    return;
  }
  stats->served++;
  pthread_mutex_unlock(&stats->mutex);
}

static void *worker_bad(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++)
    handle_request(i & 1);
  return NULL;
}

// Drains the counters under the object's own mutex.
static void *collector(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&stats->mutex);
    pthread_mutex_lock(&totals_lock);
    totals += (long)(stats->dropped + stats->served);
    pthread_mutex_unlock(&totals_lock);
    stats->dropped = 0;
    stats->served = 0;
    pthread_mutex_unlock(&stats->mutex);
  }
  return NULL;
}

static void *admin(void *arg) {
  (void)arg;
  verbose = 1; // expected-race{{unprotected write to `verbose` in 'admin' races with the read in 'handle_request'}}
  return NULL;
}

int main(void) {
  pthread_t t[4];
  stats = calloc(1, sizeof(*stats));
  pthread_mutex_init(&stats->mutex, NULL);
  pthread_create(&t[0], NULL, collector, NULL);
  pthread_create(&t[1], NULL, admin, NULL);
  for (int i = 2; i < 4; i++)
    pthread_create(&t[i], NULL, worker_bad, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  printf("%ld %ld\n", requests, totals);
  return 0;
}
