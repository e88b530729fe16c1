// Static data members are shared by all instances; static methods are entry points too.
#include <mutex>
#include <string>

namespace app {

class Session {
public:
  static int liveCount_bad() {
    return live_; // expected-race{{live_` without synchronization in 'app::Session::liveCount_bad' races with the write in 'app::Session::close_ok'}}
  }

  static void setMaxSessions_bad(int n) {
    maxSessions_ = n; // expected-race{{maxSessions_` in 'app::Session::setMaxSessions_bad' races with itself on another thread}}
  }

  void open_ok(const std::string &user) {
    std::lock_guard<std::mutex> guard(registryMu_);
    ++live_;
    user_ = user;
  }

  void close_ok() {
    std::lock_guard<std::mutex> guard(registryMu_);
    --live_;
  }

  bool admit_ok() const {
    std::lock_guard<std::mutex> guard(registryMu_);
    return live_ < maxSessions_;
  }

private:
  static std::mutex registryMu_;
  static int live_;
  static int maxSessions_;
  std::string user_;
};

std::mutex Session::registryMu_;
int Session::live_ = 0;
int Session::maxSessions_ = 64;

} // namespace app
