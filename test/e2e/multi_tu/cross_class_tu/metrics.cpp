// LatencyMetrics is not thread-safe and not checked itself (no locks).
#include "metrics.h"

// expected-no-races

namespace obs {

void LatencyMetrics::observe(long micros) {
  ++count_;
  totalMicros_ += micros;
}

long LatencyMetrics::count() const { return count_; }

} // namespace obs
