// An atomic counter next to plain fields: the atomic is fine, the plain fields are not.
#include <atomic>
#include <mutex>

namespace pool {

class ThreadPoolStats {
public:
  void taskStarted_bad() {
    active_.fetch_add(1);
    ++started_; // expected-race{{unprotected write to `this->started_` in 'pool::ThreadPoolStats::taskStarted_bad'}}
  }

  void taskFinished_bad(long micros) {
    active_.fetch_sub(1);
    totalMicros_ += micros; // expected-race{{unprotected write to `this->totalMicros_` in 'pool::ThreadPoolStats::taskFinished_bad'}}
  }

  int active_ok() const { return active_.load(); }

  long started_bad() const {
    return started_; // expected-race{{read of `this->started_` without synchronization in 'pool::ThreadPoolStats::started_bad' races with the write in 'pool::ThreadPoolStats::taskStarted_bad'}}
  }

  void snapshot_ok(long &started, long &micros) {
    std::lock_guard<std::mutex> guard(mu_);
    started = started_;
    micros = totalMicros_;
  }

private:
  std::mutex mu_;
  std::atomic<int> active_{0};
  long started_ = 0;
  long totalMicros_ = 0;
};

} // namespace pool
