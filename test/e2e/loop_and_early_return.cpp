// Locks inside loop bodies and unlocks on early-return paths are tracked along each path.
#include <mutex>
#include <vector>

namespace batch {

class Aggregator {
public:
  void addAll_ok(const std::vector<int> &values) {
    for (int v : values) {
      std::lock_guard<std::mutex> guard(mu_);
      sum_ += v;
      ++count_;
    }
  }

  bool addPositive_ok(int v) {
    mu_.lock();
    if (v <= 0) {
      ++rejected_;
      mu_.unlock();
      return false;
    }
    sum_ += v;
    mu_.unlock();
    return true;
  }

  void addAllSloppy_bad(const std::vector<int> &values) {
    for (int v : values) {
      mu_.lock();
      sum_ += v;
      mu_.unlock();
      ++count_; // expected-race{{unprotected write to `this->count_` in 'batch::Aggregator::addAllSloppy_bad'}}
    }
  }

  bool addChecked_bad(int v) {
    mu_.lock();
    if (v < 0) {
      mu_.unlock();
      ++rejected_; // expected-race{{unprotected write to `this->rejected_` in 'batch::Aggregator::addChecked_bad'}}
      return false;
    }
    sum_ += v;
    mu_.unlock();
    return true;
  }

private:
  std::mutex mu_;
  long sum_ = 0;
  long count_ = 0;
  long rejected_ = 0;
};

} // namespace batch
