// A class that is itself a capability (a hand-rolled lock) is checked: its own state must be synchronized.
#include "thread_annotations.h"
#include <atomic>

namespace sync {

class CAPABILITY("mutex") TicketLock {
public:
  void Lock() ACQUIRE() {
    unsigned my = nextTicket_.fetch_add(1);
    while (nowServing_.load() != my) {
    }
    ++acquisitions_; // expected-race{{unprotected write to `this->acquisitions_` in 'sync::TicketLock::Lock'}}
  }

  void Unlock() RELEASE() { nowServing_.fetch_add(1); }

  unsigned long acquisitions_bad() const {
    return acquisitions_; // expected-race{{read of `this->acquisitions_` without synchronization in 'sync::TicketLock::acquisitions_bad'}}
  }

private:
  std::atomic<unsigned> nextTicket_{0};
  std::atomic<unsigned> nowServing_{0};
  unsigned long acquisitions_ = 0;
};

} // namespace sync
