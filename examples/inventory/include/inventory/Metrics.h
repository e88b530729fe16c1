#ifndef INVENTORY_METRICS_H
#define INVENTORY_METRICS_H

#include <atomic>
#include <cstdint>
#include <mutex>

namespace shop {

struct MetricsSnapshot {
  std::uint64_t placed = 0;
  std::uint64_t rejected = 0;
  double meanLatencyMs = 0;
  double maxLatencyMs = 0;
  int slowOrders = 0;
};

/// Service counters, updated by every worker thread.
class Metrics {
public:
  void orderPlaced();
  void orderRejected();
  void recordLatency(double ms);
  MetricsSnapshot snapshot() const;

  static constexpr double kSlowOrderMs = 250.0;

private:
  // Atomics never race.
  std::atomic<std::uint64_t> placed_{0};
  std::atomic<std::uint64_t> rejected_{0};

  // Latency statistics, guarded by mu_ ...
  mutable std::mutex mu_;
  double latencySumMs_ = 0;
  double latencyMaxMs_ = 0;
  std::uint64_t latencySamples_ = 0;
  // ... except this one, which is bumped outside the lock.
  int slowOrders_ = 0;
};

} // namespace shop

#endif
