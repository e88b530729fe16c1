// A connection's reference count and byte counter kept in plain members and
// updated with GCC's __atomic builtins (code older than std::atomic, or
// shared with C). The builtins never race with each other; a plain read or
// write of the same member races with them.
#include <mutex>
#include <string>

namespace net {

class Connection {
public:
  void Ref_ok() { __atomic_fetch_add(&refs_, 1, __ATOMIC_RELAXED); }

  bool Unref_ok() {
    return __atomic_sub_fetch(&refs_, 1, __ATOMIC_ACQ_REL) == 0;
  }

  int refs_ok() const { return __atomic_load_n(&refs_, __ATOMIC_RELAXED); }

  int refs_bad() const {
    return refs_; // expected-race{{read of `this->refs_` without synchronization in 'net::Connection::refs_bad' races with the atomic write in 'net::Connection::Ref_ok'}}
  }

  void Sent_ok(long n) { __atomic_fetch_add(&bytes_sent_, n, __ATOMIC_RELAXED); }

  void ResetStats_bad() {
    bytes_sent_ = 0; // expected-race{{unprotected write to `this->bytes_sent_` in 'net::Connection::ResetStats_bad' races with the atomic write in 'net::Connection::Sent_ok'}}
  }

  void Send(const std::string &data) {
    std::lock_guard<std::mutex> guard(mu_);
    pending_ += data;
  }

private:
  std::mutex mu_;
  std::string pending_;
  int refs_ = 1;
  long bytes_sent_ = 0;
};

} // namespace net
