// A walk through a call: a loop that hands every element of an array, in
// turn, to a function of the program (`reap_idle(&conns[i], now)` for each
// connection) reads, in that function, the element itself of every
// element: it meets whichever connection another thread touches, so the
// race is not one of threads each using their own slot (merged-elements).
// Unless the function starts or joins a thread on the element: a loop that
// starts each worker on its slot, or joins each and reads its slot, visits
// one slot while the others run on theirs (low, as a direct read in such a
// loop is; threads/poll_every_slot.c).
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAXCONN 16
#define NWORKERS 4

enum conn_state { CONN_FREE, CONN_OPEN, CONN_CLOSING };

struct conn {
  pthread_mutex_t lock;
  int fd;
  enum conn_state state;
  long last_active;
  size_t outlen;
  char out[256];
};

static struct conn conns[MAXCONN];

static void conn_init(struct conn *c, int fd) {
  pthread_mutex_init(&c->lock, NULL);
  c->fd = fd;
  c->state = CONN_OPEN;
}

static int conn_queue(struct conn *c, const char *msg) {
  size_t n = strlen(msg);
  int rc = -1;
  pthread_mutex_lock(&c->lock);
  if (c->state == CONN_OPEN && c->outlen + n <= sizeof c->out) {
    memcpy(c->out + c->outlen, msg, n);
    c->outlen += n;
    rc = 0;
  }
  pthread_mutex_unlock(&c->lock);
  return rc;
}

static void conn_touch(struct conn *c, long now) {
  c->last_active = now; // expected-race{{unprotected write to `conns[].last_active` in 'conn_touch' (reached from 'io_thread') races with the read in 'reap_idle_bad'}}
}

// Under the connection's own lock, but the I/O thread stamps the time
// without it: whichever connection it touches, the reaper reads it too.
static int reap_idle_bad(struct conn *c, long now, long idle) {
  int closed = 0;
  pthread_mutex_lock(&c->lock);
  if (c->state == CONN_OPEN && now - c->last_active > idle) {
    c->state = CONN_CLOSING;
    c->outlen = 0;
    closed = 1;
  }
  pthread_mutex_unlock(&c->lock);
  return closed;
}

static void *io_thread(void *arg) {
  (void)arg;
  for (long now = 1; now <= 100; now++) {
    struct conn *c = &conns[now % MAXCONN];
    if (conn_queue(c, "PONG\r\n") == 0)
      conn_touch(c, now);
  }
  return NULL;
}

static void *reaper_thread(void *arg) {
  (void)arg;
  int reaped = 0;
  for (long now = 10; now <= 100; now += 10)
    for (int i = 0; i < MAXCONN; i++)
      reaped += reap_idle_bad(&conns[i], now, 30);
  return (void *)(long)reaped;
}

// Workers, each counting into its own slot.
struct slot {
  pthread_t tid;
  long done;
  long resumed_from;
};

static struct slot slots[NWORKERS];

static void *count_worker(void *p) {
  struct slot *s = p;
  for (int k = 0; k < 1000; k++)
    s->done++; // expected-low-race{{unprotected write to `slots[].done` in 'count_worker' races with the read in 'start_slot_ok' [low: array elements are merged}}
  return NULL;
}

// Reads its slot, then starts that slot's worker: the workers started
// before run on their own slots.
static void start_slot_ok(struct slot *s) {
  s->resumed_from = s->done;
  pthread_create(&s->tid, NULL, count_worker, s);
}

// Joins the slot's worker, then reads its slot: ordered by the join loop
// (the summarizer also leaves a callee that joins a thread unmarked).
static long finish_slot_ok(struct slot *s) {
  pthread_join(s->tid, NULL);
  return s->done;
}

int main(void) {
  pthread_t io, rp;
  for (int i = 0; i < MAXCONN; i++)
    conn_init(&conns[i], 100 + i);
  pthread_create(&io, NULL, io_thread, NULL);
  pthread_create(&rp, NULL, reaper_thread, NULL);
  pthread_join(io, NULL);
  pthread_join(rp, NULL);

  for (int i = 0; i < NWORKERS; i++)
    start_slot_ok(&slots[i]);
  long total = 0;
  for (int i = 0; i < NWORKERS; i++)
    total += finish_slot_ok(&slots[i]);
  printf("%ld\n", total);
  return 0;
}
