/* A memcached-shaped server on libevent: the main thread runs main_base's
 * loop, each worker thread runs the loop of its own base. A callback runs
 * on the thread that runs the loop it was registered with:
 *  - worker_notify, registered with each worker's base, runs on every
 *    worker at once: its write of a global races with itself;
 *  - clock_tick, registered with main_base, runs on the main thread only:
 *    what only it touches does not race, but the time it writes is read by
 *    the workers' callback;
 *  - on_readable is registered with a base handed in as a parameter (a
 *    loop racecar does not name), so it may run in every loop.
 * (libevent's declarations, as its header has them.) */
#include <pthread.h>
#include <stdlib.h>

struct event_base;
struct event {
  char opaque[128];
};
#define EV_READ 0x02
#define EV_PERSIST 0x10
struct event_base *event_base_new(void);
void event_set(struct event *ev, int fd, short events,
               void (*cb)(int, short, void *), void *arg);
int event_base_set(struct event_base *base, struct event *ev);
int event_add(struct event *ev, const void *timeout);
int event_base_loop(struct event_base *base, int flags);

typedef struct {
  pthread_t tid;
  struct event_base *base;
  struct event notify_event;
  int notify_fd;
} worker_thread;

typedef struct {
  int fd;
  struct event event;
} connection;

static worker_thread workers[4];
static struct event_base *main_base;
static struct event clock_event;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static long notifications;  /* written by every worker */
static long locked_notifications;
static volatile long current_time;
static long clock_ticks;    /* the clock callback's own */
static long readable_events; /* every loop */

static void clock_tick(int fd, short which, void *arg) {
  (void)fd, (void)which, (void)arg;
  clock_ticks++; /* main_base's loop only: one thread */
  current_time = clock_ticks; // expected-race{{unprotected write to `current_time` in 'clock_tick' (reached from 'main') races with the read in 'worker_notify'}}
}

static void on_readable(int fd, short which, void *arg) {
  connection *c = arg;
  (void)fd, (void)which;
  c->fd = -1; /* its own connection: registered with it, not checked */
  readable_events++; // expected-race{{unprotected write to `readable_events` in 'on_readable' (reached from 'main') races with the write in 'on_readable'}}
}

static void worker_notify(int fd, short which, void *arg) {
  (void)fd, (void)which, (void)arg;
  notifications++; // expected-race{{unprotected write to `notifications` in 'worker_notify' (reached from 'worker_main') races with itself on another thread}}
  pthread_mutex_lock(&stats_lock);
  locked_notifications++;
  pthread_mutex_unlock(&stats_lock);
  if (current_time > 100)
    return;
}

static void connection_new(int fd, struct event_base *base) {
  connection *c = calloc(1, sizeof *c);
  c->fd = fd;
  event_set(&c->event, fd, EV_READ | EV_PERSIST, on_readable, c);
  event_base_set(base, &c->event);
  event_add(&c->event, 0);
}

static void *worker_main(void *arg) {
  worker_thread *me = arg;
  event_base_loop(me->base, 0); // expected-low-race{{read of `workers[].base` without synchronization in 'worker_main' races with the write in 'setup_worker' [low: array elements are merged}}
  return NULL;
}

static void setup_worker(worker_thread *me) {
  me->base = event_base_new();
  event_set(&me->notify_event, me->notify_fd, EV_READ | EV_PERSIST,
            worker_notify, me);
  event_base_set(me->base, &me->notify_event);
  event_add(&me->notify_event, 0);
}

int main(void) {
  main_base = event_base_new();
  for (int i = 0; i < 4; i++) {
    setup_worker(&workers[i]);
    pthread_create(&workers[i].tid, NULL, worker_main, &workers[i]);
  }
  event_set(&clock_event, -1, 0, clock_tick, NULL);
  event_base_set(main_base, &clock_event);
  event_add(&clock_event, 0);
  connection_new(3, main_base);
  event_base_loop(main_base, 0);
  return 0;
}
