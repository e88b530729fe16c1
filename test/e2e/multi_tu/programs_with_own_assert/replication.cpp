// The server's replication code: its loop runs the handler, and its
// replica thread feeds the replicas too, a race in the server. The
// benchmark links neither this file nor the server's assertion handler
// that calls into it.
#include "event_loop.h"

long replicas_fed;
static long handler_runs;

void feed_replicas(struct event_loop *l) {
  (void)l;
  replicas_fed++; // expected-race{{unprotected write to `replicas_fed` in 'feed_replicas' (reached from 'replica_thread') races with the write in 'feed_replicas'}}
}

// Only the server's loop (one thread) runs it.
void on_replica_readable(struct event_loop *l) {
  handler_runs++;
  feed_replicas(l);
}
