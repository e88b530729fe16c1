// A server picks its threads' work with a mode global compared with
// constants (redis's io_threads_op, server.verbosity). An IO thread
// reaches the command code only through `io_ops == OP_READ` and then
// `io_ops == OP_IDLE`: no value passes both, unless the mode changes in
// between, so that race is low (mode-exclusive), not high. A counter main
// resets only when `cfg.verbose == 0` and the stats thread bumps only when
// it is not is the same, between two sides. Code whose tests agree races at
// full confidence (a peak main writes when `cfg.verbose >= 2` and the stats
// thread when it is not 0; the IO threads' unlocked close path, which both
// take when `cfg.threads == 1`), and so does the mode flag itself, read by
// the threads while main writes it.
#include <pthread.h>

#define OP_IDLE 0
#define OP_READ 1

int io_ops;
struct config {
  int threads;
  int verbose;
} cfg;
static long evicted;
static long to_close;
static long bytes_read;
static long report_total;
static long peak;
static pthread_mutex_t close_lock = PTHREAD_MUTEX_INITIALIZER;

static void evict(void) { evicted++; } // expected-low-race{{unprotected write to `evicted` in 'evict' (reached from 'main') races with the write in 'evict' [low: it needs `io_ops == 0` and the other side `io_ops == 1`}}
static void process_command(void) { evict(); }

static void process_input(void) {
  bytes_read += 16; // expected-race{{unprotected write to `bytes_read` in 'process_input' (reached from 'io_main_bad') races with the write in 'process_input'}}
  if (io_ops != OP_IDLE)
    return;
  process_command();
}

static void close_async(void) {
  if (cfg.threads == 1) {
    to_close++; // expected-race{{unprotected write to `to_close` in 'close_async' (reached from 'io_main_bad') races with the write in 'close_async'}}
    return;
  }
  pthread_mutex_lock(&close_lock);
  to_close++;
  pthread_mutex_unlock(&close_lock);
}

static void *io_main_bad(void *arg) {
  (void)arg;
  if (io_ops == OP_READ)
    process_input();
  close_async();
  return 0;
}

static void *stats_main_bad(void *arg) {
  (void)arg;
  if (cfg.verbose != 0) {
    report_total++;
    peak = report_total;
  }
  return 0;
}

int main(void) {
  pthread_t t[2], stats;
  cfg.threads = 3;
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, io_main_bad, 0);
  pthread_create(&stats, 0, stats_main_bad, 0);
  io_ops = OP_IDLE; // expected-race{{unprotected write to `io_ops` in 'main' races with the read in 'process_input'}}
  process_input();
  close_async();
  if (cfg.verbose == 0)
    report_total = 0; // expected-low-race{{unprotected write to `report_total` in 'main' races with the write in 'stats_main_bad' [low: it needs `cfg.verbose == 0` and the other side `cfg.verbose != 0`}}
  if (cfg.verbose >= 2)
    peak = 0; // expected-race{{unprotected write to `peak` in 'main' races with the write in 'stats_main_bad'}}
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  pthread_join(stats, 0);
  return 0;
}
