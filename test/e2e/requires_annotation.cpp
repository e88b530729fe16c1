// A REQUIRES(mu_) helper does not lock: calling it without the lock is reported at the call. A public method annotated
// REQUIRES(mu_) runs with mu_ held by its callers: its own accesses are protected.
#include "thread_annotations.h"
#include <mutex>

namespace queue {

class Backlog {
public:
  void push_ok(int item) {
    std::lock_guard<std::mutex> guard(mu_);
    appendLocked(item);
  }

  void pushFast_bad(int item) {
    appendLocked(item); // expected-race{{unprotected write to `this->size_` in 'queue::Backlog::pushFast_bad' (via call to 'queue::Backlog::appendLocked')}}
  }

  void appendBatch_ok(int n) REQUIRES(mu_) {
    size_ += n;
    tail_ = n;
  }

  int size_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return size_;
  }

private:
  void appendLocked(int item) REQUIRES(mu_) {
    ++size_;
    tail_ = item;
  }

  mutable std::mutex mu_;
  int tail_ = 0;
  int size_ = 0;
};

} // namespace queue
