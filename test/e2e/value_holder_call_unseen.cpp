// A callback kept in a std::function member, set and called under the lock:
// no race, but the call runs code racecar does not see (whatever callers
// stored), so the verdict cannot be race-free.
// expected-no-races
// expected-verdict{{unknown (external-call at value_holder_call_unseen.cpp:25}}
#include <functional>
#include <mutex>
#include <utility>

namespace jobs {

class CompletionNotifier {
public:
  void setListener_ok(std::function<void(int)> listener) {
    std::lock_guard<std::mutex> lock(mu_);
    listener_ = std::move(listener);
  }

  void complete_ok(int id) {
    std::lock_guard<std::mutex> lock(mu_);
    ++completed_;
    if (!listener_)
      return;
    // The listener runs under mu_: it must not call back into this object.
    listener_(id);
  }

  long completed_ok() const {
    std::lock_guard<std::mutex> lock(mu_);
    return completed_;
  }

private:
  mutable std::mutex mu_;
  std::function<void(int)> listener_;
  long completed_ = 0;
};

} // namespace jobs
