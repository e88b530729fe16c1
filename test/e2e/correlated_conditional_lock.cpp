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
