// condition_variable::wait re-acquires the mutex before returning: accesses after it stay protected.
#include <condition_variable>
#include <deque>
#include <mutex>

namespace pipeline {

class BlockingQueue {
public:
  void put_ok(int item) {
    {
      std::lock_guard<std::mutex> guard(mu_);
      items_.push_back(item);
      ++puts_;
    }
    cv_.notify_one();
  }

  int take_ok() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return !items_.empty() || closed_; });
    int item = items_.front();
    items_.pop_front();
    return item;
  }

  void close_bad() {
    closed_ = true; // expected-race{{unprotected write to `this->closed_` in 'pipeline::BlockingQueue::close_bad'}}
    cv_.notify_all();
  }

  long puts_bad() const {
    return puts_; // expected-race{{read of `this->puts_` without synchronization in 'pipeline::BlockingQueue::puts_bad'}}
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<int> items_;
  long puts_ = 0;
  bool closed_ = false;
};

} // namespace pipeline
