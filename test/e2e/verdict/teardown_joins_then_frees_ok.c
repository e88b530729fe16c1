// A module's start function creates its worker with a global handle; the
// stop function joins it and only then tears down the state the worker
// used. The writes in the stop function come after the join on every path,
// so the worker is not running at them: race-free.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>
#include <stdlib.h>

struct stats {
  long packets;
  long bytes;
};

static pthread_t poller;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static struct stats totals;
static int poll_rounds;

static void *poll_loop(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++) {
    pthread_mutex_lock(&stats_lock);
    totals.packets++;
    totals.bytes += 64;
    pthread_mutex_unlock(&stats_lock);
  }
  poll_rounds = 100;
  return NULL;
}

static void module_start(void) {
  poll_rounds = 0;
  pthread_create(&poller, NULL, poll_loop, NULL);
}

static void reset_totals(void) {
  totals.packets = 0;
  totals.bytes = 0;
}

static void module_stop_ok(void) {
  void *status;
  pthread_join(poller, &status);
  reset_totals();      // after the join: the poller has ended
  poll_rounds = -1;
}

int main(void) {
  module_start();
  module_stop_ok();
  return 0;
}
