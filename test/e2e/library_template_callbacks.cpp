// Library templates that call project code: the library function template
// must be instantiated for the generic lambda (or the project template) it
// calls to exist. The rest of the library's instantiations are not needed.
#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace lib {

// Forwards a callable to a library algorithm: a project template whose
// instantiation instantiates std::for_each with a generic lambda.
template <class F> void eachItem(const std::vector<int> &v, F f) {
  std::for_each(v.begin(), v.end(), f);
}

class Ranking {
public:
  // A lambda converted to a std::function by a delegating constructor's
  // initializer: the library's converting constructor is not needed, and
  // its use (recorded after it was queued) must not be an error.
  explicit Ranking(std::function<int(int)> score);
  explicit Ranking(const int *weight);

  void sortByBias_bad(std::vector<int> &v) {
    std::sort(v.begin(), v.end(), [this](const auto &a, const auto &b) {
      return a + bias_ < b + bias_; // expected-race{{read of `this->bias_` without synchronization in 'lib::Ranking::sortByBias_bad'}}
    });
  }

  void countAll_bad(const std::vector<int> &v) {
    eachItem(v, [this](auto x) { seen_ += x; }); // expected-race{{unprotected write to `this->seen_` in 'lib::Ranking::countAll_bad'}}
  }

  void remember_bad(const std::string &k) {
    names_[k] = 1; // expected-race{{unprotected write to container `this->names_`}}
  }

  void configure_ok(int bias, int weight) {
    std::lock_guard<std::mutex> guard(mu_);
    bias_ = bias;
    weight_ = weight;
    seen_ = 0;
    names_.clear();
  }

private:
  std::mutex mu_;
  std::function<int(int)> score_;
  std::map<std::string, int> names_;
  int bias_ = 0, weight_ = 1, seen_ = 0;
};

Ranking::Ranking(std::function<int(int)> score) : score_(std::move(score)) {}
Ranking::Ranking(const int *weight)
    : Ranking([weight](int x) { return x * *weight; }) {}

} // namespace lib
