// Callers of the wrappers: append_ok() is protected, truncate_bad() updates a counter after unlock().
#include "journal.h"

namespace wal {

void Journal::append_ok(const std::string &rec) {
  lock();
  data_ += rec;
  ++records_;
  unlock();
}

void Journal::truncate_bad() {
  lock();
  data_.clear();
  unlock();
  records_ = 0; // expected-race{{unprotected write to `this->records_` in 'wal::Journal::truncate_bad'}}
}

long Journal::size_ok() const {
  lock();
  long n = records_;
  unlock();
  return n;
}

} // namespace wal
