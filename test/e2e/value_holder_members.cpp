// A connection's close callback (std::function) and its peer (std::optional):
// set and cleared under the lock, read or changed without it elsewhere. A
// holder keeps its value in its own memory: `peer_->port` is `this->peer_.port`.
// (Calling the callback runs code racecar does not see:
// value_holder_call_unseen.cpp.)
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace net {

struct Endpoint {
  std::string host;
  int port = 0;
};

class Connection {
public:
  using CloseHandler = std::function<void(int)>;

  void setCloseHandler_ok(CloseHandler h) {
    std::lock_guard<std::mutex> lock(mu_);
    on_close_ = std::move(h);
  }

  void connect_ok(const Endpoint &ep) {
    std::lock_guard<std::mutex> lock(mu_);
    peer_ = ep;
    ++attempts_;
  }

  void disconnect_ok() {
    std::lock_guard<std::mutex> lock(mu_);
    peer_.reset();
    on_close_ = nullptr;
  }

  // The usual fix: copy the callback under the lock, call the copy outside.
  void notifyClosed_ok(int code) {
    CloseHandler h;
    {
      std::lock_guard<std::mutex> lock(mu_);
      h = on_close_;
    }
    if (h)
      h(code);
  }

  void notifyClosed_bad(int code) {
    if (on_close_) // expected-race{{read of `this->on_close_` (call to 'std::function::operator bool') without synchronization in 'net::Connection::notifyClosed_bad'}}
      on_close_(code);
  }

  int peerPort_ok() const {
    std::lock_guard<std::mutex> lock(mu_);
    return peer_ ? peer_->port : -1;
  }

  bool connected_bad() const {
    return peer_.has_value(); // expected-race{{read of `this->peer_` (call to 'std::optional::has_value') without synchronization in 'net::Connection::connected_bad'}}
  }

  void retarget_bad(int port) {
    if (!peer_) // expected-race{{read of `this->peer_` (call to 'std::optional::operator bool') without synchronization in 'net::Connection::retarget_bad'}}
      return;
    peer_->port = port; // expected-race{{unprotected write to `this->peer_.port` in 'net::Connection::retarget_bad'}}
  }

  std::string peerHost_bad() const {
    return peer_.value().host; // expected-race{{read of `this->peer_` (call to 'std::optional::value') without synchronization in 'net::Connection::peerHost_bad'}}
  }

private:
  mutable std::mutex mu_;
  CloseHandler on_close_;
  std::optional<Endpoint> peer_;
  int attempts_ = 0;
};

// Holders that are locals: each call has its own, nothing is shared.
class Dialer {
public:
  int dial_ok(const std::string &host) {
    std::optional<Endpoint> ep;
    ep.emplace();
    ep->host = host;
    ep->port = 443;
    std::function<int()> pick = [&ep] { return ep->port; };
    std::lock_guard<std::mutex> lock(mu_);
    ++dials_;
    return pick();
  }

private:
  std::mutex mu_;
  long dials_ = 0;
};

} // namespace net
