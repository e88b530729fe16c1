// A read in one branch while the other branch takes a guard in its own scope and writes the same field.
#include <mutex>
#include <shared_mutex>

namespace cfg {

class Setting {
public:
  int updateOrGet_bad(bool update, int v) {
    if (update) {
      std::lock_guard<std::mutex> g(mu_);
      value_ = v;
    } else {
      return value_; // expected-race{{read of `this->value_` without synchronization in 'cfg::Setting::updateOrGet_bad' races with the write in 'cfg::Setting::updateOrGet_bad'}}
    }
    return 0;
  }

  int updateOrGetLocked_ok(bool update, int v) {
    std::lock_guard<std::mutex> g(mu_);
    if (update)
      limit_ = v;
    return limit_;
  }

private:
  std::mutex mu_;
  int value_ = 0;
  int limit_ = 0;
};

class SharedSetting {
public:
  int readOrWrite_bad(bool write, int v) {
    if (!write)
      return value_; // expected-race{{read of `this->value_` without synchronization in 'cfg::SharedSetting::readOrWrite_bad'}}
    std::unique_lock<std::shared_mutex> g(mu_);
    value_ = v;
    return v;
  }

private:
  std::shared_mutex mu_;
  int value_ = 0;
};

} // namespace cfg
