// An order book whose every access is locked, split across TUs.
#ifndef ORDER_BOOK_H
#define ORDER_BOOK_H

#include <map>
#include <mutex>
#include <shared_mutex>

namespace trading {

class OrderBook {
public:
  void addBid_ok(long price, long qty);
  void addAsk_ok(long price, long qty);
  long bestBid_ok() const;
  long depth_ok() const;

private:
  void bump() { ++updates_; } // callers hold mu_

  mutable std::shared_mutex mu_;
  std::map<long, long> bids_;
  std::map<long, long> asks_;
  long updates_ = 0;
};

} // namespace trading

#endif
