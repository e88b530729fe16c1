// std::adopt_lock guards take over a mutex locked just before; they release it at scope end.
#include <mutex>
#include <map>
#include <string>

namespace dns {

class ResolverCache {
public:
  void insert_ok(const std::string &host, const std::string &ip) {
    mu_.lock();
    std::lock_guard<std::mutex> guard(mu_, std::adopt_lock);
    entries_[host] = ip;
    ++inserts_;
  }

  void evictAll_bad() {
    {
      mu_.lock();
      std::unique_lock<std::mutex> lock(mu_, std::adopt_lock);
      entries_.clear();
    }
    ++evictions_; // expected-race{{unprotected write to `this->evictions_` in 'dns::ResolverCache::evictAll_bad'}}
  }

  long evictions_ok() {
    mu_.lock();
    std::unique_lock<std::mutex> lock(mu_, std::adopt_lock);
    return evictions_;
  }

private:
  std::mutex mu_;
  std::map<std::string, std::string> entries_;
  long inserts_ = 0;
  long evictions_ = 0;
};

} // namespace dns
