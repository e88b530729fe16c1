// mu_.AssertHeld() (ASSERT_CAPABILITY) states that the caller holds mu_: the accesses after it are protected, in the
// method itself and, through its summary, in helpers that assert it. An access before the assertion is not.
#include "thread_annotations.h"

namespace store {

class VersionTable {
public:
  void install_ok(int v) {
    base::MutexLock l(&mu_);
    current_ = v;
    bumpEpoch();
  }

  // Called with mu_ held by contract; it asserts so.
  int current_ok() {
    mu_.AssertHeld();
    return current_;
  }

  void bumpEpoch() {
    checkLocked();
    ++epoch_;
  }

  int epochBeforeAssert_bad() {
    int e = epoch_; // expected-race{{read of `this->epoch_` without synchronization in 'store::VersionTable::epochBeforeAssert_bad'}}
    mu_.AssertHeld();
    return e + current_;
  }

private:
  void checkLocked() { mu_.AssertHeld(); }

  base::Mutex mu_;
  int current_ = 0;
  int epoch_ = 0;
};

} // namespace store
