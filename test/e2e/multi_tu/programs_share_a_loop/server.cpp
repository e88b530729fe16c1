// The server: its loop's hook and a worker thread both count acks without
// a lock, a race in this program.
#include "event_loop.h"

#include <pthread.h>

static event_loop server_loop;
long acks_pending;
static long flushed;

static void before_sleep(struct event_loop *l) {
  (void)l;
  acks_pending = 0;
  flushed++; // the server's own: one thread runs its loop
}

static void *ack_worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++)
    acks_pending++; // expected-race{{unprotected write to `acks_pending` in 'ack_worker' races with the write in 'before_sleep'}}
  return nullptr;
}

int main() {
  pthread_t t;
  pthread_create(&t, nullptr, ack_worker, nullptr);
  loop_set_before_sleep(&server_loop, before_sleep);
  loop_run(&server_loop);
  pthread_join(t, nullptr);
  return 0;
}
