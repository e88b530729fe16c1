// Private lock()/unlock() wrapper methods: their net lock effect carries over to the caller.
#include <mutex>
#include <string>

namespace mail {

class Outbox {
public:
  void enqueue_ok(const std::string &msg) {
    lock();
    queue_ += msg;
    ++queued_;
    unlock();
  }

  void enqueueThenCount_bad(const std::string &msg) {
    lock();
    queue_ += msg;
    unlock();
    ++queued_; // expected-race{{unprotected write to `this->queued_` in 'mail::Outbox::enqueueThenCount_bad'}}
  }

  long queued_ok() {
    lock();
    long n = queued_;
    unlock();
    return n;
  }

  std::size_t pendingBytes_bad() const {
    return queue_.size(); // expected-race{{read of container `this->queue_` (call to 'std::basic_string::size') without synchronization in 'mail::Outbox::pendingBytes_bad'}}
  }

private:
  void lock() { mu_.lock(); }
  void unlock() { mu_.unlock(); }

  std::mutex mu_;
  std::string queue_;
  long queued_ = 0;
};

} // namespace mail
