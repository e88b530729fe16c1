// unique_lock with std::try_to_lock protects only where owns_lock() is known true.
#include <mutex>

namespace telemetry {

class Sampler {
public:
  void sample_ok(double v) {
    std::unique_lock<std::mutex> lock(mu_, std::try_to_lock);
    if (lock.owns_lock()) {
      sum_ += v;
      ++samples_;
    }
  }

  void sampleSloppy_bad(double v) {
    std::unique_lock<std::mutex> lock(mu_, std::try_to_lock);
    if (!lock.owns_lock()) {
      ++dropped_; // expected-race{{unprotected write to `this->dropped_` in 'telemetry::Sampler::sampleSloppy_bad'}}
      return;
    }
    sum_ += v;
  }

  void sampleIgnoringResult_bad(double v) {
    std::unique_lock<std::mutex> lock(mu_, std::try_to_lock);
    sum_ += v; // expected-race{{unprotected write to `this->sum_` in 'telemetry::Sampler::sampleIgnoringResult_bad'}}
  }

  long dropped_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    return dropped_;
  }

private:
  std::mutex mu_;
  double sum_ = 0;
  long samples_ = 0;
  long dropped_ = 0;
};

} // namespace telemetry
