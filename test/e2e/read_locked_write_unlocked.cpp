// A locked read racing with an unlocked write: only the write is reported.
#include <mutex>
#include <string>

namespace config {

class FeatureFlags {
public:
  bool isEnabled_ok(int flag) const {
    std::lock_guard<std::mutex> guard(mu_);
    return (mask_ & (1u << flag)) != 0;
  }

  void enable_bad(int flag) {
    // Forgot the lock: the locked readers are fine, this write is the bug.
    mask_ |= (1u << flag); // expected-race{{unprotected write to `this->mask_` in 'config::FeatureFlags::enable_bad'}}
  }

  void disableAll_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    mask_ = 0;
  }

private:
  mutable std::mutex mu_;
  unsigned mask_ = 0;
};

} // namespace config
