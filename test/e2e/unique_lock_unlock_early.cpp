// unique_lock::unlock() ends protection; lock() again restores it.
#include <mutex>
#include <vector>

namespace events {

class Dispatcher {
public:
  void dispatch_bad(int event) {
    std::unique_lock<std::mutex> lock(mu_);
    queue_.push_back(event);
    lock.unlock();
    // Slow work runs unlocked -- but it also updates a counter.
    ++dispatched_; // expected-race{{unprotected write to `this->dispatched_` in 'events::Dispatcher::dispatch_bad'}}
    lock.lock();
    lastEvent_ = event;
  }

  void drain_ok(std::vector<int> &out) {
    std::unique_lock<std::mutex> lock(mu_);
    out.swap(queue_);
    lock.unlock();
    for (int e : out)
      handle(e);
  }

  long dispatched_ok() const {
    std::unique_lock<std::mutex> lock(mu_);
    return dispatched_;
  }

private:
  static void handle(int) {}

  mutable std::mutex mu_;
  std::vector<int> queue_;
  long dispatched_ = 0;
  int lastEvent_ = 0;
};

} // namespace events
