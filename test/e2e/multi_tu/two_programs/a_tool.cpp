// expected-no-races
// A single-threaded command-line tool: its main comes first in path order.
#include "hits.h"

int main() {
  record_hit();
  return g_hits == 1 ? 0 : 1;
}
