// An event bus keeps its listeners in a vector of std::function and its
// dispatcher thread calls each with a range-for (the observer pattern):
// the listeners run on that thread, against what main does meanwhile. A
// listener that takes the stats mutex is ordered with main's reads under
// it.
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace events {

long g_delivered = 0;
long g_logged = 0;
std::mutex g_stats_mu;

class EventBus {
public:
  void subscribe(std::function<void(int)> listener) {
    std::lock_guard<std::mutex> lock(mu_);
    listeners_.push_back(std::move(listener));
  }
  void start() {
    dispatcher_ = std::thread([this] { dispatch(); });
  }
  void join() { dispatcher_.join(); }

private:
  void dispatch() {
    std::lock_guard<std::mutex> lock(mu_);
    for (int ev = 0; ev < 3; ++ev)
      for (auto &listener : listeners_)
        listener(ev);
  }
  std::mutex mu_;
  std::vector<std::function<void(int)>> listeners_;
  std::thread dispatcher_;
};

} // namespace events

int main() {
  events::EventBus bus;
  bus.subscribe([](int ev) { events::g_delivered += ev; });
  bus.subscribe([](int ev) {
    std::lock_guard<std::mutex> lock(events::g_stats_mu);
    events::g_logged += ev;
  });
  bus.start();
  long seen = events::g_delivered; // expected-race{{read of `events::g_delivered` without synchronization in 'main' races with the write in 'events::EventBus::listeners_'}}
  long logged;
  {
    std::lock_guard<std::mutex> lock(events::g_stats_mu);
    logged = events::g_logged;
  }
  bus.join();
  return int(seen + logged);
}
