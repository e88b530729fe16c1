// shared_mutex::lock_shared()/unlock_shared() and lock()/unlock() called directly.
#include <shared_mutex>
#include <vector>

namespace geo {

class TileIndex {
public:
  int tileAt_ok(std::size_t i) const {
    mu_.lock_shared();
    int t = i < tiles_.size() ? tiles_[i] : -1;
    mu_.unlock_shared();
    return t;
  }

  void addTile_ok(int id) {
    mu_.lock();
    tiles_.push_back(id);
    ++version_;
    mu_.unlock();
  }

  void touch_bad() {
    mu_.lock_shared();
    ++version_; // expected-race{{unprotected write to `this->version_` in 'geo::TileIndex::touch_bad' races with the write in 'geo::TileIndex::addTile_ok' (only a shared lock is held)}}
    mu_.unlock_shared();
  }

  long version_bad() const {
    mu_.lock_shared();
    mu_.unlock_shared();
    return version_; // expected-race{{read of `this->version_` without synchronization in 'geo::TileIndex::version_bad'}}
  }

private:
  mutable std::shared_mutex mu_;
  std::vector<int> tiles_;
  long version_ = 0;
};

} // namespace geo
