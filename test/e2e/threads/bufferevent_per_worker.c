/* libevent's bufferevents: each worker thread runs the loop of its own
 * base, and a session's bufferevent is created on a worker's base
 * (`s->bev = bufferevent_socket_new(w->base, fd, 0)`) and given its
 * callbacks by bufferevent_setcb. The session callbacks run on every
 * worker at once: their write of a global races with itself. The admin
 * connection's bufferevent is created on main_base, whose loop only the
 * main thread runs: what only its callback touches does not race.
 * (libevent's declarations, as its headers have them.) */
#include <pthread.h>
#include <stddef.h>

struct event_base;
struct bufferevent;
typedef void (*bufferevent_data_cb)(struct bufferevent *bev, void *ctx);
typedef void (*bufferevent_event_cb)(struct bufferevent *bev, short what,
                                     void *ctx);
struct event_base *event_base_new(void);
struct bufferevent *bufferevent_socket_new(struct event_base *base, int fd,
                                           int options);
void bufferevent_setcb(struct bufferevent *bufev, bufferevent_data_cb readcb,
                       bufferevent_data_cb writecb, bufferevent_event_cb eventcb,
                       void *cbarg);
int event_base_dispatch(struct event_base *base);

typedef struct {
  pthread_t tid;
  struct event_base *base;
} worker;

typedef struct {
  struct bufferevent *bev;
  int fd;
} session;

typedef struct {
  struct bufferevent *bev;
} admin_conn;

static worker workers[4];
static session sessions[4];
static admin_conn admin;
static struct event_base *main_base;

static long bytes_in;    /* every worker */
static long closed;      /* every worker */
static long admin_reads; /* the main thread's loop only */

static void on_read(struct bufferevent *bev, void *ctx) {
  (void)bev, (void)ctx;
  bytes_in++; // expected-race{{unprotected write to `bytes_in` in 'on_read' (reached from 'worker_main') races with itself on another thread}}
}

static void on_event(struct bufferevent *bev, short what, void *ctx) {
  (void)bev, (void)what, (void)ctx;
  closed++; // expected-race{{unprotected write to `closed` in 'on_event' (reached from 'worker_main') races with itself on another thread}}
}

static void admin_read_ok(struct bufferevent *bev, void *ctx) {
  (void)bev, (void)ctx;
  admin_reads++;
}

static void *worker_main(void *arg) {
  worker *w = arg;
  event_base_dispatch(w->base);
  return NULL;
}

static void open_session(worker *w, session *s, int fd) {
  s->fd = fd;
  s->bev = bufferevent_socket_new(w->base, fd, 0);
  bufferevent_setcb(s->bev, on_read, NULL, on_event, s);
}

int main(void) {
  main_base = event_base_new();
  admin.bev = bufferevent_socket_new(main_base, 0, 0);
  bufferevent_setcb(admin.bev, admin_read_ok, NULL, NULL, &admin);
  for (int i = 0; i < 4; i++) {
    workers[i].base = event_base_new(); // expected-low-race{{unprotected write to `workers[].base` in 'main' races with the read in 'worker_main' [low: array elements are merged}}
    open_session(&workers[i], &sessions[i], i + 3);
    pthread_create(&workers[i].tid, NULL, worker_main, &workers[i]);
  }
  event_base_dispatch(main_base);
  return 0;
}
