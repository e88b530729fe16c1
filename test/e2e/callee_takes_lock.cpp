// A callee that locks internally protects its own accesses; its callers need no lock.
#include <mutex>
#include <string>

namespace session {

class TokenStore {
public:
  void rotate_ok(const std::string &token) {
    setToken(token);
    bumpGeneration();
  }

  void rotateAndLog_bad(const std::string &token) {
    setToken(token);
    lastRotatedBy_ = "admin"; // expected-race{{unprotected write to container `this->lastRotatedBy_` (call to 'std::basic_string::operator=') in 'session::TokenStore::rotateAndLog_bad'}}
  }

  std::string token_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return token_;
  }

private:
  void setToken(const std::string &token) {
    std::lock_guard<std::mutex> guard(mu_);
    token_ = token;
    lastRotatedBy_ = "system";
  }

  void bumpGeneration() {
    mu_.lock();
    ++generation_;
    mu_.unlock();
  }

  mutable std::mutex mu_;
  std::string token_;
  std::string lastRotatedBy_;
  long generation_ = 0;
};

} // namespace session
