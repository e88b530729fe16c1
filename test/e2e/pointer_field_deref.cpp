// Writes through a pointer field are accesses to `this->ptr_->field`, shared with every method.
#include <mutex>
#include <string>

namespace rpc {

struct RetryPolicy {
  int maxAttempts = 3;
  int backoffMs = 100;
  std::string name;
};

class Client {
public:
  explicit Client(RetryPolicy *policy) : policy_(policy) {}

  void tune_ok(int attempts, int backoffMs) {
    std::lock_guard<std::mutex> guard(mu_);
    policy_->maxAttempts = attempts;
    policy_->backoffMs = backoffMs;
  }

  void disableRetries_bad() {
    policy_->maxAttempts = 1; // expected-race{{unprotected write to `this->policy_->maxAttempts` in 'rpc::Client::disableRetries_bad' races with the write in 'rpc::Client::tune_ok'}}
  }

  int backoff_bad() const {
    return policy_->backoffMs; // expected-race{{read of `this->policy_->backoffMs` without synchronization in 'rpc::Client::backoff_bad'}}
  }

  int attemptsLocked_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return policy_->maxAttempts;
  }

private:
  mutable std::mutex mu_;
  RetryPolicy *policy_;
};

} // namespace rpc
