// A lock taken on only one branch is not held after the branches merge.
#include <mutex>

namespace power {

class Battery {
public:
  void update_bad(int millivolts, bool critical) {
    if (critical)
      mu_.lock();
    voltage_ = millivolts; // expected-race{{unprotected write to `this->voltage_` in 'power::Battery::update_bad'}}
    if (critical)
      mu_.unlock();
  }

  void updateBoth_ok(int millivolts, bool fast) {
    if (fast)
      mu_.lock();
    else
      mu_.lock();
    voltage_ = millivolts;
    mu_.unlock();
  }

  void charge_ok(int delta) {
    std::lock_guard<std::mutex> guard(mu_);
    if (delta > 0)
      level_ += delta;
    else
      level_ = 0;
  }

  int level_bad(bool precise) {
    if (precise) {
      std::lock_guard<std::mutex> guard(mu_);
      ++preciseReads_;
    }
    return level_; // expected-race{{read of `this->level_` without synchronization in 'power::Battery::level_bad'}}
  }

private:
  std::mutex mu_;
  int voltage_ = 0;
  int level_ = 0;
  long preciseReads_ = 0;
};

} // namespace power
