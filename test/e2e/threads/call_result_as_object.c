/* A connection reached through a lookup's result used directly
   (`conn_at(fd)->bytes += n`, memcached's and redis's tables of
   connections): the table's slot, as when the result is bound first (low:
   array elements are merged), and the one listener's fields (high). Under
   the table's lock on both sides, no race; a lookup that allocates hands
   each caller its own. */
#include <pthread.h>
#include <stdlib.h>

struct conn {
  int state;
  long bytes;
};

static struct conn conns[64];
static pthread_mutex_t conns_lock = PTHREAD_MUTEX_INITIALIZER;

static struct {
  struct conn listener;
  int backlog;
} server;

static struct conn *conn_at(int fd) { return &conns[fd & 63]; }
static struct conn *listener(void) { return &server.listener; }
static struct conn *conn_new(void) { return calloc(1, sizeof(struct conn)); }

static void *io_thread(void *arg) {
  (void)arg;
  conn_at(3)->bytes += 10; /* expected-low-race{{`conns[].bytes`}} */
  listener()->bytes += 10; /* expected-race{{unprotected write to `server.listener.bytes` in 'io_thread' races with the read in 'main'}} */
  pthread_mutex_lock(&conns_lock);
  conn_at(4)->state = 1;
  pthread_mutex_unlock(&conns_lock);
  struct conn *mine = conn_new();
  conn_new()->state = 2;
  mine->bytes = 1;
  free(mine);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, io_thread, 0);
  pthread_mutex_lock(&conns_lock);
  conn_at(5)->state = 3;
  pthread_mutex_unlock(&conns_lock);
  long seen = conn_at(6)->bytes + listener()->bytes;
  conn_new()->bytes = seen;
  pthread_join(t, 0);
  return 0;
}
