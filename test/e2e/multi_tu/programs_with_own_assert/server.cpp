// expected-no-races
// The server: its loop runs the replication handler, and its replica
// thread feeds the replicas too (the race is reported in replication.cpp).
#include "event_loop.h"

#include <pthread.h>

static event_loop server_loop;

static void *replica_thread(void *arg) {
  (void)arg;
  feed_replicas(nullptr);
  return nullptr;
}

int main() {
  pthread_t t;
  pthread_create(&t, nullptr, replica_thread, nullptr);
  loop_set_handler(&server_loop, on_replica_readable);
  loop_run(&server_loop);
  pthread_join(t, nullptr);
  return 0;
}
