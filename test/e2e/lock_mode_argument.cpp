// A class's helper takes or drops the lock by a constant argument; what runs
// between `Hold(true)` and `Hold(false)` is protected. `Touch(false)` runs the
// helper's unlocked variant: a race. A mode read from a member at run time is
// not a constant: that caller is not protected either.
#include <mutex>

enum class Phase { kBegin, kEnd };

class Journal {
public:
  void Append_ok(int n) {
    Hold(true);
    entries_ += n;
    Hold(false);
  }
  void Rotate_ok() {
    Fence(Phase::kBegin);
    entries_ = 0;
    Fence(Phase::kEnd);
  }
  void Bump_ok() { Touch(true); }
  void BumpUnlocked_bad() {
    Touch(false); // expected-race{{unprotected write to `this->entries_` in 'Journal::BumpUnlocked_bad' (via call to 'Journal::Touch')}}
  }
  // Hold(false) releases mu_ on every path; that Hold(replaying_) may have
  // taken it is not in its merged summary (no may-acquire), so the method
  // reads as an unlock wrapper called with mu_ held.
  void Replay_bad() {
    Hold(replaying_);
    entries_ = -1; // FIXME-race{{unprotected write to `this->entries_` in 'Journal::Replay_bad'}}
    Hold(false);
  }
  int Count_ok() {
    std::lock_guard<std::mutex> g(mu_);
    return entries_;
  }

private:
  void Hold(bool lock) {
    if (lock)
      mu_.lock();
    else
      mu_.unlock();
  }
  void Touch(bool locked) {
    if (locked)
      mu_.lock();
    entries_++;
    if (locked)
      mu_.unlock();
  }
  void Fence(Phase p) {
    switch (p) {
    case Phase::kBegin:
      mu_.lock();
      break;
    case Phase::kEnd:
      mu_.unlock();
      break;
    }
  }
  std::mutex mu_;
  int entries_ = 0;
  bool replaying_ = false;
};
