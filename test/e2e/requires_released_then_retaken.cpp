// leveldb's compaction: BackgroundCompaction holds mutex_, DoCompactionWork
// (annotated as requiring it) lets it go for the long work and takes it
// again, and OpenOutput, called in between, locks mutex_ itself around its
// update of the pending set. That update is protected by the lock
// OpenOutput takes, not by the one the caller held before the release.
// The twin OpenOutputUnlocked_bad updates without taking it: a race.
#include <mutex>
#include <set>

#define CAPABILITY(x) __attribute__((capability(x)))
#define ACQUIRE(...) __attribute__((acquire_capability(__VA_ARGS__)))
#define RELEASE(...) __attribute__((release_capability(__VA_ARGS__)))
#define REQUIRES(...) __attribute__((requires_capability(__VA_ARGS__)))

namespace db {

class CAPABILITY("mutex") Mutex {
public:
  void Lock() ACQUIRE() { mu_.lock(); }
  void Unlock() RELEASE() { mu_.unlock(); }

private:
  std::mutex mu_;
};

class Compactor {
public:
  void BackgroundCompaction() {
    mutex_.Lock();
    DoCompactionWork();
    mutex_.Unlock();
  }

  void BackgroundCompactionUnlocked() {
    mutex_.Lock();
    DoCompactionWorkUnlocked(); // expected-race{{unprotected write to container `this->pending_` (call to 'std::set::insert') in 'db::Compactor::BackgroundCompactionUnlocked' (via call to 'db::Compactor::DoCompactionWorkUnlocked')}}
    mutex_.Unlock();
  }

  size_t Pending() {
    mutex_.Lock();
    size_t n = pending_.size();
    mutex_.Unlock();
    return n;
  }

private:
  void DoCompactionWork() REQUIRES(mutex_) {
    mutex_.Unlock();
    OpenOutput_ok();
    mutex_.Lock();
  }

  void DoCompactionWorkUnlocked() REQUIRES(mutex_) {
    mutex_.Unlock();
    OpenOutputUnlocked_bad();
    mutex_.Lock();
  }

  void OpenOutput_ok() {
    mutex_.Lock();
    pending_.insert(1);
    mutex_.Unlock();
  }

  void OpenOutputUnlocked_bad() { pending_.insert(2); }

  Mutex mutex_;
  std::set<int> pending_;
};

} // namespace db
