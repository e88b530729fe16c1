// A lambda created outside the lock but only invoked while holding it: its accesses are protected.
#include <mutex>
#include <vector>

namespace stats {

class RunningMean {
public:
  void add_ok(double x) {
    auto update = [this](double v) {
      sum_ += v;
      ++n_;
    };
    std::lock_guard<std::mutex> guard(mu_);
    update(x);
  }

  void addAll_ok(const std::vector<double> &xs) {
    std::lock_guard<std::mutex> guard(mu_);
    auto update = [this](double v) { sum_ += v; ++n_; };
    for (double x : xs)
      update(x);
  }

  void addUnlocked_bad(double x) {
    auto update = [this](double v) { sum_ += v; }; // expected-race{{unprotected write to `this->sum_` in 'stats::RunningMean::addUnlocked_bad'}}
    update(x);
  }

  double mean_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return n_ ? sum_ / n_ : 0.0;
  }

private:
  mutable std::mutex mu_;
  double sum_ = 0;
  long n_ = 0;
};

} // namespace stats
