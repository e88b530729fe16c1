// Shared by both programs: checked in each (the benchmark's client threads
// all count the loops they run, without a lock).
#include "event_loop.h"

void loop_set_before_sleep(struct event_loop *l,
                           void (*fn)(struct event_loop *)) {
  l->before_sleep = fn;
}

int loops_running;

void loop_note_start() {
  loops_running++; // expected-race{{unprotected write to `loops_running` in 'loop_note_start' (reached from 'client_thread') races with itself on another thread}}
}

void loop_run(struct event_loop *l) {
  while (!l->stop) {
    if (l->before_sleep)
      l->before_sleep(l); // the server's hook, in the server only
    l->iterations++;
  }
}
