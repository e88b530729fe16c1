// A second TU that also includes the inline methods; refill_ok() itself is correct.
#include "rate_limiter.h"

// expected-no-races

namespace net {

void RateLimiter::refill_ok(int tokens) {
  std::lock_guard<std::mutex> guard(mu_);
  tokens_ += tokens;
  if (tokens_ > 100)
    tokens_ = 100;
}

} // namespace net
