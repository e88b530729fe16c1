// expected-no-races (its workers race in hits.cpp, where the write is)
// A server whose main starts two workers that count hits without a lock.
// Its main must be a root of its own even though the tool's main has the
// same symbol.
#include "hits.h"

#include <thread>

void serve_bad() {
  record_hit();
}

int main() {
  std::thread a(serve_bad);
  std::thread b(serve_bad);
  a.join();
  b.join();
  return 0;
}
