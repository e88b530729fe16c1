// warehouse: a toy order-processing service. A producer thread generates
// orders; worker threads take them from an OrderQueue, check prices and stock,
// and record metrics and log lines.
#include "inventory/Inventory.h"
#include "inventory/Logger.h"
#include "inventory/Metrics.h"
#include "inventory/OrderQueue.h"
#include "inventory/PriceCache.h"
#include "inventory/restock_worker.h"
#include "inventory/ShippingEstimator.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Service {
  shop::Inventory inventory;
  shop::PriceCache prices;
  shop::OrderQueue queue;
  shop::Metrics metrics;
  shop::Logger log{std::cout};
};

void worker(Service &svc, int workerId) {
  shop::ShippingEstimator shipping; // one per thread
  shipping.setRegionDelay("north", 1);
  shipping.setRegionDelay("islands", 4);

  shop::Order order;
  while (svc.queue.pop(order)) {
    const auto start = std::chrono::steady_clock::now();
    auto price = svc.prices.price(order.sku);
    if (!price || !svc.inventory.removeStock(order.sku, order.quantity)) {
      svc.metrics.orderRejected();
      svc.log.warn("order " + std::to_string(order.id) + " rejected (" +
                   order.sku + ")");
      svc.inventory.restock(order.sku, 10 * order.quantity);
      continue;
    }
    svc.metrics.orderPlaced();
    const int days = shipping.estimateDays(order.region, order.quantity);
    char total[32];
    std::snprintf(total, sizeof total, "%.2f", *price * order.quantity);
    svc.log.info("worker " + std::to_string(workerId) + ": order " +
                 std::to_string(order.id) + " total " + total + ", ships in " +
                 std::to_string(days) + " days");
    const auto end = std::chrono::steady_clock::now();
    svc.metrics.recordLatency(
        std::chrono::duration<double, std::milli>(end - start).count());
  }
}

} // namespace

int main(int argc, char **argv) {
  const int orders = argc > 1 ? std::stoi(argv[1]) : 200;
  const int workers = argc > 2 ? std::stoi(argv[2]) : 4;

  Service svc;
  const std::vector<std::string> skus = {"apple", "pear", "plum", "fig"};
  const std::vector<std::string> regions = {"north", "south", "islands"};
  for (std::size_t i = 0; i < skus.size(); ++i) {
    svc.prices.setPrice(skus[i], 0.5 + static_cast<double>(i));
    svc.inventory.addStock(skus[i], 100);
  }

  restock_pool restocker;
  restock_pool_start(&restocker);

  std::vector<std::thread> pool;
  for (int w = 0; w < workers; ++w)
    pool.emplace_back(worker, std::ref(svc), w);

  std::thread producer([&] {
    for (int i = 0; i < orders; ++i) {
      shop::Order o;
      o.id = static_cast<std::uint64_t>(i);
      o.sku = skus[static_cast<std::size_t>(i) % skus.size()];
      o.quantity = 1 + i % 7;
      o.region = regions[static_cast<std::size_t>(i) % regions.size()];
      svc.queue.push(std::move(o));
    }
    svc.queue.close();
  });
  producer.join();
  for (auto &t : pool)
    t.join();

  restock_pool_stop(&restocker);

  const shop::MetricsSnapshot m = svc.metrics.snapshot();
  std::cout << "placed " << m.placed << ", rejected " << m.rejected
            << ", restocks " << svc.inventory.restockCount() << ", units left "
            << svc.inventory.totalUnits() << ", price lookups "
            << svc.prices.lookups() << ", mean latency " << m.meanLatencyMs
            << " ms, background restocks " << restock_pool_units(&restocker)
            << " units\n";
  return 0;
}
