// A spinlock class over std::atomic_flag, as C++ code writes it when a
// mutex is too heavy for a few instructions: `while (flag_.test_and_set(
// acquire)) ;` locks, `flag_.clear(release)` unlocks. What it covers is
// ordered; what is touched after the unlock races. The same with the flag
// used inline, without a class whose name says it is a lock.
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace stats {

class SpinLock {
public:
  void lock() {
    while (flag_.test_and_set(std::memory_order_acquire))
      std::this_thread::yield();
  }
  void unlock() { flag_.clear(std::memory_order_release); }

private:
  std::atomic_flag flag_ = ATOMIC_FLAG_INIT;
};

struct Histogram {
  SpinLock lock;
  uint64_t buckets[16] = {};
  uint64_t count = 0;
  uint64_t max = 0;
};

Histogram g_hist;

void record_bad(uint64_t v) {
  g_hist.lock.lock();
  g_hist.buckets[v % 16]++;
  g_hist.count++;
  g_hist.lock.unlock();
  if (v > g_hist.max)
    g_hist.max = v; // expected-race{{unprotected write to `stats::g_hist.max`}}
}

uint64_t total_ok() {
  g_hist.lock.lock();
  uint64_t n = g_hist.count + g_hist.buckets[0];
  g_hist.lock.unlock();
  return n;
}

struct Ring {
  std::atomic_flag busy = ATOMIC_FLAG_INIT;
  uint64_t slots[64] = {};
  uint64_t head = 0;
  uint64_t dropped = 0;
};

Ring g_ring;

void push_bad(uint64_t v) {
  while (g_ring.busy.test_and_set(std::memory_order_acquire))
    ;
  g_ring.slots[g_ring.head++ % 64] = v;
  g_ring.busy.clear(std::memory_order_release);
  if (v == 0)
    g_ring.dropped++; // expected-race{{unprotected write to `stats::g_ring.dropped`}}
}

uint64_t drain_ok() {
  while (g_ring.busy.test_and_set(std::memory_order_acquire))
    ;
  uint64_t n = g_ring.head + g_ring.slots[0];
  g_ring.head = 0;
  g_ring.busy.clear(std::memory_order_release);
  return n;
}

void run() {
  std::vector<std::thread> workers;
  for (int i = 0; i < 4; ++i)
    workers.emplace_back([i] {
      for (uint64_t v = 0; v < 1000; ++v)
        record_bad(v * i);
      total_ok();
      push_bad(uint64_t(i));
      drain_ok();
    });
  for (auto &t : workers)
    t.join();
}

} // namespace stats

int main() { stats::run(); }
