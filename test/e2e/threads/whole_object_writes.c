/* A statistics block cleared with memset, a configuration replaced by a
   struct assignment: each writes every field, so each races with a worker's
   access to one field. The locked twin clears under the lock the worker's
   increments hold. */
#include <pthread.h>
#include <string.h>

struct io_stats {
  long reads;
  long writes;
  long errors;
};

struct config {
  int level;
  int verbose;
};

static struct io_stats g_stats;
static struct io_stats g_locked_stats;
static pthread_mutex_t g_stats_mu = PTHREAD_MUTEX_INITIALIZER;
static struct config g_config;

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++) {
    g_stats.errors++; // expected-race{{unprotected write to `g_stats.errors`}}
    pthread_mutex_lock(&g_stats_mu);
    g_locked_stats.reads++;
    pthread_mutex_unlock(&g_stats_mu);
    if (g_config.verbose) // expected-race{{read of `g_config.verbose`}}
      g_stats.writes++; // expected-race{{unprotected write to `g_stats.writes`}}
  }
  return NULL;
}

static void reset_stats_bad(void) { memset(&g_stats, 0, sizeof g_stats); }

static void reset_locked_stats_ok(void) {
  pthread_mutex_lock(&g_stats_mu);
  memset(&g_locked_stats, 0, sizeof g_locked_stats);
  pthread_mutex_unlock(&g_stats_mu);
}

static void reload_config_bad(const struct config *fresh) { g_config = *fresh; }

int main(void) {
  pthread_t t;
  struct config fresh = {1, 1};
  pthread_create(&t, NULL, worker, NULL);
  reset_stats_bad();
  reset_locked_stats_ok();
  reload_config_bad(&fresh);
  pthread_join(t, NULL);
  return 0;
}
