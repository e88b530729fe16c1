// The std::atomic_* free functions and std::atomic_flag are atomic accesses too.
#include <atomic>
#include <memory>
#include <mutex>

// expected-no-races

namespace rt {

class Scheduler {
public:
  void tick_ok() {
    std::atomic_fetch_add(&ticks_, 1L);
    if (!busy_.test_and_set()) {
      runOnce();
      busy_.clear();
    }
  }

  long ticks_ok() const { return std::atomic_load(&ticks_); }
  void resetTicks_ok() { std::atomic_store(&ticks_, 0L); }

  void setQuantum_ok(int q) {
    std::lock_guard<std::mutex> guard(mu_);
    quantum_ = q;
  }

private:
  void runOnce() {
    std::lock_guard<std::mutex> guard(mu_);
    ++runs_;
  }

  std::mutex mu_;
  std::atomic<long> ticks_{0};
  std::atomic_flag busy_ = ATOMIC_FLAG_INIT;
  int quantum_ = 10;
  long runs_ = 0;
};

} // namespace rt
