// A cache's base class keeps the counters and their getters; the derived
// LRU cache updates them under the base's mutex. Users call the inherited
// getters on the LRU cache, so an unguarded one races with its updates. A
// getter the derived class overrides (with the lock) is not the base's any
// more; a base inherited privately is not callable by users.
#include <cstddef>
#include <map>
#include <mutex>

namespace cache {

class CacheStats {
public:
  long misses_bad() const {
    return misses_; // expected-race{{read of `this->misses_` without synchronization in 'cache::CacheStats::misses_bad' races with the write in 'cache::LruCache::get'}}
  }
  long hits_ok() const {
    std::lock_guard<std::mutex> lock(mu_);
    return hits_;
  }
  long evictions() const { return evictions_; }

protected:
  mutable std::mutex mu_;
  long hits_ = 0;
  long misses_ = 0;
  long evictions_ = 0;
};

class LruCache : public CacheStats {
public:
  bool get(int key, int *out) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = entries_.find(key);
    if (it == entries_.end()) {
      ++misses_;
      return false;
    }
    ++hits_;
    *out = it->second;
    return true;
  }
  void put(int key, int value) {
    std::lock_guard<std::mutex> lock(mu_);
    if (entries_.size() >= 64) {
      entries_.erase(entries_.begin());
      ++evictions_;
    }
    entries_[key] = value;
  }
  // Overrides (hides) the base's unguarded getter.
  long evictions() const {
    std::lock_guard<std::mutex> lock(mu_);
    return evictions_;
  }

private:
  std::map<int, int> entries_;
};

class SizeCounter {
public:
  std::size_t count() const { return count_; }

protected:
  std::size_t count_ = 0;
};

// Users cannot call SizeCounter::count() on an Index: it is a private base.
class Index : private SizeCounter {
public:
  void add_ok(int key) {
    std::lock_guard<std::mutex> lock(mu_);
    keys_[key] = true;
    count_ = keys_.size();
  }
  std::size_t size_ok() const {
    std::lock_guard<std::mutex> lock(mu_);
    return count();
  }

private:
  mutable std::mutex mu_;
  std::map<int, bool> keys_;
};

} // namespace cache
