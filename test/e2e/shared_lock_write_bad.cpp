// A write under only a shared (reader) lock is an unprotected write.
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>

namespace cache {

class PriceCache {
public:
  double price_bad(const std::string &sku) const {
    std::shared_lock<std::shared_mutex> lock(mu_);
    ++lookups_; // expected-race{{unprotected write to `this->lookups_` in 'cache::PriceCache::price_bad' races with itself on another thread (only a shared lock is held)}}
    auto it = prices_.find(sku);
    return it == prices_.end() ? 0.0 : it->second;
  }

  void warm_bad(const std::string &sku, double p) {
    std::shared_lock<std::shared_mutex> lock(mu_);
    prices_.emplace(sku, p); // expected-race{{unprotected write to container `this->prices_` (call to 'std::unordered_map::emplace') in 'cache::PriceCache::warm_bad' races with the write in 'cache::PriceCache::update_ok' (only a shared lock is held)}}
  }

  void update_ok(const std::string &sku, double p) {
    std::unique_lock<std::shared_mutex> lock(mu_);
    prices_[sku] = p;
  }

  // A read under the shared lock is protected, even against an unprotected write.
  long lookups_ok() const {
    std::shared_lock<std::shared_mutex> lock(mu_);
    return lookups_;
  }

private:
  mutable std::shared_mutex mu_;
  std::unordered_map<std::string, double> prices_;
  mutable long lookups_ = 0;
};

} // namespace cache
