// Accesses through parameters other than `this` are the caller's responsibility: not reported.
#include <mutex>
#include <string>
#include <vector>

// expected-no-races

namespace orders {

struct Order {
  int id = 0;
  double total = 0;
  std::vector<std::string> items;
  std::string status;
};

class OrderProcessor {
public:
  void applyDiscount_ok(Order &order, double pct) {
    order.total -= order.total * pct;
    order.status = "discounted";
  }

  void addItem_ok(Order *order, const std::string &sku) {
    order->items.push_back(sku);
    order->total += 9.99;
  }

  void process_ok(Order &order) {
    std::lock_guard<std::mutex> guard(mu_);
    ++processed_;
    order.status = "processed";
  }

  long processed_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return processed_;
  }

private:
  mutable std::mutex mu_;
  long processed_ = 0;
};

} // namespace orders
