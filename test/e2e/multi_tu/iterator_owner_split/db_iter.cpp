// expected-no-races
#include "db.h"

namespace kv {

void DBIter::Next() {
  ++position_;
  bytesUntilSample_ -= 16;
  if (bytesUntilSample_ < 0) {
    bytesUntilSample_ = 1 << 20;
    db_->RecordReadSample(key_);
  }
  key_ = "k" + std::to_string(position_);
}

void DBIter::Seek(const std::string &target) {
  key_ = target;
  position_ = 0;
}

} // namespace kv
