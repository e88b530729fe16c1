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

  // `settings_->f` on a smart pointer is lowered like a raw pointer member's.
  void resetTimeout_bad() {
    settings_->timeoutMs = 0; // expected-race{{unprotected write to `this->settings_->timeoutMs` in 'svc::Service::resetTimeout_bad' races with the write in 'svc::Service::setTimeout_ok'}}
  }

  void addHost_bad(const std::string &h) {
    settings_->hosts.push_back(h); // expected-race{{unprotected write to container `this->settings_->hosts` (call to 'std::vector::push_back') in 'svc::Service::addHost_bad'}}
  }

  int timeoutViaGet_bad() const {
    return settings_.get()->timeoutMs; // expected-race{{read of `this->settings_->timeoutMs` without synchronization in 'svc::Service::timeoutViaGet_bad'}}
  }

  int timeoutViaStar_bad() const {
    return (*profile_).timeoutMs; // expected-race{{read of `this->profile_->timeoutMs` without synchronization in 'svc::Service::timeoutViaStar_bad'}} expected-low-race{{read of `this->profile_` (call to 'std::__shared_ptr_access::operator*') without synchronization in 'svc::Service::timeoutViaStar_bad' races with the write in 'svc::Service::swapProfile_bad' [low: a smart pointer member is read on one side and replaced on the other}}
  }

  void setProfileTimeout_ok(int ms) {
    std::lock_guard<std::mutex> guard(mu_);
    profile_->timeoutMs = ms;
  }

  // Assigning a std::shared_ptr member writes the pointer itself: two
  // threads replacing it race for sure (high); a reader against the
  // replacement is low (pointer-replaced).
  void swapProfile_bad() {
    profile_ = std::make_shared<Settings>(); // expected-race{{unprotected write to `this->profile_` (call to 'std::shared_ptr::operator=') in 'svc::Service::swapProfile_bad'}}
  }

  int timeout_bad() const {
    return settings_->timeoutMs; // expected-race{{read of `this->settings_->timeoutMs` without synchronization in 'svc::Service::timeout_bad'}}
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
