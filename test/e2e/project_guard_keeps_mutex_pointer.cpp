// A project's own RAII guard, unannotated, that keeps a pointer to its mutex (rocksdb's MutexLock,
// leveldb's MutexLock without thread-safety attributes): it holds exactly the mutex it was built with.
// That mutex is the class's own, so the class is checked; it protects only what it guards, not a
// function-local static or a global; and a callee that releases it ends the guard's protection.
#include <pthread.h>

namespace port {

class Mutex {
public:
  void Lock() { pthread_mutex_lock(&mu_); }
  void Unlock() { pthread_mutex_unlock(&mu_); }

private:
  pthread_mutex_t mu_;
};

} // namespace port

namespace util {

class MutexLock {
public:
  explicit MutexLock(port::Mutex *mu) : mu_(mu) { this->mu_->Lock(); }
  ~MutexLock() { this->mu_->Unlock(); }

private:
  port::Mutex *const mu_;
};

// The same guard holding a reference.
class MutexRefLock {
public:
  explicit MutexRefLock(port::Mutex &mu) : mu_(mu) { mu_.Lock(); }
  ~MutexRefLock() { mu_.Unlock(); }

private:
  port::Mutex &mu_;
};

} // namespace util

namespace journal {

long g_trims = 0;

class Journal {
public:
  // The guard's mutex is this->cache_mu_: evidence that Journal is shared.
  long Read_ok() {
    util::MutexLock l(&cache_mu_);
    return cached_ + entries_;
  }

  void Append_ok(long n) {
    util::MutexRefLock l(cache_mu_);
    entries_ += n;
    cached_ = entries_;
  }

  // No lock: races with itself and with the guarded readers.
  void Trim_bad(long now) {
    last_trim_ = now; // expected-race{{unprotected write to `this->last_trim_` in 'journal::Journal::Trim_bad' races with itself on another thread}}
    entries_ = 0;     // expected-race{{unprotected write to `this->entries_` in 'journal::Journal::Trim_bad' races with the write in 'journal::Journal::Append_ok'}}
  }

  // Under the guard, but a global is shared by every Journal: this->cache_mu_ does not protect it.
  void CountTrim_bad() {
    util::MutexLock l(&cache_mu_);
    ++g_trims; // expected-race{{unprotected write to `journal::g_trims` in 'journal::Journal::CountTrim_bad' races with itself on another thread (only `this->cache_mu_` is held, and every object has its own)}}
  }

  // The guard holds cache_mu_, not stats_mu_: the two sides hold different locks.
  void Stats_bad() {
    util::MutexLock l(&stats_mu_);
    cached_ = 0; // expected-race{{write to `this->cached_` under `this->stats_mu_` in 'journal::Journal::Stats_bad' races with the write under `this->cache_mu_` in 'journal::Journal::Append_ok' (no common lock)}}
  }

  // A callee drops the guard's mutex around slow work: the write after it is not protected.
  void Flush_bad() {
    util::MutexLock l(&cache_mu_);
    cached_ = 1;
    FlushUnlocked(); // expected-race{{unprotected write to `this->flushed_` in 'journal::Journal::Flush_bad' (via call to 'journal::Journal::FlushUnlocked')}}
  }

  long Flushed_ok() {
    util::MutexLock l(&cache_mu_);
    return flushed_;
  }

private:
  void FlushUnlocked() {
    cache_mu_.Unlock();
    flushed_ = 1;
    cache_mu_.Lock();
  }

  port::Mutex cache_mu_;
  port::Mutex stats_mu_;
  long last_trim_ = 0;
  long entries_ = 0;
  long cached_ = 0;
  long flushed_ = 0;
};

// Its only lock is taken through the guard: still a class with a lock of its own.
class Cache {
public:
  void Put_ok(long v) {
    util::MutexLock l(&mu_);
    value_ = v;
  }
  long Get_ok() {
    util::MutexLock l(&mu_);
    return value_;
  }
  long Peek_bad() {
    return value_; // expected-race{{read of `this->value_` without synchronization in 'journal::Cache::Peek_bad' races with the write in 'journal::Cache::Put_ok'}}
  }

private:
  port::Mutex mu_;
  long value_ = 0;
};

} // namespace journal
