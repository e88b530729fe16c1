// A protocol server's workers dispatch opcodes through a table of handler
// pointers that main fills before starting them; each worker copies the
// entry into a local and calls it if set (`h = g_handlers[op]; if (h)
// h(..)`), the usual null-checked form. The local only ever holds what the
// table holds, so the call reaches every handler stored in it: the stat
// handler's unlocked timestamp races between the workers, the ping
// handler's counter does not.
#include <pthread.h>
#include <stddef.h>

enum { OP_PING, OP_STAT, OP_QUIT, NOPS };

typedef int (*handler_fn)(int conn, const char *payload);

static handler_fn g_handlers[NOPS];
static pthread_mutex_t stats_mu = PTHREAD_MUTEX_INITIALIZER;
static long g_pings;
static long g_last_stat;

static int handle_ping(int conn, const char *payload) {
  (void)payload;
  pthread_mutex_lock(&stats_mu);
  g_pings++;
  pthread_mutex_unlock(&stats_mu);
  return conn;
}

static int handle_stat(int conn, const char *payload) {
  (void)payload;
  g_last_stat = conn; // expected-race{{unprotected write to `g_last_stat` in 'handle_stat'}}
  return conn;
}

static int handle_quit(int conn, const char *payload) {
  (void)payload;
  return -conn;
}

static void *event_worker(void *arg) {
  int conn = (int)(long)arg;
  for (int i = 0; i < 100; i++) {
    handler_fn h = g_handlers[i % NOPS];
    if (h && h(conn, "x") < 0)
      break;
  }
  return NULL;
}

int main(void) {
  g_handlers[OP_PING] = handle_ping;
  g_handlers[OP_STAT] = handle_stat;
  g_handlers[OP_QUIT] = handle_quit;
  pthread_t w1, w2;
  pthread_create(&w1, NULL, event_worker, (void *)3L);
  pthread_create(&w2, NULL, event_worker, (void *)4L);
  pthread_join(w1, NULL);
  pthread_join(w2, NULL);
  return (int)g_pings;
}
