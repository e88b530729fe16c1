#ifndef INVENTORY_ORDER_H
#define INVENTORY_ORDER_H

#include <cstdint>
#include <string>

namespace shop {

/// One customer order line: `quantity` units of `sku`.
struct Order {
  std::uint64_t id = 0;
  std::string sku;
  int quantity = 0;
  std::string region;
};

} // namespace shop

#endif
