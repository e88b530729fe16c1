#ifndef INVENTORY_ORDERQUEUE_H
#define INVENTORY_ORDERQUEUE_H

#include "inventory/Order.h"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>

namespace shop {

/// Blocking multi-producer / multi-consumer queue of orders. Correctly
/// synchronized: every access to the members below holds `mu_`.
class OrderQueue {
public:
  /// False once the queue is closed.
  bool push(Order order);
  /// Blocks until an order is available; false when closed and drained.
  bool pop(Order &out);
  void close();
  std::size_t size() const;
  std::uint64_t pushedCount() const;

private:
  mutable std::mutex mu_;
  std::condition_variable ready_;
  std::deque<Order> orders_;
  std::uint64_t pushed_ = 0;
  bool closed_ = false;
};

} // namespace shop

#endif
