// An iterator used by one thread calls a locking method of the database it points to (leveldb's DBIter calling
// DBImpl::RecordReadSample, which asserts its mutex held in a helper). The database's lock is not the iterator's:
// the iterator is not checked. The database is, and its own unprotected access is still reported.
#include "thread_annotations.h"
#include <cstdint>
#include <string>

namespace kv {

class Database {
public:
  void RecordReadSample_ok(const std::string &key) {
    mutex_.Lock();
    ++samples_;
    lastSampled_ = key;
    MaybeScheduleCompaction();
    mutex_.Unlock();
  }

  uint64_t samples_bad() const {
    return samples_; // expected-race{{read of `this->samples_` without synchronization in 'kv::Database::samples_bad' races with the write in 'kv::Database::RecordReadSample_ok'}}
  }

private:
  void MaybeScheduleCompaction() {
    mutex_.AssertHeld();
    ++compactionsScheduled_;
  }

  mutable base::Mutex mutex_;
  uint64_t samples_ = 0;
  int compactionsScheduled_ = 0;
  std::string lastSampled_;
};

class DBIter {
public:
  explicit DBIter(Database *db) : db_(db) {}

  void Next_ok() {
    ++position_;
    bytesUntilSample_ -= 16;
    if (bytesUntilSample_ < 0) {
      bytesUntilSample_ = 1 << 20;
      db_->RecordReadSample_ok(key_);
    }
    key_ = "k" + std::to_string(position_);
  }

  void Seek_ok(const std::string &target) {
    key_ = target;
    position_ = 0;
  }

  const std::string &key_ok() const { return key_; }

private:
  Database *db_;
  std::string key_;
  long position_ = 0;
  long bytesUntilSample_ = 1 << 20;
};

} // namespace kv
