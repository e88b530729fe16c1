// Copying or swapping a whole member races with writes to its parts.
#include <mutex>
#include <string>
#include <utility>

namespace geo {

struct Position {
  double lat = 0;
  double lon = 0;
};

class Tracker {
public:
  void update_ok(double lat, double lon) {
    std::lock_guard<std::mutex> guard(mu_);
    pos_.lat = lat;
    pos_.lon = lon;
  }

  // The copy reads `this->pos_` as a whole: it holds `this->pos_.lat`,
  // written above.
  Position snapshot_bad() const {
    Position p = pos_; // expected-race{{read of `this->pos_` without synchronization in 'geo::Tracker::snapshot_bad' races with the write to `this->pos_.lat` in 'geo::Tracker::update_ok'}}
    return p;
  }

  // std::swap on two members writes both (its body is in a system header,
  // not lowered: a row of CLibraryEffects.cpp says what it does).
  void swapNames_bad() {
    std::swap(name_, alias_); // expected-race{{unprotected write to `this->name_` in 'geo::Tracker::swapNames_bad' races with the write in 'geo::Tracker::rename_ok'}} expected-race{{unprotected write to `this->alias_` in 'geo::Tracker::swapNames_bad'}}
  }

  void rename_ok(const std::string &n) {
    std::lock_guard<std::mutex> guard(mu_);
    name_ = n;
    alias_ = n;
  }

  double lat_bad() const {
    return pos_.lat; // expected-race{{read of `this->pos_.lat` without synchronization in 'geo::Tracker::lat_bad'}}
  }

private:
  mutable std::mutex mu_;
  Position pos_;
  std::string name_;
  std::string alias_;
};

} // namespace geo
