// A small event loop shared by two programs of one build (a server and its
// benchmark client, like redis-server and redis-benchmark sharing ae.c).
#pragma once

struct event_loop {
  void (*before_sleep)(struct event_loop *);
  int stop;
  int iterations;
};

void loop_set_before_sleep(struct event_loop *l,
                           void (*fn)(struct event_loop *));
void loop_run(struct event_loop *l);
void loop_note_start();
