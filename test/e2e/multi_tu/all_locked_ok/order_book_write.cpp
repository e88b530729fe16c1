// Writers take the exclusive lock.
#include "order_book.h"

// expected-no-races

namespace trading {

void OrderBook::addBid_ok(long price, long qty) {
  std::unique_lock<std::shared_mutex> lock(mu_);
  bids_[price] += qty;
  bump();
}

void OrderBook::addAsk_ok(long price, long qty) {
  std::lock_guard<std::shared_mutex> lock(mu_);
  asks_[price] += qty;
  bump();
}

} // namespace trading
