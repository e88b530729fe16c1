// std::shared_timed_mutex: try_lock_shared_for gives a shared lock in the success branch only.
#include <chrono>
#include <mutex>
#include <shared_mutex>
#include <string>

namespace media {

class Playlist {
public:
  bool current_ok(std::string &out) const {
    if (!mu_.try_lock_shared_for(std::chrono::milliseconds(10)))
      return false;
    out = current_;
    mu_.unlock_shared();
    return true;
  }

  void next_ok(const std::string &track) {
    std::unique_lock<std::shared_timed_mutex> lock(mu_);
    current_ = track;
    ++position_;
  }

  bool position_bad(long &out) const {
    if (mu_.try_lock_shared_for(std::chrono::milliseconds(10))) {
      out = position_;
      mu_.unlock_shared();
      return true;
    }
    out = position_; // expected-race{{read of `this->position_` without synchronization in 'media::Playlist::position_bad'}}
    return false;
  }

  void skipShared_bad() {
    std::shared_lock<std::shared_timed_mutex> lock(mu_);
    ++position_; // expected-race{{unprotected write to `this->position_` in 'media::Playlist::skipShared_bad' races with the write in 'media::Playlist::next_ok' (only a shared lock is held)}}
  }

private:
  mutable std::shared_timed_mutex mu_;
  std::string current_;
  long position_ = 0;
};

} // namespace media
