// A client creates its channel lazily in an accessor, under std::call_once:
// every caller of the accessor is ordered after the one initialization,
// so what it reads of the channel afterwards does not race with it. A
// reader that skips the accessor is not ordered; nor is a write after it.
#include <memory>
#include <mutex>

namespace rpc {

struct Channel {
  int timeout_ms = 0;
  long sent = 0;
};

class Client {
public:
  Channel *channel() {
    std::call_once(once_, [this] {
      ch_ = std::make_unique<Channel>();
      ch_->timeout_ms = 500;
    });
    return ch_.get();
  }

  int timeout_ok() {
    channel();
    return ch_->timeout_ms;
  }

  int timeoutViaResult_ok() { return channel()->timeout_ms; }

  int timeoutUnordered_bad() {
    return ch_->timeout_ms; // expected-race{{read of `this->ch_` (call to 'std::unique_ptr::operator->') without synchronization in 'rpc::Client::timeoutUnordered_bad'}} expected-race{{read of `this->ch_->timeout_ms` without synchronization in 'rpc::Client::timeoutUnordered_bad' races with the write in 'rpc::Client::channel'}}
  }

  void send_bad() {
    channel()->sent++; // expected-race{{unprotected write to `this->ch_->sent` in 'rpc::Client::send_bad'}}
  }

  void count_ok() {
    std::lock_guard<std::mutex> lock(mu_);
    ++calls_;
  }

private:
  std::mutex mu_;
  long calls_ = 0;
  std::once_flag once_;
  std::unique_ptr<Channel> ch_;
};

} // namespace rpc
