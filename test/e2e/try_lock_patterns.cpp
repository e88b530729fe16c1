// Spin on try_lock, unique_lock::try_lock, `if (!lock) return;`, try_lock inside `&&`, and C++17 if-with-initializer.
#include <mutex>

// expected-no-races

namespace spin {

class Throttle {
public:
  void spin_ok() {
    while (!mu_.try_lock()) {
    }
    ++spins_;
    mu_.unlock();
  }

  void deferredTry_ok() {
    std::unique_lock<std::mutex> lock(mu_, std::defer_lock);
    if (lock.try_lock())
      ++spins_;
  }

  void boolCheck_ok() {
    std::unique_lock<std::mutex> lock(mu_, std::try_to_lock);
    if (!lock)
      return;
    level_ = 2;
  }

  void shortCircuit_ok(bool enabled) {
    if (enabled && mu_.try_lock()) {
      level_ = 1;
      mu_.unlock();
    }
  }

  void ifInit_ok() {
    if (std::unique_lock<std::mutex> lock(mu_, std::try_to_lock); lock.owns_lock())
      level_ = 3;
  }

private:
  std::mutex mu_;
  long spins_ = 0;
  int level_ = 0;
};

} // namespace spin
