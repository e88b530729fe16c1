// vector::operator[] is a read of the container; writes to elements through it are not tracked.
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
    return cells_[i]; // expected-race{{read of container `this->cells_` (call to 'std::vector::operator[]') without synchronization in 'grid::Heatmap::cell_bad' races with the write in 'grid::Heatmap::resize_ok'}}
  }

  void incrementLocked_ok(std::size_t i) {
    std::lock_guard<std::mutex> guard(mu_);
    cells_[i]++;
  }

  // Two threads incrementing the same element race on the element, but
  // element writes through operator[] are not tracked (only the container
  // read is, which is reported as a read/write race against resize_ok).
  void increment_bad(std::size_t i) {
    cells_[i] += 1; // expected-race{{read of container `this->cells_` (call to 'std::vector::operator[]')}} FIXME-race{{unprotected write}}
  }

private:
  mutable std::mutex mu_;
  std::vector<int> cells_;
};

} // namespace grid
