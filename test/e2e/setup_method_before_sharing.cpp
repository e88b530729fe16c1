// A setter called only while the object is set up, before any thread can see it (leveldb's LRUCache::SetCapacity,
// called from ShardedLRUCache's constructor), races with nothing: low. Called again on a shared object, it is high.
#include <cstddef>
#include <mutex>

namespace cache {

class LRUShard {
public:
  void SetCapacity(size_t capacity) {
    capacity_ = capacity; // expected-low-race{{unprotected write to `this->capacity_` in 'cache::LRUShard::SetCapacity' races with itself on another thread [low: 'cache::LRUShard::SetCapacity' is only called on objects not shared yet (a local, or one being constructed)]}}
  }

  bool Insert_ok(size_t charge) {
    std::lock_guard<std::mutex> l(mutex_);
    if (usage_ + charge > capacity_)
      return false;
    usage_ += charge;
    return true;
  }

private:
  std::mutex mutex_;
  size_t capacity_ = 0;
  size_t usage_ = 0;
};

static const int kNumShards = 4;

class ShardedCache {
public:
  explicit ShardedCache(size_t capacity) {
    for (int s = 0; s < kNumShards; s++)
      shards_[s].SetCapacity((capacity + kNumShards - 1) / kNumShards);
  }
  bool Insert_ok(size_t hash, size_t charge) {
    return shards_[hash % kNumShards].Insert_ok(charge);
  }

private:
  LRUShard shards_[kNumShards];
};

ShardedCache *NewCache(size_t capacity) { return new ShardedCache(capacity); }

// The same shape, but the setter is also called on a cache every thread shares.
class Pool {
public:
  void Resize(size_t n) {
    limit_ = n; // expected-race{{unprotected write to `this->limit_` in 'cache::Pool::Resize' races with itself on another thread}}
  }
  bool Take_ok() {
    std::lock_guard<std::mutex> l(mutex_);
    return ++used_ <= limit_;
  }

private:
  std::mutex mutex_;
  size_t limit_ = 0;
  size_t used_ = 0;
};

Pool g_pool;
void Reconfigure(size_t n) { g_pool.Resize(n); }

struct Server {
  Server() { pool_.Resize(8); }
  Pool pool_;
};

} // namespace cache
