// leveldb's and rocksdb's convention: a method's comment states the lock
// its callers hold (`// REQUIRES: mutex_ is held`). A member named there is
// read as the REQUIRES attribute: the method's accesses are under it. A
// lock the comment does not name (`// REQUIRES: DB mutex held`) makes the
// method caller-synchronized: a race with another locked access is low.
// A comment that states no lock changes nothing (the twin that races).
#include <mutex>

namespace store {

class VersionSet {
public:
  // Allocates a file number.
  // REQUIRES: DB mutex held
  long NewFileNumber() { return next_file_number_++; } // expected-low-race{{unprotected write to `this->next_file_number_` in 'store::VersionSet::NewFileNumber'}}

  long Peek() {
    std::lock_guard<std::mutex> g(mu_);
    return next_file_number_;
  }

private:
  std::mutex mu_;
  long next_file_number_ = 2;
};

class DBImpl {
public:
  void Write() {
    std::lock_guard<std::mutex> g(mutex_);
    MaybeScheduleFlush();
    pending_++;
  }

  // REQUIRES: mutex_ is held
  void MaybeScheduleFlush() { scheduled_ = true; }

  // Only touches the flag.
  // REQUIRES: the caller checked the flag
  void MarkIdle_bad() {
    scheduled_ = false; // expected-race{{unprotected write to `this->scheduled_` in 'store::DBImpl::MarkIdle_bad'}}
  }

  bool Scheduled() {
    std::lock_guard<std::mutex> g(mutex_);
    return scheduled_ || pending_ > 0;
  }

  // rocksdb's variant, its sentence over two lines.
  // REQUIRED: this function should only be called on the write thread or if the
  // mutex is held.
  long TakeSequence() {
    return ++sequence_; // expected-low-race{{unprotected write to `this->sequence_` in 'store::DBImpl::TakeSequence'}}
  }

  // The sentence ends before the next line names a lock: no precondition.
  // REQUIRED: the caller checked the flag.
  // It is cleared under mutex_ elsewhere.
  void ClearIdle_bad() {
    idle_ = false; // expected-race{{unprotected write to `this->idle_` in 'store::DBImpl::ClearIdle_bad'}}
  }

  long Sequence() {
    std::lock_guard<std::mutex> g(mutex_);
    return idle_ ? 0 : sequence_;
  }

  long NextEpoch();

  // The callers' protocol keeps it to one thread at a time.
  // REQUIRED: this function should only be called on the write thread.
  void ReturnEpoch() {
    epoch_ = 0; // expected-low-race{{unprotected write to `this->epoch_` in 'store::DBImpl::ReturnEpoch'}}
  }

  // A thread is named, but not as a precondition of its callers.
  // REQUIRES: a callback that is thread-safe.
  void SetIdle_bad() {
    idle_ = true; // expected-race{{unprotected write to `this->idle_` in 'store::DBImpl::SetIdle_bad'}}
  }

private:
  std::mutex mutex_;
  bool scheduled_ = false;
  long pending_ = 0;
  long sequence_ = 0;
  bool idle_ = false;
  long epoch_ = 0;
};

// The comment on the definition only, which starts at column 0: its last line
// is the one above the definition.
// REQUIRES: mutex_ is held
long DBImpl::NextEpoch() { return ++epoch_; }

} // namespace store
