// The program's main, first in the scan's order: the workers' file is the
// second module, whose own file numbers are not the linked program's. The
// patterns its functions are found to follow (here a once-only
// initialization) must name its file as the program numbers it.
#include "table.h"

#include <pthread.h>

// expected-no-races
int main() {
  pthread_t a, b;
  pthread_create(&a, nullptr, table_worker_ok, nullptr);
  pthread_create(&b, nullptr, table_worker_ok, nullptr);
  pthread_join(a, nullptr);
  pthread_join(b, nullptr);
  return 0;
}
