// `return ++nextId_;` is an unprotected write (the increment), reported as such.
#include <mutex>

namespace ids {

class TicketDispenser {
public:
  long take_bad() {
    return ++nextId_; // expected-race{{unprotected write to `this->nextId_` in 'ids::TicketDispenser::take_bad'}}
  }

  long takeLocked_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    return ++nextId_;
  }

  long skip_bad(long n) {
    return nextId_ += n; // expected-race{{unprotected write to `this->nextId_` in 'ids::TicketDispenser::skip_bad'}}
  }

private:
  std::mutex mu_;
  long nextId_ = 0;
};

} // namespace ids
