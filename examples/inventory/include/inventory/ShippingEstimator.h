#ifndef INVENTORY_SHIPPINGESTIMATOR_H
#define INVENTORY_SHIPPINGESTIMATOR_H

#include <map>
#include <string>

namespace shop {

/// Delivery-time estimates per region. Not thread-safe and not meant to be:
/// it has no lock and no thread-safety annotation, so racecar assumes it is
/// used from one thread and reports nothing here, even though its setters
/// write without synchronization.
class ShippingEstimator {
public:
  void setBaseDays(int days) { baseDays_ = days; }
  void setRegionDelay(const std::string &region, int days) {
    regionDelay_[region] = days;
  }
  int estimateDays(const std::string &region, int quantity) const {
    auto it = regionDelay_.find(region);
    int days = baseDays_ + (it == regionDelay_.end() ? 0 : it->second);
    if (quantity > 100)
      ++days; // large orders ship from the central warehouse
    return days;
  }

private:
  int baseDays_ = 2;
  std::map<std::string, int> regionDelay_;
};

} // namespace shop

#endif
