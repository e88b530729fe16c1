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

private:
  std::mutex mutex_;
  bool scheduled_ = false;
  long pending_ = 0;
};

} // namespace store
