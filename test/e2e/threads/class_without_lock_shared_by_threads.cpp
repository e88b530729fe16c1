// A class with no lock at all is ignored by the class-based check, but two threads calling it on one object race.
#include <thread>

namespace cache {

class LruStats {
public:
  void hit() { ++hits_; }      // expected-race{{unprotected write to `stats.hits_` in 'cache::LruStats::hit' races with}}
  void miss() { ++misses_; }
  long hits() const { return hits_; }

private:
  long hits_ = 0;
  long misses_ = 0;
};

} // namespace cache

int main() {
  cache::LruStats stats;
  std::thread a([&stats] { stats.hit(); });   // expected-race{{unprotected write to `stats.hits_`}}
  std::thread b([&stats] { stats.miss(); });
  std::thread c(&cache::LruStats::hit, &stats);
  a.join();
  b.join();
  c.join();
  return static_cast<int>(stats.hits());
}
