// A const method updating a mutable cache without the lock is still an unprotected write.
#include <mutex>
#include <string>
#include <unordered_map>

namespace geo {

class Geocoder {
public:
  std::string lookup_bad(const std::string &address) const {
    auto it = cache_.find(address); // expected-race{{read of container `this->cache_` (call to 'std::unordered_map::find') without synchronization in 'geo::Geocoder::lookup_bad'}}
    if (it != cache_.end())
      return it->second;
    std::string coords = resolve(address);
    cache_[address] = coords; // expected-race{{unprotected write to container `this->cache_` (call to 'std::unordered_map::operator[]') in 'geo::Geocoder::lookup_bad'}}
    ++misses_; // expected-race{{unprotected write to `this->misses_` in 'geo::Geocoder::lookup_bad'}}
    return coords;
  }

  void invalidate_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    cache_.clear();
    misses_ = 0;
  }

private:
  static std::string resolve(const std::string &address) { return "0,0:" + address; }

  mutable std::mutex mu_;
  mutable std::unordered_map<std::string, std::string> cache_;
  mutable long misses_ = 0;
};

} // namespace geo
