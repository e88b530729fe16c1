// std::atomic counters and flags shared by threads never race.
#include <atomic>
#include <thread>

// expected-no-races

namespace rt {

std::atomic<bool> g_stop{false};
std::atomic<long> g_ticks{0};

void ticker_ok(std::atomic<int> *heartbeats) {
  while (!g_stop.load(std::memory_order_acquire)) {
    g_ticks.fetch_add(1, std::memory_order_relaxed);
    ++*heartbeats;
    if (g_ticks > 1000)
      break;
  }
}

} // namespace rt

int main() {
  std::atomic<int> heartbeats{0};
  std::thread a(rt::ticker_ok, &heartbeats), b(rt::ticker_ok, &heartbeats);
  rt::g_stop = true;
  heartbeats.store(0);
  a.join();
  b.join();
  return static_cast<int>(rt::g_ticks.load());
}
