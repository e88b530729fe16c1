// Methods that protect the same field with different mutexes race (lock identity, as in RacerF). The mutex that guards
// most methods' accesses to a field is taken to be its lock: the accesses under another mutex are the ones reported.
#include <mutex>

namespace cluster {

class MembershipView {
public:
  void join_ok(int node) {
    std::lock_guard<std::mutex> guard(membersMu_);
    lastJoined_ = node;
    ++members_;
  }

  void evict_ok() {
    std::lock_guard<std::mutex> guard(membersMu_);
    --members_;
  }

  int count_ok() const {
    std::lock_guard<std::mutex> guard(membersMu_);
    return members_;
  }

  void leave_bad(int node) {
    // Wrong mutex: heartbeatMu_ does not protect members_.
    std::lock_guard<std::mutex> guard(heartbeatMu_);
    --members_; // expected-race{{write to `this->members_` under `this->heartbeatMu_` in 'cluster::MembershipView::leave_bad' races with the write under `this->membersMu_`}}
    lastLeft_ = node;
  }

  int members_bad() const {
    std::lock_guard<std::mutex> guard(heartbeatMu_);
    return members_; // expected-race{{read of `this->members_` under `this->heartbeatMu_` in 'cluster::MembershipView::members_bad' races with the write under `this->membersMu_`}}
  }

  // Locks the other view's mutex, then writes this view's field. `other` may be `this`: racecar does no alias analysis,
  // so a lock reached through a parameter is never called different from another.
  void adopt_bad(MembershipView &other) {
    std::lock_guard<std::mutex> guard(other.membersMu_);
    members_ = other.members_; // FIXME-race{{write to `this->members_`}}
  }

  void beat_ok() {
    std::lock_guard<std::mutex> guard(heartbeatMu_);
    ++beats_;
  }

private:
  mutable std::mutex membersMu_;
  mutable std::mutex heartbeatMu_;
  int members_ = 0;
  int lastJoined_ = -1;
  int lastLeft_ = -1;
  long beats_ = 0;
};

} // namespace cluster
