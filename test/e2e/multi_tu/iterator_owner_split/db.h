// The database and its iterator in two TUs (leveldb's db_impl.cc and db_iter.cc): whether the iterator is checked
// must not depend on whether the database's TU is in the same scan.
#pragma once
#include "thread_annotations.h"
#include <cstdint>
#include <string>

namespace kv {

class Database {
public:
  void RecordReadSample(const std::string &key);
  uint64_t Samples() const;

private:
  void MaybeScheduleCompaction();
  mutable base::Mutex mutex_;
  uint64_t samples_ = 0;
  std::string lastSampled_;
  int compactionsScheduled_ = 0;
};

class DBIter {
public:
  explicit DBIter(Database *db) : db_(db) {}
  void Next();
  void Seek(const std::string &target);

private:
  Database *db_;
  std::string key_;
  long position_ = 0;
  long bytesUntilSample_ = 1 << 20;
};

} // namespace kv
