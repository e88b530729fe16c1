// Accesses to fields of member structs are distinct locations: `this->stats_.hits`.
#include <mutex>
#include <string>

namespace cache {

struct CacheStats {
  long hits = 0;
  long misses = 0;
  struct {
    long bytes = 0;
  } memory;
};

class BlobCache {
public:
  bool lookup_ok(const std::string &key) {
    std::lock_guard<std::mutex> guard(mu_);
    bool found = key == lastKey_;
    if (found)
      stats_.hits++;
    else
      stats_.misses++;
    return found;
  }

  void store_bad(const std::string &key, long size) {
    {
      std::lock_guard<std::mutex> guard(mu_);
      lastKey_ = key;
    }
    stats_.memory.bytes += size; // expected-race{{unprotected write to `this->stats_.memory.bytes` in 'cache::BlobCache::store_bad'}}
  }

  long hits_bad() const {
    return stats_.hits; // expected-race{{read of `this->stats_.hits` without synchronization in 'cache::BlobCache::hits_bad' races with the write in 'cache::BlobCache::lookup_ok'}}
  }

  // misses is a different location from hits: reading it here races only
  // because lookup_ok writes it too.
  long misses_bad() const {
    return stats_.misses; // expected-race{{read of `this->stats_.misses` without synchronization}}
  }

private:
  mutable std::mutex mu_;
  std::string lastKey_;
  CacheStats stats_;
};

} // namespace cache
