// A private getter returning a reference to a field: writes through the returned reference are field writes.
#include <mutex>

namespace matrix {

class Grid {
public:
  void set_ok(int r, int c, double v) {
    std::lock_guard<std::mutex> guard(mu_);
    double &cell = at(r, c);
    cell = v;
    long &n = counter();
    n += 1;
  }

  void bump_bad() {
    long &n = counter();
    n += 1; // expected-race{{unprotected write to `this->writes_` in 'matrix::Grid::bump_bad' races with the write in }}
  }

  // A write through a call's result used directly (bound to no local).
  void bumpInline_bad() {
    counter() += 1; // expected-race{{unprotected write to `this->writes_` in 'matrix::Grid::bumpInline_bad'}}
  }

  void clearCell_bad(int r, int c) {
    *cellPtr(r, c) = 0; // expected-race{{unprotected write to `this->cells_[]` in 'matrix::Grid::clearCell_bad'}}
  }

  long writes_bad() const {
    return writes_; // expected-race{{read of `this->writes_` without synchronization in 'matrix::Grid::writes_bad'}}
  }

private:
  double &at(int r, int c) { return cells_[r * 8 + c]; }
  double *cellPtr(int r, int c) { return &cells_[r * 8 + c]; }
  long &counter() { return writes_; }

  std::mutex mu_;
  double cells_[64] = {};
  long writes_ = 0;
};

} // namespace matrix
