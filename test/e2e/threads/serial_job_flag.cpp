// leveldb's Env::Schedule(fn, arg) runs fn(arg) on the Env's background
// pool, where jobs may run at once. DBImpl keeps its compaction to one job
// at a time with a flag under its mutex: MaybeScheduleCompaction schedules
// only when `background_compaction_scheduled_` is false and sets it; the job
// does its work with the mutex released, then clears the flag under the
// mutex (and may schedule the next one). Two compactions never overlap, so
// the work done with the mutex released is no race. The twins below break
// the protocol one way each, and their jobs race with themselves.
#include <mutex>

namespace leveldb {
class Env {
public:
  virtual ~Env();
  virtual void Schedule(void (*function)(void *arg), void *arg) = 0;
};
} // namespace leveldb

using leveldb::Env;

// The protocol as leveldb's DBImpl has it.
class SerialCompactor {
public:
  explicit SerialCompactor(Env *env) : env_(env) {}
  void Start() {
    std::lock_guard<std::mutex> l(mu_);
    MaybeScheduleCompaction();
  }

private:
  static void BGWork(void *db) {
    reinterpret_cast<SerialCompactor *>(db)->BackgroundCall();
  }
  void MaybeScheduleCompaction() {
    if (background_compaction_scheduled_) {
      // Already scheduled
    } else if (shutting_down_) {
      // DB is being deleted; no more background compactions
    } else {
      background_compaction_scheduled_ = true;
      env_->Schedule(&SerialCompactor::BGWork, this);
    }
  }
  void BackgroundCall() {
    mu_.lock();
    int level = next_level_;
    mu_.unlock();
    DoCompactionWork(level); // the mutex released
    mu_.lock();
    background_compaction_scheduled_ = false;
    MaybeScheduleCompaction();
    mu_.unlock();
  }
  void DoCompactionWork(int level) {
    compacted_bytes_ += level;
    last_output_ = level;
  }

  std::mutex mu_;
  Env *env_;
  bool background_compaction_scheduled_ = false;
  bool shutting_down_ = false;
  int next_level_ = 0;
  long compacted_bytes_ = 0;
  int last_output_ = 0;
};

void open_serial_compactor_ok(Env *env) {
  SerialCompactor *db = new SerialCompactor(env);
  db->Start();
}

// The same with an early return instead of an if-else chain.
class EarlyReturnFlusher {
public:
  explicit EarlyReturnFlusher(Env *env) : env_(env) {}
  void Start() {
    std::lock_guard<std::mutex> l(mu_);
    MaybeScheduleFlush();
  }

private:
  static void BGFlush(void *arg) {
    static_cast<EarlyReturnFlusher *>(arg)->BackgroundFlush();
  }
  void MaybeScheduleFlush() {
    if (flush_scheduled_)
      return;
    flush_scheduled_ = true;
    env_->Schedule(&EarlyReturnFlusher::BGFlush, this);
  }
  void BackgroundFlush() {
    flushed_ += 1; // with the mutex released
    std::lock_guard<std::mutex> l(mu_);
    flush_scheduled_ = false;
  }

  std::mutex mu_;
  Env *env_;
  bool flush_scheduled_ = false;
  long flushed_ = 0;
};

void open_early_return_flusher_ok(Env *env) {
  EarlyReturnFlusher *f = new EarlyReturnFlusher(env);
  f->Start();
}

// Twin: the job clears the flag without the mutex, so the next check may
// see it cleared before this job is done with anything: two jobs can run.
class UnlockedResetCompactor {
public:
  explicit UnlockedResetCompactor(Env *env) : env_(env) {}
  void Start() {
    std::lock_guard<std::mutex> l(mu_);
    MaybeSchedule();
  }

private:
  static void BGWork(void *db) {
    reinterpret_cast<UnlockedResetCompactor *>(db)->BackgroundCall();
  }
  void MaybeSchedule() {
    if (!scheduled_) {
      scheduled_ = true;
      env_->Schedule(&UnlockedResetCompactor::BGWork, this);
    }
  }
  void BackgroundCall() {
    compacted_bytes_ += 1; // expected-race{{unprotected write to `db->compacted_bytes_` in 'UnlockedResetCompactor::BackgroundCall'}}
    scheduled_ = false;
    mu_.lock();
    MaybeSchedule();
    mu_.unlock();
  }

  std::mutex mu_;
  Env *env_;
  bool scheduled_ = false;
  long compacted_bytes_ = 0;
};

void open_unlocked_reset_bad(Env *env) {
  UnlockedResetCompactor *db = new UnlockedResetCompactor(env);
  db->Start();
}

// Twin: a count of scheduled jobs with a limit above one (rocksdb's
// bg_compaction_scheduled_) lets jobs run at once.
class CountedCompactor {
public:
  explicit CountedCompactor(Env *env) : env_(env) {}
  void Start() {
    std::lock_guard<std::mutex> l(mu_);
    MaybeSchedule();
  }

private:
  static void BGWork(void *db) {
    reinterpret_cast<CountedCompactor *>(db)->BackgroundCall();
  }
  void MaybeSchedule() {
    if (scheduled_ < 2) {
      scheduled_++;
      env_->Schedule(&CountedCompactor::BGWork, this);
    }
  }
  void BackgroundCall() {
    compacted_bytes_ += 1; // expected-race{{unprotected write to `db->compacted_bytes_` in 'CountedCompactor::BackgroundCall'}}
    std::lock_guard<std::mutex> l(mu_);
    scheduled_--;
    MaybeSchedule();
  }

  std::mutex mu_;
  Env *env_;
  int scheduled_ = 0;
  long compacted_bytes_ = 0;
};

void open_counted_bad(Env *env) {
  CountedCompactor *db = new CountedCompactor(env);
  db->Start();
}

// Twin: the flag is set without being checked first: every call schedules.
class UncheckedCompactor {
public:
  explicit UncheckedCompactor(Env *env) : env_(env) {}
  void Start() {
    std::lock_guard<std::mutex> l(mu_);
    Schedule();
  }

private:
  static void BGWork(void *db) {
    reinterpret_cast<UncheckedCompactor *>(db)->BackgroundCall();
  }
  void Schedule() {
    scheduled_ = true;
    env_->Schedule(&UncheckedCompactor::BGWork, this);
  }
  void BackgroundCall() {
    compacted_bytes_ += 1; // expected-race{{unprotected write to `db->compacted_bytes_` in 'UncheckedCompactor::BackgroundCall'}}
    std::lock_guard<std::mutex> l(mu_);
    scheduled_ = false;
  }

  std::mutex mu_;
  Env *env_;
  bool scheduled_ = false;
  long compacted_bytes_ = 0;
};

void open_unchecked_bad(Env *env) {
  UncheckedCompactor *db = new UncheckedCompactor(env);
  db->Start();
}
