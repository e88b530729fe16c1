// expected-no-races
// Shared by both programs.
#include "event_loop.h"

void loop_set_handler(struct event_loop *l, void (*fn)(struct event_loop *)) {
  l->on_readable = fn;
}

void loop_run(struct event_loop *l) {
  while (!l->stop) {
    if (l->on_readable)
      l->on_readable(l); // the server's handler, in the server only
    l->iterations++;
    if (l->iterations < 0)
      assert_fail("iterations");
  }
}
