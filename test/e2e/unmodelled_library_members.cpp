// Members of library types without a model (std::function, std::optional): their operator= / reset / call are unknown code.
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

  // Missed: std::function::operator= and std::optional::emplace/reset are
  // not modelled as writes (nor operator() / has_value as reads).
  void clearHandler_bad() {
    handler_ = nullptr; // FIXME-race{{unprotected write to `this->handler_`}}
  }

  void fire_bad(int event) {
    if (handler_) // FIXME-race{{read of `this->handler_`}}
      handler_(event);
  }

  void remember_bad(const std::string &tag) {
    lastTag_.emplace(tag); // FIXME-race{{unprotected write to `this->lastTag_`}}
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
