// Copying a container member (return by value, copy-assign into an out-param, comparing it) reads it.
#include <mutex>
#include <string>
#include <vector>

namespace snap {

class Playlist {
public:
  void add_ok(int track) {
    std::lock_guard<std::mutex> guard(mu_);
    tracks_.push_back(track);
    title_ += "*";
  }

  std::vector<int> snapshotLocked_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return tracks_;
  }

  // Missed: a container passed as an argument (here to the copy
  // constructor) is not recorded as a read; only the receiver of a member
  // call is.
  std::vector<int> snapshot_bad() const {
    return tracks_; // FIXME-race{{read of container `this->tracks_`}}
  }

  void exportTo_bad(std::vector<int> &out) const {
    out = tracks_; // FIXME-race{{read of container `this->tracks_`}}
  }

  bool titled_bad(const std::string &t) const {
    return title_ == t; // FIXME-race{{read of container `this->title_`}}
  }

  // A member call on the container itself is seen.
  std::size_t count_bad() const {
    return tracks_.size(); // expected-race{{read of container `this->tracks_` (call to 'std::vector::size') without synchronization in 'snap::Playlist::count_bad'}}
  }

private:
  mutable std::mutex mu_;
  std::vector<int> tracks_;
  std::string title_;
};

} // namespace snap
