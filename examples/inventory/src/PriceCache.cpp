#include "inventory/PriceCache.h"

#include <mutex>

namespace shop {

std::optional<double> PriceCache::price(const std::string &sku) const {
  std::shared_lock<std::shared_mutex> lock(mu_);
  // Bug: a shared (reader) lock lets other readers in at the same time, so
  // this write is not protected.
  ++lookups_; // racecar: expected race
  auto it = prices_.find(sku);
  if (it == prices_.end())
    return std::nullopt;
  return it->second;
}

void PriceCache::setPrice(const std::string &sku, double price) {
  std::unique_lock<std::shared_mutex> lock(mu_);
  prices_[sku] = price;
}

void PriceCache::clear() {
  std::unique_lock<std::shared_mutex> lock(mu_);
  prices_.clear();
  lookups_ = 0;
}

std::uint64_t PriceCache::lookups() const {
  std::shared_lock<std::shared_mutex> lock(mu_);
  return lookups_; // racecar: read under the shared lock; the race is reported at the write (line 11)
}

} // namespace shop
