// A lock_guard constructed as a temporary unlocks at the end of its statement: what follows is unprotected.
#include <mutex>

namespace cfg {

class Reloader {
public:
  void reload_bad(int version) {
    std::lock_guard<std::mutex>{mu_}; // classic bug: no variable name
    version_ = version; // expected-race{{unprotected write to `this->version_` in 'cfg::Reloader::reload_bad'}}
  }

  void reloadScoped_bad(int version) {
    std::unique_lock<std::mutex>{mu_};
    ++reloads_; // expected-race{{unprotected write to `this->reloads_` in 'cfg::Reloader::reloadScoped_bad'}}
  }

  void reload_ok(int version) {
    std::lock_guard<std::mutex> guard{mu_};
    version_ = version;
    ++reloads_;
  }

private:
  std::mutex mu_;
  int version_ = 0;
  long reloads_ = 0;
};

} // namespace cfg
