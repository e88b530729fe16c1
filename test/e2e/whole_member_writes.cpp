// A write of a whole member object (a struct assigned or cleared, a vector
// grown) writes every part of it: it races with another method's access to
// one of its fields or elements. The twins do the same under the lock, or
// only read the container's size.
#include <cstring>
#include <mutex>
#include <vector>

namespace stats {

struct Counters {
  long hits;
  long misses;
};

class Cache {
public:
  void Hit(size_t i) {
    std::lock_guard<std::mutex> g(mu_);
    counters_.hits++;
    slots_[i] = 1;
  }
  long Misses() {
    std::lock_guard<std::mutex> g(mu_);
    return counters_.misses;
  }
  void ResetCounters_bad() {
    counters_ = Counters{}; // expected-race{{unprotected write to `this->counters_` in 'stats::Cache::ResetCounters_bad' races with the write to `this->counters_.hits` in 'stats::Cache::Hit'}}
  }
  void Grow_bad() {
    slots_.push_back(0); // expected-race{{unprotected write to container `this->slots_` (call to 'std::vector::push_back') in 'stats::Cache::Grow_bad'}}
  }
  void Grow_ok() {
    std::lock_guard<std::mutex> g(mu_);
    slots_.push_back(0);
  }
  size_t Size_ok() const {
    std::lock_guard<std::mutex> g(mu_);
    return slots_.size();
  }

private:
  mutable std::mutex mu_;
  Counters counters_;
  std::vector<int> slots_;
};

// Cleared with memset: under the lock every other access holds, no race;
// without it, the clear races with the increment.
class Meter {
public:
  void Add() {
    std::lock_guard<std::mutex> g(mu_);
    counters_.hits++;
  }
  void Clear_ok() {
    std::lock_guard<std::mutex> g(mu_);
    std::memset(&counters_, 0, sizeof counters_);
  }

private:
  std::mutex mu_;
  Counters counters_;
};

class UnlockedMeter {
public:
  void Add() {
    std::lock_guard<std::mutex> g(mu_);
    counters_.hits++;
  }
  void Clear_bad() {
    std::memset(&counters_, 0, sizeof counters_); // expected-race{{unprotected write to `this->counters_` in 'stats::UnlockedMeter::Clear_bad' races with the write to `this->counters_.hits` in 'stats::UnlockedMeter::Add'}}
  }

private:
  std::mutex mu_;
  Counters counters_;
};

// The element write races with the growth; a size read under no lock does
// not touch the elements, but it races with the growth itself.
class Ring {
public:
  void Put_bad(size_t i, int v) {
    cells_[i] = v; // expected-race{{unprotected write to `this->cells_[]` in 'stats::Ring::Put_bad' races with the write to container `this->cells_` (call to 'std::vector::resize') in 'stats::Ring::Resize'}}
  }
  size_t Capacity_bad() const {
    return cells_.size(); // expected-race{{read of container `this->cells_` (call to 'std::vector::size') without synchronization in 'stats::Ring::Capacity_bad' races with the write in 'stats::Ring::Resize'}}
  }
  void Resize(size_t n) {
    std::lock_guard<std::mutex> g(mu_);
    cells_.resize(n);
  }

private:
  std::mutex mu_;
  std::vector<int> cells_;
};

} // namespace stats
