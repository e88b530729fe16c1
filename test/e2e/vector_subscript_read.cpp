// vector::operator[] is a read of the container, and the element it returns is
// read or written (`this->cells_[]`, elements merged). The two are one cause
// on one line: one report, the element's (which also meets resize_ok's
// write of the whole container).
#include <mutex>
#include <vector>

namespace grid {

class Heatmap {
public:
  explicit Heatmap(std::size_t n) : cells_(n) {}

  void resize_ok(std::size_t n) {
    std::lock_guard<std::mutex> guard(mu_);
    cells_.resize(n);
  }

  int cell_bad(std::size_t i) const {
    return cells_[i]; // expected-race{{read of `this->cells_[]` without synchronization in 'grid::Heatmap::cell_bad' races with the write in 'grid::Heatmap::incrementLocked_ok'}}
  }

  void incrementLocked_ok(std::size_t i) {
    std::lock_guard<std::mutex> guard(mu_);
    cells_[i]++;
  }

  // Two threads incrementing the same element race on the element.
  void increment_bad(std::size_t i) {
    cells_[i] += 1; // expected-race{{unprotected write to `this->cells_[]` in 'grid::Heatmap::increment_bad' races with the write in 'grid::Heatmap::incrementLocked_ok'}}
  }

private:
  mutable std::mutex mu_;
  std::vector<int> cells_;
};

} // namespace grid
