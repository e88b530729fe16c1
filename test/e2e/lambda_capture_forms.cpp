// Lambdas capturing `this` by [&], [=], generic and nested lambdas are folded into the creating method.
#include <algorithm>
#include <mutex>
#include <vector>

namespace agg {

class Tally {
public:
  void byRef_bad() {
    auto f = [&] { ++refs_; }; // expected-race{{unprotected write to `this->refs_` in 'agg::Tally::byRef_bad' races with the write in 'agg::Tally::reset_ok'}}
    f();
  }

  void byCopy_bad() {
    auto f = [=] { ++copies_; }; // expected-race{{unprotected write to `this->copies_` in 'agg::Tally::byCopy_bad' races}}
    f();
  }

  void generic_bad(const std::vector<int> &v) {
    std::for_each(v.begin(), v.end(), [this](auto x) { sum_ += x; }); // expected-race{{unprotected write to `this->sum_` in 'agg::Tally::generic_bad'}}
  }

  void nested_bad() {
    // Reported at the access, inside the inner lambda.
    auto outer = [this] {
      auto inner = [this] { ++nested_; }; // expected-race{{unprotected write to `this->nested_` in 'agg::Tally::nested_bad' races}}
      inner();
    };
    outer();
  }

  // An init-capture of `this` is a formal of the lambda: mapped back to `this`.
  void initCapture_bad() {
    auto f = [self = this] { ++self->inits_; }; // expected-race{{unprotected write to `this->inits_`}}
    f();
  }

  void reset_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    refs_ = copies_ = sum_ = nested_ = inits_ = 0;
  }

private:
  std::mutex mu_;
  long refs_ = 0, copies_ = 0, sum_ = 0, nested_ = 0, inits_ = 0;
};

} // namespace agg
