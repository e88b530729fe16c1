// An unlocked write in a class that elsewhere takes a lock is an unprotected write.
#include <mutex>
#include <string>

namespace net {

class ConnectionPool {
public:
  void acquire_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    ++inUse_;
    ++totalCheckouts_;
  }

  void release_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    if (inUse_ > 0)
      --inUse_;
  }

  // Statistics are bumped without taking mu_.
  void recordFailure_bad(int code) {
    lastError_ = code; // expected-race{{unprotected write to `this->lastError_` in 'net::ConnectionPool::recordFailure_bad' races with itself on another thread}}
  }

  void resetStats_bad() {
    totalCheckouts_ = 0; // expected-race{{unprotected write to `this->totalCheckouts_` in 'net::ConnectionPool::resetStats_bad' races with the write in 'net::ConnectionPool::acquire_ok'}}
  }

private:
  std::mutex mu_;
  int inUse_ = 0;
  long totalCheckouts_ = 0;
  int lastError_ = 0;
};

} // namespace net
