// Writers of SessionCache: put_ok() locks, revokeAll_bad() forgets to.
#include "session_cache.h"

namespace auth {

void SessionCache::put_ok(const std::string &token, int user) {
  std::lock_guard<std::mutex> guard(mu_);
  sessions_[token] = user;
}

void SessionCache::revokeAll_bad() {
  sessions_.clear(); // expected-race{{unprotected write to container `this->sessions_` (call to 'std::map::clear') in 'auth::SessionCache::revokeAll_bad' races with the write in 'auth::SessionCache::put_ok'}}
  ++revocations_; // expected-race{{unprotected write to `this->revocations_` in 'auth::SessionCache::revokeAll_bad' races with itself on another thread}}
}

} // namespace auth
