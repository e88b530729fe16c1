// Fields reached through std::unique_ptr / std::shared_ptr members are shared state too.
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace svc {

struct Settings {
  int timeoutMs = 1000;
  std::vector<std::string> hosts;
};

class Service {
public:
  Service() : settings_(std::make_unique<Settings>()) {}

  void setTimeout_ok(int ms) {
    std::lock_guard<std::mutex> guard(mu_);
    settings_->timeoutMs = ms;
  }

  // Missed: operator-> of a smart pointer is an unmodelled call whose result
  // is treated as a fresh (owned) object, so accesses through it are dropped.
  void resetTimeout_bad() {
    settings_->timeoutMs = 0; // FIXME-race{{unprotected write to `this->settings_}}
  }

  void addHost_bad(const std::string &h) {
    settings_->hosts.push_back(h); // FIXME-race{{unprotected write to container `this->settings_}}
  }

  // Missed: assigning a std::shared_ptr member is an unmodelled operator=.
  void swapProfile_bad() {
    profile_ = std::make_shared<Settings>(); // FIXME-race{{unprotected write to `this->profile_`}}
  }

  int timeout_bad() const {
    return settings_->timeoutMs; // FIXME-race{{read of `this->settings_}}
  }

  // A plain pointer member is followed.
  void resetRawTimeout_bad() {
    raw_->timeoutMs = 0; // expected-race{{unprotected write to `this->raw_->timeoutMs` in 'svc::Service::resetRawTimeout_bad'}}
  }

private:
  mutable std::mutex mu_;
  std::unique_ptr<Settings> settings_;
  std::shared_ptr<Settings> profile_;
  Settings *raw_ = nullptr;
};

} // namespace svc
