// A class template instantiated twice is reported once per source line, not once per instantiation.
#include <mutex>
#include <string>

namespace util {

template <typename Key>
class LruIndex {
public:
  void touch_ok(const Key &k) {
    std::lock_guard<std::mutex> guard(mu_);
    last_ = k;
    ++touches_;
  }

  void evict_bad() {
    ++evictions_; // expected-race{{unprotected write to `this->evictions_` in 'util::LruIndex::evict_bad' races with itself on another thread}}
  }

  long touches_bad() const {
    return touches_; // expected-race{{read of `this->touches_` without synchronization in 'util::LruIndex::touches_bad'}}
  }

private:
  mutable std::mutex mu_;
  Key last_{};
  long touches_ = 0;
  long evictions_ = 0;
};

} // namespace util

long exercise(util::LruIndex<int> &byId, util::LruIndex<std::string> &byName) {
  byId.touch_ok(7);
  byId.evict_bad();
  byName.touch_ok("x");
  byName.evict_bad();
  return byId.touches_bad() + byName.touches_bad();
}
