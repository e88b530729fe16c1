// A std::lock_guard protects until the end of its scope, not the end of the function.
#include <mutex>
#include <string>

namespace chat {

class Room {
public:
  void post_bad(const std::string &msg) {
    {
      std::lock_guard<std::mutex> guard(mu_);
      lastMessage_ = msg;
      ++messageCount_;
    }
    // The guard is gone here.
    lastPoster_ = "anonymous"; // expected-race{{unprotected write to container `this->lastPoster_` (call to 'std::basic_string::operator=') in 'chat::Room::post_bad'}}
    unread_ = true; // expected-race{{unprotected write to `this->unread_` in 'chat::Room::post_bad'}}
  }

  void markRead_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    unread_ = false;
  }

  void rename_ok(const std::string &name) {
    std::lock_guard guard(mu_); // CTAD
    name_ = name;
    lastPoster_ = "system";
  }

private:
  std::mutex mu_;
  std::string name_;
  std::string lastMessage_;
  std::string lastPoster_;
  long messageCount_ = 0;
  bool unread_ = false;
};

} // namespace chat
