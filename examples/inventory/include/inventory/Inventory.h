#ifndef INVENTORY_INVENTORY_H
#define INVENTORY_INVENTORY_H

#include <map>
#include <mutex>
#include <string>

namespace shop {

/// Stock levels per SKU, shared by all order workers. Guarded by `mu_`.
class Inventory {
public:
  void addStock(const std::string &sku, int units);
  /// Takes `units` of `sku` out of stock; false if there are not enough.
  bool removeStock(const std::string &sku, int units);
  int unitsOf(const std::string &sku) const;

  /// Adds stock from a supplier delivery and counts the delivery.
  void restock(const std::string &sku, int units);
  int restockCount() const;

  /// Units over all SKUs.
  int totalUnits() const;

private:
  mutable std::mutex mu_;
  std::map<std::string, int> stock_;
  int totalUnits_ = 0;
  int restocks_ = 0;
};

} // namespace shop

#endif
