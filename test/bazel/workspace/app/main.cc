// Starts threads that share one Stock and the C logger.
#include <thread>
#include <vector>

#include "stock/log.h"
#include "stock/stock.h"

int main() {
  shop::Stock stock;
  stock.reset();
  std::vector<std::thread> workers;
  for (int i = 0; i < 4; ++i)
    workers.emplace_back([&stock, i] {
      stock.add(i);
      stock.audit();
      log_line();
    });
  for (std::thread &t : workers)
    t.join();
  return stock.total() + static_cast<int>(log_count()) + stock.recentCount();
}
