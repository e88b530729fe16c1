// C++20 hand-offs: a loader fills a config and counts a std::latch down,
// or releases a std::binary_semaphore; the reader waits, then reads. What
// the loader wrote before its signal is ordered before the reads (low at
// most); what it writes after races for certain.
#include <latch>
#include <semaphore>
#include <string>
#include <thread>

namespace cfg {

struct Config {
  std::string host;
  int port = 0;
  long loaded_at = 0;
};

Config g_primary;
Config g_replica;
std::binary_semaphore g_replica_ready{0};

void load_replica() {
  g_replica.host = "db-2";
  g_replica.port = 5433; // expected-low-race{{unprotected write to `cfg::g_replica.port` in 'cfg::load_replica' races with the read in 'main' [low: it comes after a wait on a condition variable or a future, or at a semaphore}}
  g_replica_ready.release();
  g_replica.loaded_at = 99; // expected-race{{unprotected write to `cfg::g_replica.loaded_at` in 'cfg::load_replica' races with the read in 'main' [racecar-unprotected-write]}}
}

} // namespace cfg

int main() {
  using namespace cfg;
  std::latch primary_ready(1);
  std::thread p([&] {
    g_primary.host = "db-1";
    g_primary.port = 5432; // expected-low-race{{unprotected write to `cfg::g_primary.port` in 'main::lambda@+3:17' races with the read in 'main' [low: it comes after a wait on a condition variable or a future, or at a semaphore}}
    primary_ready.count_down();
  });
  std::thread r(load_replica);
  primary_ready.wait();
  g_replica_ready.acquire();
  long sum = g_primary.port; // reported at the write: main holds the semaphore it acquired, taken as a lock
  sum += g_replica.port + g_replica.loaded_at;
  p.join();
  r.join();
  return int(sum & 1);
}
