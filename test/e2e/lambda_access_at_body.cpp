// An access in a lambda's body is reported at the access, in the function
// that creates the lambda, with a note at the call that runs it; a lambda
// handed off (a callback kept for later) is noted where it is created.
#include <functional>
#include <mutex>
#include <vector>

namespace jobs {

class Scheduler {
public:
  void RunTwice_bad() {
    auto step = [this](int n) {
      ticks_ += n; // expected-race{{unprotected write to `this->ticks_` in 'jobs::Scheduler::RunTwice_bad' races with the write in 'jobs::Scheduler::Defer_ok'}}
    };
    step(1);
    step(2);
  }

  void RunLocked_ok() {
    auto step = [this](int n) { ticks_ += n; };
    std::lock_guard<std::mutex> g(mu_);
    step(1);
  }

  void Defer_ok() {
    std::lock_guard<std::mutex> g(mu_);
    pending_.push_back([this] { ++ticks_; });
  }

  void Helper_bad() {
    auto flush = [this] { reset(); }; // expected-race{{unprotected write to `this->ticks_` in 'jobs::Scheduler::Helper_bad' (via call to 'jobs::Scheduler::reset') races with the write in 'jobs::Scheduler::Defer_ok'}}
    flush();
  }

  long Ticks_ok() const {
    std::lock_guard<std::mutex> g(mu_);
    return ticks_;
  }

private:
  void reset() { ticks_ = 0; }

  mutable std::mutex mu_;
  long ticks_ = 0;
  std::vector<std::function<void()>> pending_;
};

} // namespace jobs
