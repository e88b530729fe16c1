// Elements of a member array are one abstract location, `this->buckets_[]`.
#include <mutex>

namespace stats {

class Histogram {
public:
  static constexpr int kBuckets = 16;

  void add_ok(int value) {
    std::lock_guard<std::mutex> guard(mu_);
    buckets_[bucketFor(value)]++;
    ++count_;
  }

  void addFast_bad(int value) {
    buckets_[bucketFor(value)] += 1; // expected-race{{unprotected write to `this->buckets_[]` in 'stats::Histogram::addFast_bad'}}
  }

  long bucket_bad(int i) const {
    return buckets_[i]; // expected-race{{read of `this->buckets_[]` without synchronization in 'stats::Histogram::bucket_bad'}}
  }

  long total_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    long sum = 0;
    for (int i = 0; i < kBuckets; ++i)
      sum += buckets_[i];
    return sum;
  }

private:
  static int bucketFor(int value) {
    int b = 0;
    while (value > 1 && b < kBuckets - 1) {
      value >>= 1;
      ++b;
    }
    return b;
  }

  mutable std::mutex mu_;
  long buckets_[kBuckets] = {};
  long count_ = 0;
};

} // namespace stats
