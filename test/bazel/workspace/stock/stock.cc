#include "stock/stock.h"
#include "stock/internal.h"

namespace shop {

void Stock::add(int n) {
  std::lock_guard<std::mutex> g(mu_);
  total_ += n;
  recent_.push(n);
}

int Stock::total() const { return total_; } // racy read

#if STOCK_AUDIT // from copts
void Stock::audit() { audits_ = STOCK_BUMP(audits_); } // unprotected write
#endif

#ifdef STOCK_RESET // from local_defines
// racecar: ignore(racecar-unprotected-write) -- only called before threads start
void Stock::reset() { total_ = 0; }
#endif

} // namespace shop
