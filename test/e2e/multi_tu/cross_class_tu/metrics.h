// A metrics sink with no locking of its own, used by a server defined in another TU.
#ifndef METRICS_H
#define METRICS_H

namespace obs {

class LatencyMetrics {
public:
  void observe(long micros);
  long count() const;

private:
  long count_ = 0;
  long totalMicros_ = 0;
};

} // namespace obs

#endif
