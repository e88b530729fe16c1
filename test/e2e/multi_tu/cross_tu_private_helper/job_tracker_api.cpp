// Public API: finish_bad() calls the helpers (defined in the other TU) after dropping the lock.
#include "job_tracker.h"

namespace ci {

void JobTracker::start_ok(const std::string &job) {
  std::lock_guard<std::mutex> guard(mu_);
  running_.push_back(job);
  appendLog("start " + job);
}

void JobTracker::finish_bad(const std::string &job, bool ok) {
  {
    std::lock_guard<std::mutex> guard(mu_);
    for (std::size_t i = 0; i < running_.size(); ++i)
      if (running_[i] == job) {
        running_.erase(running_.begin() + i);
        break;
      }
  }
  account(ok); // expected-race{{unprotected write to `this->failures_` in 'ci::JobTracker::finish_bad' (via call to 'ci::JobTracker::account')}}
}

long JobTracker::failures_ok() const {
  std::lock_guard<std::mutex> guard(mu_);
  return failures_;
}

} // namespace ci
