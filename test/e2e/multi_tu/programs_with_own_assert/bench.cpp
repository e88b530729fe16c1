// expected-no-races
// The benchmark: one loop per client thread, without a handler. Its loop's
// slot holds only the server's handler, and the link keeps the server's
// assertion handler, which calls the server's replication code: neither
// is the benchmark's (it has its own main, and its own assert_fail), so its
// client threads never run the server's handler (which would race with itself on the
// four client threads).
#include "event_loop.h"

#include <pthread.h>

static event_loop client_loops[4];

static void *client_thread(void *arg) {
  loop_run(static_cast<event_loop *>(arg));
  return nullptr;
}

int main() {
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], nullptr, client_thread, &client_loops[i]);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], nullptr);
  return 0;
}
