// Calls on a member object (`meter_.add()`) map the callee's field accesses onto `this->meter_.field`.
#include <mutex>

namespace billing {

class UsageMeter {
public:
  void add(long units) {
    total_ += units;
    ++events_;
  }
  long total() const { return total_; }
  void reset() { total_ = 0; }

private:
  long total_ = 0;
  long events_ = 0;
};

class Subscription {
public:
  void charge_ok(long units) {
    std::lock_guard<std::mutex> guard(mu_);
    meter_.add(units);
  }

  void refund_bad() {
    meter_.reset(); // expected-race{{unprotected write to `this->meter_.total_` in 'billing::Subscription::refund_bad' (via call to 'billing::UsageMeter::reset')}}
  }

  long owed_bad() const {
    return meter_.total() * centsPerUnit_; // expected-race{{read of `this->meter_.total_` without synchronization in 'billing::Subscription::owed_bad' (via call to 'billing::UsageMeter::total')}}
  }

  // centsPerUnit_ is only set in the constructor.
  explicit Subscription(long cents) : centsPerUnit_(cents) {}

private:
  mutable std::mutex mu_;
  UsageMeter meter_;
  long centsPerUnit_;
};

} // namespace billing
