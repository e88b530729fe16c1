// A public method that the class itself calls under its own mutex is still a public method: callers
// outside the class may call it without the lock, so its races are not excused as caller-synchronized.
// The same shape behind a thread-safe wrapper of another class stays low (caller_synchronized_impl.cpp).
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

} // namespace cache
