// A lambda handed to a helper that runs it under the helper's lock (rocksdb's ConcurrentArena::Allocate
// through AllocateImpl, a `with_lock(f)` helper, a `std::function` parameter): the lambda's accesses hold
// that lock. The twins hand the same lambda to a helper that takes no lock, or touch the memory directly.
#include <functional>
#include <mutex>

namespace mem {

class Arena {
public:
  long Allocate(long n) {
    used_ += n;
    return used_;
  }
  long used_ = 0;
};

class Pool {
public:
  long Allocate_ok(long n) {
    return Locked([this, n] { return arena_.Allocate(n); });
  }
  long AllocateFn_ok(long n) {
    return LockedFn([this, n] { return arena_.Allocate(n); });
  }
  // Through two runners: the outer one hands the lambda on to the locking one.
  long AllocateTwice_ok(long n) {
    return Forward([this, n] { return arena_.Allocate(n); });
  }
  long Used_ok() {
    std::lock_guard<std::mutex> g(mu_);
    return arena_.used_;
  }
  long AllocateUnlocked_bad(long n) {
    return Unlocked([this, n] { return arena_.Allocate(n); }); // expected-race{{unprotected write to `this->arena_.used_` in 'mem::Pool::AllocateUnlocked_bad'}}
  }
  long Peek_bad() {
    return arena_.used_; // expected-race{{read of `this->arena_.used_` without synchronization in 'mem::Pool::Peek_bad'}}
  }

private:
  template <typename F> long Locked(const F &f) {
    std::lock_guard<std::mutex> g(mu_);
    return f();
  }
  long LockedFn(const std::function<long()> &f) {
    std::lock_guard<std::mutex> g(mu_);
    return f();
  }
  template <typename F> long Forward(const F &f) { return Locked(f); }
  template <typename F> long Unlocked(const F &f) { return f(); }

  std::mutex mu_;
  Arena arena_;
};

} // namespace mem
