// A loop both programs link, and the assertion handler each program
// defines for itself (redis's _serverAssert: debug.c in the server,
// redisassert.c in its tools).
#pragma once

struct event_loop {
  void (*on_readable)(struct event_loop *);
  int stop;
  long iterations;
};

void loop_set_handler(struct event_loop *l, void (*fn)(struct event_loop *));
void loop_run(struct event_loop *l);
void assert_fail(const char *what);

void feed_replicas(struct event_loop *l);
void on_replica_readable(struct event_loop *l);
