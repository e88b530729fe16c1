// Overloaded operators are methods too: an unlocked operator++ or operator+= races.
#include <mutex>

namespace money {

class Tally {
public:
  Tally &operator++() {
    ++count_; // expected-race{{unprotected write to `this->count_` in 'money::Tally::operator++'}}
    return *this;
  }

  Tally &operator+=(long amount) {
    std::lock_guard<std::mutex> guard(mu_);
    sum_ += amount;
    ++count_;
    return *this;
  }

  explicit operator bool() const {
    return count_ != 0; // expected-race{{read of `this->count_` without synchronization in 'money::Tally::operator bool'}}
  }

  long sum_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return sum_;
  }

private:
  mutable std::mutex mu_;
  long count_ = 0;
  long sum_ = 0;
};

} // namespace money
