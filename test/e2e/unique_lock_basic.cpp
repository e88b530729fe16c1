// std::unique_lock held for its scope protects; accesses before it do not.
#include <mutex>
#include <deque>

namespace jobs {

class WorkQueue {
public:
  void push_ok(int job) {
    std::unique_lock<std::mutex> lock(mu_);
    jobs_.push_back(job);
    ++enqueued_;
  }

  bool tryPop_bad(int &job) {
    ++attempts_; // expected-race{{unprotected write to `this->attempts_` in 'jobs::WorkQueue::tryPop_bad'}}
    std::unique_lock<std::mutex> lock(mu_);
    if (jobs_.empty())
      return false;
    job = jobs_.front();
    jobs_.pop_front();
    return true;
  }

  long enqueued_ok() const {
    std::unique_lock<std::mutex> lock(mu_);
    return enqueued_;
  }

private:
  mutable std::mutex mu_;
  std::deque<int> jobs_;
  long enqueued_ = 0;
  long attempts_ = 0;
};

} // namespace jobs
