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

  // A container passed to its copy constructor or copy assignment is read.
  std::vector<int> snapshot_bad() const {
    return tracks_; // expected-race{{read of container `this->tracks_` (copied by 'std::vector::vector') without synchronization in 'snap::Playlist::snapshot_bad'}}
  }

  void exportTo_bad(std::vector<int> &out) const {
    out = tracks_; // expected-race{{read of container `this->tracks_` (copied by 'std::vector::operator=') without synchronization in 'snap::Playlist::exportTo_bad'}}
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
