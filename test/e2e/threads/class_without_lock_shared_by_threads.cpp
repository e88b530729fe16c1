// A class with no lock at all is ignored by the class-based check, but two threads calling it on one object race.
#include <thread>

namespace cache {

class LruStats {
public:
  void hit() { ++hits_; } // expected-race{{unprotected write to `stats.hits_`}}
  // The class check sees it too, but only as low: LruStats has no lock of its own (the thread check above is precise).
  void miss() { ++misses_; } // expected-low-race{{unprotected write to `this->misses_` in 'cache::LruStats::miss' races with itself on another thread [low: 'cache::LruStats' has no lock of its own and is checked only because a method runs as a thread]}}
  long hits() const { return hits_; } // expected-low-race{{read of `this->hits_` without synchronization in 'cache::LruStats::hits' races with the write in 'cache::LruStats::hit' [low: 'cache::LruStats' has no lock}}

private:
  long hits_ = 0;
  long misses_ = 0;
};

} // namespace cache

int main() {
  cache::LruStats stats;
  std::thread a([&stats] { stats.hit(); });
  std::thread b([&stats] { stats.miss(); });
  std::thread c(&cache::LruStats::hit, &stats);
  a.join();
  b.join();
  c.join();
  return static_cast<int>(stats.hits());
}
