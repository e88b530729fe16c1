// Lambdas capturing `this`: their body's accesses are attributed to the method that creates and calls them.
#include <algorithm>
#include <mutex>
#include <vector>

namespace analytics {

class Accumulator {
public:
  void addAll_bad(const std::vector<int> &values) {
    std::for_each(values.begin(), values.end(), [this](int v) { total_ += v; }); // expected-race{{unprotected write to `this->total_` in 'analytics::Accumulator::addAll_bad'}}
  }

  void addAllLocked_ok(const std::vector<int> &values) {
    std::lock_guard<std::mutex> guard(mu_);
    std::for_each(values.begin(), values.end(), [this](int v) { total_ += v; });
  }

  void addTwice_bad(int v) {
    // Reported at the access in the lambda's body, folded into the
    // enclosing method like a call (the calls are notes).
    auto add = [this](int x) { count_ += x; }; // expected-race{{unprotected write to `this->count_` in 'analytics::Accumulator::addTwice_bad' races}}
    add(v);
    add(v);
  }

  long total_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return total_;
  }

private:
  mutable std::mutex mu_;
  long total_ = 0;
  long count_ = 0;
};

} // namespace analytics
