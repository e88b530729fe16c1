// unique_lock with std::defer_lock protects only after lock() is called.
#include <mutex>
#include <string>

namespace kv {

class Store {
public:
  void put_ok(const std::string &value) {
    std::unique_lock<std::mutex> lock(mu_, std::defer_lock);
    std::string copy = value + "\n";
    lock.lock();
    value_ = copy;
    ++version_;
  }

  void putEarly_bad(const std::string &value) {
    std::unique_lock<std::mutex> lock(mu_, std::defer_lock);
    ++version_; // expected-race{{unprotected write to `this->version_` in 'kv::Store::putEarly_bad'}}
    lock.lock();
    value_ = value;
  }

  long version_bad() const {
    std::unique_lock<std::mutex> lock(mu_, std::defer_lock);
    return version_; // expected-race{{read of `this->version_` without synchronization in 'kv::Store::version_bad'}}
  }

private:
  mutable std::mutex mu_;
  std::string value_;
  long version_ = 0;
};

} // namespace kv
