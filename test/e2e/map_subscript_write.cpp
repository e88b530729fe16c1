// std::map::operator[] inserts, so it is a container write; find/count/at are reads.
#include <map>
#include <mutex>
#include <string>

namespace users {

class Directory {
public:
  void setEmail_ok(const std::string &user, const std::string &email) {
    std::lock_guard<std::mutex> guard(mu_);
    emails_[user] = email;
  }

  std::string email_bad(const std::string &user) {
    return emails_[user]; // expected-race{{unprotected write to container `this->emails_` (call to 'std::map::operator[]') in 'users::Directory::email_bad'}}
  }

  bool known_bad(const std::string &user) const {
    return emails_.find(user) != emails_.end(); // expected-race{{read of container `this->emails_` (call to 'std::map::find') without synchronization in 'users::Directory::known_bad'}}
  }

  std::string emailLocked_ok(const std::string &user) const {
    std::lock_guard<std::mutex> guard(mu_);
    auto it = emails_.find(user);
    return it == emails_.end() ? std::string() : it->second;
  }

private:
  mutable std::mutex mu_;
  std::map<std::string, std::string> emails_;
};

} // namespace users
