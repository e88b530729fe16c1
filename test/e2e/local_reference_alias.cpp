// References bound to members are followed: `auto &slot = slots_[i]; slot.owner = id;` writes the member.
#include <mutex>
#include <string>

namespace parking {

struct Bay {
  int owner = -1;
  long since = 0;
};

struct Level {
  Bay bays[8];
  int freeCount = 8;
};

class Garage {
public:
  bool park_ok(int level, int bay, int car, long now) {
    std::lock_guard<std::mutex> guard(mu_);
    Level &lv = levels_[level];
    Bay &b = lv.bays[bay];
    if (b.owner != -1)
      return false;
    b.owner = car;
    b.since = now;
    --lv.freeCount;
    return true;
  }

  void evict_bad(int level, int bay) {
    Level &lv = levels_[level];
    lv.freeCount++; // expected-race{{unprotected write to `this->levels_[].freeCount` in 'parking::Garage::evict_bad'}}
  }

  int freeOn_bad(int level) const {
    const Level &lv = levels_[level];
    return lv.freeCount; // expected-race{{read of `this->levels_[].freeCount` without synchronization in 'parking::Garage::freeOn_bad'}}
  }

private:
  mutable std::mutex mu_;
  Level levels_[4];
};

} // namespace parking
