// Project mutexes often have an AssertHeld() without a thread-safety annotation (rocksdb's InstrumentedMutex,
// leveldb's port::Mutex when not built with Clang). By its name it asserts the lock held, as ASSERT_CAPABILITY does.
#include <mutex>

namespace port {
class Mutex {
public:
  void Lock() { mu_.lock(); }
  void Unlock() { mu_.unlock(); }
  void AssertHeld() {}

private:
  std::mutex mu_;
};
} // namespace port

namespace db {

class Scheduler {
public:
  void MaybeSchedule_ok() {
    mutex_.Lock();
    SchedulePurge();
    mutex_.Unlock();
  }

  // Called with mutex_ held by every caller; says so in a debug check.
  void SchedulePurge() {
    mutex_.AssertHeld();
    ++purgeScheduled_;
  }

  int purgeScheduled_bad() const {
    return purgeScheduled_; // expected-race{{read of `this->purgeScheduled_` without synchronization in 'db::Scheduler::purgeScheduled_bad'}}
  }

private:
  port::Mutex mutex_;
  int purgeScheduled_ = 0;
};

} // namespace db
