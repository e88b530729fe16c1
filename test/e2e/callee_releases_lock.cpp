// A callee that releases the caller's lock: its accesses after the unlock, and the caller's after the call, are unprotected.
#include <mutex>
#include <string>

namespace notify {

class Mailbox {
public:
  void deliver_bad(const std::string &msg) {
    mu_.lock();
    last_ = msg;
    // unlockAndNotify() drops mu_ and then bumps notified_ without it: a
    // lock the callee releases protects none of its accesses.
    unlockAndNotify(); // expected-race{{unprotected write to `this->notified_` in 'notify::Mailbox::deliver_bad' (via call to 'notify::Mailbox::unlockAndNotify')}}
    ++delivered_; // expected-race{{unprotected write to `this->delivered_` in 'notify::Mailbox::deliver_bad'}}
  }

  void deliverLocked_ok(const std::string &msg) {
    std::lock_guard<std::mutex> guard(mu_);
    last_ = msg;
    ++delivered_;
    ++notified_;
  }

private:
  void unlockAndNotify() {
    mu_.unlock();
    ++notified_;
  }

  std::mutex mu_;
  std::string last_;
  long delivered_ = 0;
  long notified_ = 0;
};

} // namespace notify
