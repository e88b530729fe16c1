// A struct with public data and a mutex member: methods that skip the mutex race with those that use it.
#include <mutex>
#include <string>

namespace telemetry {

struct Gauge {
  std::mutex mu;
  std::string name;
  double value = 0;
  double max = 0;

  void set_ok(double v) {
    std::lock_guard<std::mutex> guard(mu);
    value = v;
    if (v > max)
      max = v;
  }

  void resetMax_bad() {
    max = 0; // expected-race{{unprotected write to `this->max` in 'telemetry::Gauge::resetMax_bad'}}
  }

  double current_bad() const {
    return value; // expected-race{{read of `this->value` without synchronization in 'telemetry::Gauge::current_bad' races with the write in 'telemetry::Gauge::set_ok'}}
  }
};

} // namespace telemetry
