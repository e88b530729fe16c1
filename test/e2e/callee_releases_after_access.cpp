// A callee that lets go of its caller's lock: only its accesses after the release lose that lock. A
// mutex wrapper's bookkeeping (`locked_ = false` just before the unlock) stays under the lock, while a
// helper that drops the lock to do slow work (`mu->Unlock(); status_ = ..; mu->Lock();`) races.
// VersionSet's only lock is the one handed to ApplySlowly_bad: it is checked at low confidence
// (parameter-lock-only), where its callers' lock cannot be named (caller-synchronized).
#include <pthread.h>

namespace port {

class Mutex {
public:
  void Lock() {
    pthread_mutex_lock(&mu_);
    locked_ = true;
  }
  void Unlock() {
    locked_ = false; // still held: the caller's lock protects it
    pthread_mutex_unlock(&mu_);
  }
  // Every caller holds this very mutex: under it.
  bool locked() const { return locked_; }

private:
  pthread_mutex_t mu_;
  bool locked_ = false;
};

} // namespace port

namespace db {

struct Edit {
  long number;
};

class VersionSet {
public:
  // Drops the DB mutex around the slow part, like LogAndApply: the write after Unlock() races.
  long ApplySlowly_bad(Edit *e, port::Mutex *mu) {
    pending_ = e->number; // before the release: still under the caller's mu
    mu->Unlock();
    status_ = e->number * 2; // expected-low-race{{unprotected write to `this->status_` in 'db::VersionSet::ApplySlowly_bad' races with the write in 'db::VersionSet::ApplyHeld_ok' [low: every call of 'db::VersionSet::ApplySlowly_bad' holds a lock of its caller's}}
    mu->Lock();
    return pending_;
  }

  // The same helper keeping its caller's lock throughout: only low findings, the callers' lock unnamed.
  long ApplyHeld_ok(Edit *e) {
    pending_ = e->number; // expected-low-race{{unprotected write to `this->pending_` in 'db::VersionSet::ApplyHeld_ok' races with the write in 'db::VersionSet::ApplySlowly_bad' [low: every call of}}
    status_ = e->number * 2; // expected-low-race{{unprotected write to `this->status_` in 'db::VersionSet::ApplyHeld_ok'}}
    return pending_; // expected-low-race{{read of `this->pending_` without synchronization in 'db::VersionSet::ApplyHeld_ok'}}
  }

  long status() const { return status_; } // expected-low-race{{read of `this->status_` without synchronization in 'db::VersionSet::status' races with the write in 'db::VersionSet::ApplyHeld_ok' [low: 'db::VersionSet' locks only mutexes handed to its methods as parameters}}
  long pending_ = 0;
  long status_ = 0;
};

class DB {
public:
  void Apply_bad(Edit *e) {
    mutex_.Lock();
    versions_.ApplySlowly_bad(e, &mutex_); // expected-race{{unprotected write to `this->versions_.status_` in 'db::DB::Apply_bad' (via call to 'db::VersionSet::ApplySlowly_bad')}}
    mutex_.Unlock();
  }

  void ApplyHeld_ok(Edit *e) {
    mutex_.Lock();
    versions_.ApplyHeld_ok(e);
    mutex_.Unlock();
  }

  long Status_ok() {
    mutex_.Lock();
    long s = versions_.status_ + versions_.pending_;
    mutex_.Unlock();
    return s;
  }

  // A helper that may drop and retake the lock in a loop (MakeRoomForWrite): every path to the write
  // after the loop holds the lock again.
  void Schedule_ok(bool wait) {
    mutex_.Lock();
    MakeRoom(wait);
    mutex_.Unlock();
  }
  bool Scheduled_ok() {
    mutex_.Lock();
    bool s = scheduled_;
    mutex_.Unlock();
    return s;
  }

  // The wrapper's own field, read under the lock: its Lock() and Unlock() write it under the lock too.
  bool Locked_ok() {
    mutex_.Lock();
    bool b = mutex_.locked();
    mutex_.Unlock();
    return b;
  }

private:
  void MakeRoom(bool wait) {
    while (true) {
      if (wait) {
        mutex_.Unlock();
        mutex_.Lock();
        wait = false;
      } else {
        scheduled_ = true;
        break;
      }
    }
  }

  port::Mutex mutex_;
  VersionSet versions_;
  bool scheduled_ = false;
};

} // namespace db
