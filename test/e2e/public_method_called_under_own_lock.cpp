// A public method that the class itself calls under its own mutex is still a public method: callers
// outside the class may call it without the lock, so its races are not excused as caller-synchronized.
// The same shape behind a thread-safe wrapper of another class stays low (caller_synchronized_impl.cpp).
// When code outside the class calls it too, those callers are in the program: if every caller, inside
// and outside, holds a lock, it is caller-synchronized (rocksdb's AddSuperVersionsToFreeQueue, called
// under the DB mutex by DBImpl, ForwardIterator and ColumnFamilyData); one outside caller without a
// lock keeps it high.
#include <mutex>

namespace cache {

class LRU {
public:
  void Insert_ok(long key) {
    std::lock_guard<std::mutex> g(mu_);
    ++inserts_;
    Evict_bad();
  }

  // Public, and called above under mu_; an outside caller need not hold it.
  void Evict_bad() {
    ++evictions_; // expected-race{{unprotected write to `this->evictions_` in 'cache::LRU::Evict_bad' races with the write in 'cache::LRU::Insert_ok'}}
  }

  long Evictions_ok() {
    std::lock_guard<std::mutex> g(mu_);
    return evictions_ + inserts_;
  }

private:
  std::mutex mu_;
  long inserts_ = 0;
  long evictions_ = 0;
};

// Twin: the helper is private, folded into its locked callers: nothing to report.
class SafeLRU {
public:
  void Insert_ok(long key) {
    std::lock_guard<std::mutex> g(mu_);
    ++inserts_;
    Evict();
  }
  long Evictions_ok() {
    std::lock_guard<std::mutex> g(mu_);
    return evictions_ + inserts_;
  }

private:
  void Evict() { ++evictions_; }

  std::mutex mu_;
  long inserts_ = 0;
  long evictions_ = 0;
};

// Called under the DB's mutex by the DB itself and by other classes.
class DB {
public:
  void Cleanup_ok(int sv) {
    std::lock_guard<std::mutex> g(mu_);
    AddToFreeQueue(sv);
  }
  void AddToFreeQueue(int sv) {
    free_queue_ += sv; // expected-low-race{{unprotected write to `this->free_queue_` in 'cache::DB::AddToFreeQueue' races with the write in 'cache::DB::Purge_ok' [low: every call of 'cache::DB::AddToFreeQueue' holds a lock of its caller's}}
  }
  void Purge_ok() {
    std::lock_guard<std::mutex> g(mu_);
    free_queue_ = 0;
  }
  // Called by the iterator below without the mutex.
  void AddToLogQueue_bad(int log) {
    log_queue_ += log; // expected-race{{unprotected write to `this->log_queue_` in 'cache::DB::AddToLogQueue_bad' races with the write in 'cache::DB::PurgeLogs_ok'}}
  }
  void PurgeLogs_ok() {
    std::lock_guard<std::mutex> g(mu_);
    AddToLogQueue_bad(0);
    log_queue_ = 0;
  }
  std::mutex mu_;

private:
  long free_queue_ = 0;
  long log_queue_ = 0;
};

class Iterator {
public:
  explicit Iterator(DB *db) : db_(db) {}
  void Release(int sv) {
    std::lock_guard<std::mutex> g(db_->mu_);
    db_->AddToFreeQueue(sv);
  }
  void Close(int log) { db_->AddToLogQueue_bad(log); } // expected-low-race{{unprotected write to `this->db_->log_queue_` in 'cache::Iterator::Close' (via call to 'cache::DB::AddToLogQueue_bad') races with itself on another thread [low: 'cache::Iterator' locks only mutexes it points to}}

private:
  DB *db_;
};

} // namespace cache
