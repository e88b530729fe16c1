// Starts threads that share one Stock and the C logger.
#include <thread>
#include <vector>

#include "stock/log.h"
#include "stock/stock.h"

int main() {
  shop::Stock stock;
  // The first worker resets the stock (a race the source suppresses).
  std::vector<std::thread> workers;
  for (int i = 0; i < 4; ++i)
    workers.emplace_back([&stock, i] {
      if (i == 0)
        stock.reset(); // races with the other workers' add (suppressed)
      stock.add(i);
      stock.audit();
      log_line();
    });
  for (std::thread &t : workers)
    t.join();
  return stock.total() + static_cast<int>(log_count()) + stock.recentCount();
}
