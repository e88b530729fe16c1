// A SCOPED_CAPABILITY RAII holder (base::MutexLock) protects until the end of its scope.
#include "thread_annotations.h"
#include <vector>

namespace net {

class PeerSet {
public:
  void add_ok(int peer) {
    base::MutexLock lock(&mu_);
    peers_.push_back(peer);
    ++changes_;
  }

  std::size_t count_ok() const {
    base::MutexLock lock(&mu_);
    return peers_.size();
  }

  void reset_bad() {
    {
      base::MutexLock lock(&mu_);
      peers_.clear();
    }
    // ~MutexLock() is RELEASE() with no argument: it releases what the
    // MutexLock object acquired (&mu_), so mu_ is no longer held here.
    changes_ = 0; // expected-race{{unprotected write to `this->changes_` in 'net::PeerSet::reset_bad'}}
  }

  long changes_bad() const {
    return changes_; // expected-race{{read of `this->changes_` without synchronization in 'net::PeerSet::changes_bad'}}
  }

private:
  mutable base::Mutex mu_;
  std::vector<int> peers_ GUARDED_BY(mu_);
  long changes_ GUARDED_BY(mu_) = 0;
};

} // namespace net
