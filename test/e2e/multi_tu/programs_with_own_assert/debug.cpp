// expected-no-races
// The server's assertion handler: it flushes the replicas before it dies.
#include "event_loop.h"

void assert_fail(const char *what) {
  (void)what;
  feed_replicas(nullptr);
}
