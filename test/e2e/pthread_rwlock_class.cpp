// pthread_rwlock_rdlock is a shared lock: reads are protected, writes are not.
#include <pthread.h>
#include <string>

namespace routing {

class RouteTable {
public:
  RouteTable() { pthread_rwlock_init(&lock_, nullptr); }

  int lookup_ok(int dest) {
    pthread_rwlock_rdlock(&lock_);
    int hop = nextHop_[dest & 255];
    pthread_rwlock_unlock(&lock_);
    return hop;
  }

  void update_ok(int dest, int hop) {
    pthread_rwlock_wrlock(&lock_);
    nextHop_[dest & 255] = hop;
    ++revision_;
    pthread_rwlock_unlock(&lock_);
  }

  int lookupCounting_bad(int dest) {
    pthread_rwlock_rdlock(&lock_);
    ++lookups_; // expected-race{{unprotected write to `this->lookups_` in 'routing::RouteTable::lookupCounting_bad' races with itself on another thread (only a shared lock is held)}}
    int hop = nextHop_[dest & 255];
    pthread_rwlock_unlock(&lock_);
    return hop;
  }

  long revision_bad() const {
    return revision_; // expected-race{{read of `this->revision_` without synchronization in 'routing::RouteTable::revision_bad'}}
  }

private:
  pthread_rwlock_t lock_;
  int nextHop_[256] = {};
  long revision_ = 0;
  long lookups_ = 0;
};

} // namespace routing
