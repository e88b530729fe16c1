// Readers take the shared lock.
#include "order_book.h"

// expected-no-races

namespace trading {

long OrderBook::bestBid_ok() const {
  std::shared_lock<std::shared_mutex> lock(mu_);
  return bids_.empty() ? 0 : bids_.rbegin()->first;
}

long OrderBook::depth_ok() const {
  std::shared_lock<std::shared_mutex> lock(mu_);
  return static_cast<long>(bids_.size() + asks_.size()) + updates_;
}

} // namespace trading
