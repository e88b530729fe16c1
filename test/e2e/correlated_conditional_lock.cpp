// rocksdb's DBImpl::WriteToWAL locks log_write_mutex_ only when its caller
// does not hold it (`const bool needs_locking = manual_wal_flush_ &&
// !two_write_queues_; if (needs_locking) Lock(); ..; if (needs_locking)
// Unlock();`), then sets `log_empty_ = false`. ConcurrentWriteToWAL calls it
// with log_write_mutex_ held. The unlock ends the hold taken under the same
// condition, not its caller's: `log_empty_` is still under the caller's lock.
//
// Twins that race:
//  - a callee that lets go of its caller's lock under a condition before
//    taking it back (`if (sync) Unlock(); ..; if (sync) Lock();`): the
//    access between is unprotected on the path that let go;
//  - the same WriteToWAL called by a method that holds nothing.
#include <mutex>

class WalWriter {
public:
  void ConcurrentWriteToWAL_ok() {
    log_write_mutex_.lock();
    WriteToWAL();
    log_write_mutex_.unlock();
  }
  void SwitchMemtable_ok() {
    std::lock_guard<std::mutex> l(log_write_mutex_);
    log_empty_ = true;
    synced_ = 0;
  }
  void SyncUnderLock_bad() {
    log_write_mutex_.lock();
    SyncReleasing(); // expected-race{{unprotected write to `this->synced_` in 'WalWriter::SyncUnderLock_bad' (via call to 'WalWriter::SyncReleasing') races with the write in 'WalWriter::SwitchMemtable_ok'}}
    log_write_mutex_.unlock();
  }
  bool Empty() {
    std::lock_guard<std::mutex> l(log_write_mutex_);
    return log_empty_;
  }

private:
  void WriteToWAL() {
    const bool needs_locking = manual_wal_flush_ && !two_write_queues_;
    if (needs_locking)
      log_write_mutex_.lock();
    ++records_;
    if (needs_locking)
      log_write_mutex_.unlock();
    log_empty_ = false;
  }
  void SyncReleasing() {
    const bool sync = manual_wal_flush_;
    if (sync)
      log_write_mutex_.unlock();
    synced_++;
    if (sync)
      log_write_mutex_.lock();
  }

  std::mutex log_write_mutex_;
  bool manual_wal_flush_ = false;
  bool two_write_queues_ = false;
  bool log_empty_ = true;
  long records_ = 0;
  long synced_ = 0;
};

// Twin: the same callee, from a method that holds nothing.
class UnlockedWalWriter {
public:
  void Write_bad() {
    WriteToWAL(); // expected-race{{unprotected write to `this->log_empty_` in 'UnlockedWalWriter::Write_bad' (via call to 'UnlockedWalWriter::WriteToWAL') races with the write in 'UnlockedWalWriter::Switch_ok'}}
  }
  void Switch_ok() {
    std::lock_guard<std::mutex> l(mu_);
    log_empty_ = true;
  }

private:
  void WriteToWAL() {
    const bool needs_locking = manual_;
    if (needs_locking)
      mu_.lock();
    ++records_;
    if (needs_locking)
      mu_.unlock();
    log_empty_ = false;
  }

  std::mutex mu_;
  bool manual_ = false;
  bool log_empty_ = true;
  long records_ = 0;
};

// rocksdb's SwitchMemtable reads `log_empty_` holding log_write_mutex_ only
// when two write queues are on (`if (two_write_queues_)
// log_write_mutex_.Lock();` and the same test around the unlock); the WAL-only
// writer, which runs in that mode, writes it under log_write_mutex_. On the
// paths where both run, both may hold it: low, conditional-lock. A read after
// the unlock holds only the DB mutex: high.
class MemtableSwitcher {
public:
  void WriteWALOnly_ok() {
    std::lock_guard<std::mutex> l(log_write_mutex_);
    log_empty_ = false;
    wal_bytes_++; // expected-race{{write to `this->wal_bytes_` under `this->log_write_mutex_` in 'MemtableSwitcher::WriteWALOnly_ok' races with the read under `this->mutex_` in 'MemtableSwitcher::SwitchMemtable_bad' (no common lock)}}
  }
  void SwitchMemtable_bad() {
    std::lock_guard<std::mutex> l(mutex_);
    if (two_write_queues_)
      log_write_mutex_.lock();
    bool creating_new_log = !log_empty_; // expected-low-race{{read of `this->log_empty_` under `this->mutex_` in 'MemtableSwitcher::SwitchMemtable_bad' races with the write under `this->log_write_mutex_` in 'MemtableSwitcher::WriteWALOnly_ok' (no common lock) [low: a thread here locks a mutex under a condition and unlocks it under the same one}}
    if (two_write_queues_)
      log_write_mutex_.unlock();
    if (creating_new_log)
      switches_++;
    long bytes = wal_bytes_; // expected-race{{read of `this->wal_bytes_` under `this->mutex_` in 'MemtableSwitcher::SwitchMemtable_bad' races with the write under `this->log_write_mutex_` in 'MemtableSwitcher::WriteWALOnly_ok' (no common lock)}}
    (void)bytes;
  }

private:
  std::mutex mutex_;
  std::mutex log_write_mutex_;
  bool two_write_queues_ = false;
  bool log_empty_ = true;
  long wal_bytes_ = 0;
  long switches_ = 0;
};
