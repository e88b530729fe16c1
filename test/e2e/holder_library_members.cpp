// Members of std holders (std::function, std::optional): operator=, reset, emplace write the holder; operator bool, has_value, operator() read it.
#include <functional>
#include <mutex>
#include <optional>
#include <string>

namespace hooks {

class EventHook {
public:
  void setHandler_ok(std::function<void(int)> h) {
    std::lock_guard<std::mutex> guard(mu_);
    handler_ = std::move(h);
  }

  void clearHandler_bad() {
    handler_ = nullptr; // expected-race{{unprotected write to `this->handler_` (call to 'std::function::operator=') in 'hooks::EventHook::clearHandler_bad'}}
  }

  void fire_bad(int event) {
    if (handler_) // expected-race{{read of `this->handler_` (call to 'std::function::operator bool') without synchronization in 'hooks::EventHook::fire_bad'}}
      handler_(event);
  }

  void remember_bad(const std::string &tag) {
    lastTag_.emplace(tag); // expected-race{{unprotected write to `this->lastTag_` (call to 'std::optional::emplace') in 'hooks::EventHook::remember_bad'}}
  }

  void forget_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    lastTag_.reset();
    ++forgets_;
  }

  long forgets_bad() const {
    return forgets_; // expected-race{{read of `this->forgets_` without synchronization in 'hooks::EventHook::forgets_bad'}}
  }

private:
  mutable std::mutex mu_;
  std::function<void(int)> handler_;
  std::optional<std::string> lastTag_;
  long forgets_ = 0;
};

} // namespace hooks
