#include "inventory/Metrics.h"

namespace shop {

void Metrics::orderPlaced() { placed_.fetch_add(1, std::memory_order_relaxed); }

void Metrics::orderRejected() { ++rejected_; }

void Metrics::recordLatency(double ms) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    latencySumMs_ += ms;
    ++latencySamples_;
    if (ms > latencyMaxMs_)
      latencyMaxMs_ = ms;
  }
  if (ms > kSlowOrderMs)
    ++slowOrders_; // racecar: expected race
}

MetricsSnapshot Metrics::snapshot() const {
  MetricsSnapshot s;
  s.placed = placed_.load();
  s.rejected = rejected_.load();
  std::lock_guard<std::mutex> lock(mu_);
  if (latencySamples_ != 0)
    s.meanLatencyMs = latencySumMs_ / static_cast<double>(latencySamples_);
  s.maxLatencyMs = latencyMaxMs_;
  s.slowOrders = slowOrders_; // racecar: locked read; the race is reported at the unlocked write (line 18)
  return s;
}

} // namespace shop
