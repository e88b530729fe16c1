// The conflicting access a report names is the easiest to believe: not in a
// test hook when production code races too, and reached through the fewest
// calls.
#include <mutex>

namespace store {

class Table {
public:
  void Apply_ok(long n) {
    std::lock_guard<std::mutex> g(mu_);
    applyBatch(n);
  }

  void Insert_ok() {
    std::lock_guard<std::mutex> g(mu_);
    size_++;
  }

  long Size_bad() const {
    return size_; // expected-race{{read of `this->size_` without synchronization in 'store::Table::Size_bad' races with the write in 'store::Table::Insert_ok'}}
  }

private:
  void applyBatch(long n) { grow(n); }
  void grow(long n) { size_ += n; }

  mutable std::mutex mu_;
  long size_ = 0;
};

class Journal {
public:
  void TEST_SetLength_ok(long n) {
    std::lock_guard<std::mutex> g(mu_);
    length_ = n;
  }

  void Truncate_ok() {
    std::lock_guard<std::mutex> g(mu_);
    length_ = 0;
  }

  long Length_bad() const {
    return length_; // expected-race{{read of `this->length_` without synchronization in 'store::Journal::Length_bad' races with the write in 'store::Journal::Truncate_ok'}}
  }

private:
  mutable std::mutex mu_;
  long length_ = 0;
};

} // namespace store
