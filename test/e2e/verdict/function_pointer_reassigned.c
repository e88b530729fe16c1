// The hook keeps its initializer in this file, but another path stores a
// different function into it: a call through it may reach either. The call
// is analysed as its initializer's, and the verdict says that this was
// assumed.
// expected-no-races
// expected-verdict{{verdict: unknown (unresolved-call)}}
#include <pthread.h>

static long stats;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static void *count_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stats_lock);
  stats++;
  pthread_mutex_unlock(&stats_lock);
  return 0;
}

static void reset_stats(void) {
  pthread_mutex_lock(&stats_lock);
  stats = 0;
  pthread_mutex_unlock(&stats_lock);
}
static void keep_stats(void) {}

void (*on_start)(void) = reset_stats;

int main(int argc, char **argv) {
  (void)argv;
  if (argc > 2)
    on_start = keep_stats;
  pthread_t t;
  pthread_create(&t, 0, count_ok, 0);
  on_start();
  pthread_join(t, 0);
  return 0;
}
