// One mutex, one name: a project mutex (port::Mutex around a pthread_mutex_t), wrapped again
// (InstrumentedMutex), is taken through the wrappers' bodies but asserted held by name
// (`mutex_.AssertHeld()`). Both are `this->mutex_`, so an Unlock() ends the asserted hold too,
// and an access after it is not protected by the assertion made before it.
#include <pthread.h>

namespace port {

class Mutex {
public:
  void Lock() { pthread_mutex_lock(&mu_); }
  void Unlock() { pthread_mutex_unlock(&mu_); }
  void AssertHeld() {}

private:
  pthread_mutex_t mu_;
};

} // namespace port

namespace monitoring {

class InstrumentedMutex {
public:
  void Lock() {
    mutex_.Lock();
    ++acquisitions_; // under the mutex it just took
  }
  void Unlock() { mutex_.Unlock(); }
  void AssertHeld() { mutex_.AssertHeld(); }
  // Called without the lock by DBImpl::AcquisitionsUnlocked_bad.
  long acquisitions() const { return acquisitions_; } // expected-race{{read of `this->acquisitions_` without synchronization in 'monitoring::InstrumentedMutex::acquisitions' races with the write in 'monitoring::InstrumentedMutex::Lock'}}

private:
  port::Mutex mutex_;
  long acquisitions_ = 0;
};

} // namespace monitoring

namespace db {

class DBImpl {
public:
  void Write_ok(long v) {
    mutex_.Lock();
    ScheduleFlush(v);
    mutex_.Unlock();
  }

  long Pending_ok() {
    mutex_.Lock();
    long p = pending_flushes_ + last_sequence_;
    mutex_.Unlock();
    return p;
  }

  // Asserted held, then released for I/O: the write after Unlock() holds nothing.
  void SyncWAL_bad(long seq) {
    mutex_.AssertHeld();
    ++pending_flushes_;
    mutex_.Unlock();
    last_sequence_ = seq; // expected-race{{unprotected write to `this->last_sequence_` in 'db::DBImpl::SyncWAL_bad' races with the write in 'db::DBImpl::SyncWALLocked_ok'}}
    mutex_.Lock();
  }

  // The same with the write kept under the lock.
  void SyncWALLocked_ok(long seq) {
    mutex_.AssertHeld();
    ++pending_flushes_;
    last_sequence_ = seq;
    mutex_.Unlock();
    mutex_.Lock();
  }

  // The wrapper's own counter, read under its mutex.
  long Acquisitions_ok() {
    mutex_.Lock();
    long n = mutex_.acquisitions();
    mutex_.Unlock();
    return n;
  }

  // Twin: the same accessor without the lock reads the counter Lock() writes.
  long AcquisitionsUnlocked_bad() {
    return mutex_.acquisitions(); // expected-race{{read of `this->mutex_.acquisitions_` without synchronization in 'db::DBImpl::AcquisitionsUnlocked_bad' (via call to 'monitoring::InstrumentedMutex::acquisitions') races with the write in}}
  }

private:
  void ScheduleFlush(long v) {
    mutex_.AssertHeld();
    pending_flushes_ += v;
  }

  monitoring::InstrumentedMutex mutex_;
  long pending_flushes_ = 0;
  long last_sequence_ = 0;
};

// Two mutexes in one class: not a wrapper, each keeps its own name.
class TwoLocks {
public:
  void Lock() { a_.Lock(); }
  void Unlock() { a_.Unlock(); }
  void LockB() { b_.Lock(); }
  void UnlockB() { b_.Unlock(); }

private:
  port::Mutex a_, b_;
};

class Shard {
public:
  // Neither lock guards most writes: both sides are reported.
  void Put_bad(long v) {
    locks_.Lock();
    value_ = v; // expected-race{{write to `this->value_` under `this->locks_.a_` in 'db::Shard::Put_bad' races with the write under `this->locks_.b_` in 'db::Shard::PutUnderB_bad' (no common lock)}}
    locks_.Unlock();
  }
  void PutUnderB_bad(long v) {
    locks_.LockB();
    value_ = v; // expected-race{{write to `this->value_` under `this->locks_.b_` in 'db::Shard::PutUnderB_bad' races with the write under `this->locks_.a_` in 'db::Shard::Put_bad' (no common lock)}}
    locks_.UnlockB();
  }

private:
  TwoLocks locks_;
  long value_ = 0;
};

} // namespace db
