// std::shared_lock with defer_lock/try_to_lock: still only a shared lock once acquired.
#include <mutex>
#include <shared_mutex>

namespace dir {

class Namespace {
public:
  void rename_bad(int id) {
    std::shared_lock<std::shared_mutex> lock(mu_, std::defer_lock);
    lock.lock();
    current_ = id; // expected-race{{unprotected write to `this->current_` in 'dir::Namespace::rename_bad' races with the write in 'dir::Namespace::set_ok' (only a shared lock is held)}}
  }

  int peek_ok() const {
    std::shared_lock<std::shared_mutex> lock(mu_, std::try_to_lock);
    if (lock.owns_lock())
      return current_;
    return -1;
  }

  int peekOrGuess_bad() const {
    std::shared_lock<std::shared_mutex> lock(mu_, std::try_to_lock);
    if (lock.owns_lock())
      return -1;
    return current_; // expected-race{{read of `this->current_` without synchronization in 'dir::Namespace::peekOrGuess_bad'}}
  }

  void set_ok(int id) {
    std::unique_lock<std::shared_mutex> lock(mu_);
    current_ = id;
  }

private:
  mutable std::shared_mutex mu_;
  int current_ = 0;
};

} // namespace dir
