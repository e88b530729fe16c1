// std::atomic members never race: load, store, fetch_add, ++ and = are all atomic.
#include <atomic>
#include <mutex>
#include <string>

// expected-no-races

namespace server {

class RequestCounters {
public:
  void onRequest_ok(long bytes) {
    ++requests_;
    bytesIn_.fetch_add(bytes, std::memory_order_relaxed);
    inFlight_++;
  }

  void onResponse_ok() {
    inFlight_--;
    lastStatus_.store(200);
  }

  void reset_ok() {
    requests_ = 0;
    bytesIn_.store(0);
    healthy_.store(true);
  }

  long requests_ok() const { return requests_.load(); }
  long bytesIn_ok() const { return bytesIn_; }
  bool healthy_ok() const { return healthy_; }

  void setName_ok(const std::string &name) {
    std::lock_guard<std::mutex> guard(mu_);
    name_ = name;
  }

  bool markUnhealthy_ok() {
    bool expected = true;
    return healthy_.compare_exchange_strong(expected, false);
  }

private:
  std::mutex mu_;
  std::string name_;
  std::atomic<long> requests_{0};
  std::atomic<long> bytesIn_{0};
  std::atomic<int> inFlight_{0};
  std::atomic<int> lastStatus_{0};
  std::atomic<bool> healthy_{true};
};

} // namespace server
