#ifndef INVENTORY_PRICECACHE_H
#define INVENTORY_PRICECACHE_H

#include <cstdint>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>

namespace shop {

/// Read-mostly cache of unit prices: many concurrent readers under a shared
/// lock, rare writers under an exclusive one.
class PriceCache {
public:
  std::optional<double> price(const std::string &sku) const;
  void setPrice(const std::string &sku, double price);
  void clear();
  std::uint64_t lookups() const;

private:
  mutable std::shared_mutex mu_;
  std::unordered_map<std::string, double> prices_;
  mutable std::uint64_t lookups_ = 0;
};

} // namespace shop

#endif
