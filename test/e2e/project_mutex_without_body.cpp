// A project's own mutex type whose Lock/Unlock are defined in a TU that is not part of the scan (a partial compile
// database, or a prebuilt library): recognized by its name, so the accesses it guards are protected.
#include <cstdint>

namespace rocks {

class InstrumentedMutex {
public:
  void Lock();
  void Unlock();
};

class InstrumentedMutexLock {
public:
  explicit InstrumentedMutexLock(InstrumentedMutex *m) : mutex_(m) { mutex_->Lock(); }
  ~InstrumentedMutexLock() { mutex_->Unlock(); }

private:
  InstrumentedMutex *mutex_;
};

class Stats {
public:
  void Record_ok(uint64_t n) {
    InstrumentedMutexLock l(&mutex_);
    bytes_ += n;
    ++ops_;
  }
  uint64_t Bytes_ok() {
    mutex_.Lock();
    uint64_t b = bytes_;
    mutex_.Unlock();
    return b;
  }
  uint64_t Ops_bad() const {
    return ops_; // expected-race{{read of `this->ops_` without synchronization in 'rocks::Stats::Ops_bad' races with the write in 'rocks::Stats::Record_ok'}}
  }

private:
  InstrumentedMutex mutex_;
  uint64_t bytes_ = 0;
  uint64_t ops_ = 0;
};

} // namespace rocks
