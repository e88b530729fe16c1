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

// One cache shared by every caller (a cache used only on a local object could not race).
Cache g_parserCache;

long parseWithCache(long s) {
  g_parserCache.store_ok(s);
  return g_parserCache.peek_bad();
}
