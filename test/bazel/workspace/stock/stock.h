#pragma once
#include <mutex>
#include <ringbuf/ring.h>

namespace shop {

class Stock {
public:
  void add(int n);
  int total() const;
  void audit();
  void reset();
  int auditCount() const;
  int recentCount() const { return recent_.pushed(); }

private:
  mutable std::mutex mu_;
  int total_ = 0;
  int audits_ = 0;
  ringbuf::Ring recent_;
};

} // namespace shop
