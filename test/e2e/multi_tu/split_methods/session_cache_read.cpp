// Readers of SessionCache, in a second TU: their races are with the writers in the first.
#include "session_cache.h"

namespace auth {

int SessionCache::lookup_ok(const std::string &token) const {
  std::lock_guard<std::mutex> guard(mu_);
  auto it = sessions_.find(token);
  if (it == sessions_.end())
    return -1;
  ++hits_;
  return it->second;
}

long SessionCache::hits_bad() const {
  return hits_; // expected-race{{read of `this->hits_` without synchronization in 'auth::SessionCache::hits_bad' races with the write in 'auth::SessionCache::lookup_ok'}}
}

} // namespace auth
