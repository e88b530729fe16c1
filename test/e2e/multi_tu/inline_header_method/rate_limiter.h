// A rate limiter whose small methods are inline in the header and used by two TUs.
#ifndef RATE_LIMITER_H
#define RATE_LIMITER_H

#include <mutex>

namespace net {

class RateLimiter {
public:
  bool allow_bad();
  void refill_ok(int tokens);

  // Inline and racy: defined once per TU that includes it, reported once.
  void penalize_bad(int tokens) {
    tokens_ -= tokens; // expected-race{{unprotected write to `this->tokens_` in 'net::RateLimiter::penalize_bad'}}
  }

  int available_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return tokens_;
  }

private:
  void noteRejection() { ++rejected_; }

  mutable std::mutex mu_;
  int tokens_ = 0;
  long rejected_ = 0;
};

} // namespace net

#endif
