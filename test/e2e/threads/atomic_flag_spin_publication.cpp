// A catalog loader fills a table and publishes it with
// `ready.store(true, std::memory_order_release)`; a reader spins on
// `ready.load(std::memory_order_acquire)` and then serves reads. The spin
// is modeled, not a doubt: what the loader wrote before the store is
// ordered (low), what it writes after the store races for sure, and so do
// the reader's own counter against main and a second writer that never
// publishes.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace catalog {

struct Table {
  std::string name;
  int version = 0;
  long loaded_at_ms = 0;
  long checksum = 0;
};

Table g_table;
std::atomic<bool> g_ready{false};
long g_reader_hits = 0;

void load_table() {
  g_table.name = "users";
  g_table.version = 3; // expected-low-race{{unprotected write to `catalog::g_table.version` in 'catalog::load_table' races with the read in 'catalog::serve_reads' [low: it comes after a wait on a condition variable or a future, or at a semaphore or latch, or once an atomic flag's acquire load found it set}}
  g_ready.store(true, std::memory_order_release);
  g_table.loaded_at_ms = 1700000000000L; // expected-race{{unprotected write to `catalog::g_table.loaded_at_ms` in 'catalog::load_table' races with the read in 'catalog::serve_reads' [racecar-unprotected-write]}}
}

void audit_bad() {
  g_table.checksum = 42; // expected-race{{unprotected write to `catalog::g_table.checksum` in 'catalog::audit_bad' races with the read in 'catalog::serve_reads' [racecar-unprotected-write]}}
}

void serve_reads() {
  while (!g_ready.load(std::memory_order_acquire))
    std::this_thread::yield();
  long sum = g_table.version + g_table.loaded_at_ms + g_table.checksum;
  g_reader_hits = sum; // expected-race{{unprotected write to `catalog::g_reader_hits` in 'catalog::serve_reads' races with the read in 'main' [racecar-unprotected-write]}}
}

} // namespace catalog

int main() {
  std::thread loader(catalog::load_table);
  std::thread reader(catalog::serve_reads);
  std::thread auditor(catalog::audit_bad);
  long hits = catalog::g_reader_hits;
  loader.join();
  reader.join();
  auditor.join();
  return int(hits + catalog::g_table.version);
}
