#include "inventory/Inventory.h"

namespace shop {

void Inventory::addStock(const std::string &sku, int units) {
  std::lock_guard<std::mutex> lock(mu_);
  stock_[sku] += units;
  totalUnits_ += units;
}

bool Inventory::removeStock(const std::string &sku, int units) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = stock_.find(sku);
  if (it == stock_.end() || it->second < units)
    return false;
  it->second -= units;
  totalUnits_ -= units;
  return true;
}

int Inventory::unitsOf(const std::string &sku) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = stock_.find(sku);
  return it == stock_.end() ? 0 : it->second;
}

void Inventory::restock(const std::string &sku, int units) {
  addStock(sku, units); // takes and releases mu_
  // Bug: the lock is no longer held here.
  ++restocks_; // racecar: expected race
}

int Inventory::restockCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  // Locking the read does not help while restock() writes without the lock.
  return restocks_; // racecar: locked read; the race is reported at the unlocked write (line 30)
}

int Inventory::totalUnits() const {
  // Bug: "just a read of an int" — but addStock/removeStock write it under mu_.
  return totalUnits_; // racecar: expected race
}

} // namespace shop
