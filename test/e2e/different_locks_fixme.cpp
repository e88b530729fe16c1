// Two methods protect the same field with different mutexes: a real race, not yet detected (lock identity is not compared).
#include <mutex>

namespace cluster {

class MembershipView {
public:
  void join_ok(int node) {
    std::lock_guard<std::mutex> guard(membersMu_);
    lastJoined_ = node;
    ++members_;
  }

  void leave_bad(int node) {
    // Wrong mutex: heartbeatMu_ does not protect members_.
    std::lock_guard<std::mutex> guard(heartbeatMu_);
    --members_; // FIXME-race{{unprotected write to `this->members_`}}
    lastLeft_ = node;
  }

  int members_bad() const {
    std::lock_guard<std::mutex> guard(heartbeatMu_);
    return members_; // FIXME-race{{read of `this->members_`}}
  }

  // Locks the other view's mutex, then writes this view's field.
  void adopt_bad(MembershipView &other) {
    std::lock_guard<std::mutex> guard(other.membersMu_);
    members_ = other.members_; // FIXME-race{{unprotected write to `this->members_`}}
  }

  void beat_ok() {
    std::lock_guard<std::mutex> guard(heartbeatMu_);
    ++beats_;
  }

private:
  std::mutex membersMu_;
  mutable std::mutex heartbeatMu_;
  int members_ = 0;
  int lastJoined_ = -1;
  int lastLeft_ = -1;
  long beats_ = 0;
};

} // namespace cluster
