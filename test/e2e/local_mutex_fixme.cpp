// Locking a mutex local to the method protects nothing shared; not detected (any held lock counts).
// The verdict does not claim race-free: the local lock is an assumption.
// expected-verdict{{unknown (lock-identity}}
#include <mutex>

namespace misc {

class Counter {
public:
  void inc_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    ++value_;
  }

  void incWithLocalMutex_bad() {
    std::mutex local; // each call gets its own mutex
    std::lock_guard<std::mutex> guard(local);
    ++value_; // FIXME-race{{unprotected write to `this->value_`}}
  }

private:
  std::mutex mu_;
  long value_ = 0;
};

} // namespace misc
