// GUARDED_BY fields are evidence of concurrent use even if no method of the class locks.
#include "thread_annotations.h"

namespace sensors {

// Locking is the caller's job (they hold the device mutex), but two methods
// forget it. No method locks; the annotations alone make the class checked.
class Thermometer {
public:
  void calibrate_bad(double offset) {
    offset_ = offset; // expected-race{{unprotected write to `this->offset_` in 'sensors::Thermometer::calibrate_bad'}}
  }

  double read_bad(double raw) const {
    return raw + offset_; // expected-race{{read of `this->offset_` without synchronization in 'sensors::Thermometer::read_bad' races with the write in 'sensors::Thermometer::calibrate_bad'}}
  }

  // `unit_` is not guarded but the class is checked as a whole.
  void setUnit_bad(char unit) {
    unit_ = unit; // expected-race{{unprotected write to `this->unit_` in 'sensors::Thermometer::setUnit_bad'}}
  }

private:
  base::Mutex *deviceMu_ = nullptr;
  double offset_ GUARDED_BY(*deviceMu_) = 0;
  char unit_ = 'C';
};

// The same class without annotations or locks is not checked.
class PlainThermometer {
public:
  void calibrate_ok(double offset) { offset_ = offset; }
  double read_ok(double raw) const { return raw + offset_; }

private:
  double offset_ = 0;
};

} // namespace sensors
