// This TU's `Cache` only writes value_ in its constructor: reading it unlocked is fine.
#include <mutex>

// expected-no-races

namespace {

class Cache {
public:
  explicit Cache(long v) : value_(v) {}
  void hit_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    ++hits_;
  }
  long current_ok() const { return value_; }

private:
  mutable std::mutex mu_;
  long value_ = 0;
  long hits_ = 0;
};

} // namespace

long renderWithCache(long s) {
  Cache c(s);
  c.hit_ok();
  return c.current_ok();
}
