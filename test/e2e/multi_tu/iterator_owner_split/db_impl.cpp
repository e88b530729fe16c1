#include "db.h"

namespace kv {

void Database::RecordReadSample(const std::string &key) {
  mutex_.Lock();
  ++samples_;
  lastSampled_ = key;
  MaybeScheduleCompaction();
  mutex_.Unlock();
}

void Database::MaybeScheduleCompaction() {
  mutex_.AssertHeld();
  ++compactionsScheduled_;
}

uint64_t Database::Samples() const {
  return samples_; // expected-race{{read of `this->samples_` without synchronization in 'kv::Database::Samples'}}
}

} // namespace kv
