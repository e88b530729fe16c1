// Two TUs each define their own `Cache` in an anonymous namespace: they are different classes.
#include <mutex>

namespace {

class Cache {
public:
  void store_ok(long v) {
    std::lock_guard<std::mutex> guard(mu_);
    value_ = v;
  }
  long peek_bad() const {
    return value_; // expected-race{{read of `this->value_` without synchronization}}
  }

private:
  mutable std::mutex mu_;
  long value_ = 0;
};

} // namespace

long parseWithCache(long s) {
  Cache c;
  c.store_ok(s);
  return c.peek_bad();
}
