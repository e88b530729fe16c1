// RateLimiter::allow calls the header's inline private helper without the lock.
#include "rate_limiter.h"

namespace net {

bool RateLimiter::allow_bad() {
  std::unique_lock<std::mutex> lock(mu_);
  if (tokens_ > 0) {
    --tokens_;
    return true;
  }
  lock.unlock();
  noteRejection(); // expected-race{{unprotected write to `this->rejected_` in 'net::RateLimiter::allow_bad' (via call to 'net::RateLimiter::noteRejection')}}
  return false;
}

} // namespace net
