// A once_flag orders a one-time initialization; it is no lock of the class and no evidence that the
// class is shared: a registry built once by a static factory, then used by one owner, is not checked.
// The twin with a mutex of its own is checked, and its unlocked counter races.
#include <mutex>
#include <string>

namespace cfg {

class Registry {
public:
  static Registry &Instance() {
    static std::once_flag once;
    static Registry *r = nullptr;
    std::call_once(once, [] { r = new Registry(); });
    return *r;
  }

  // Not reported: nothing says Registry is used by several threads.
  void Add_ok(const std::string &name) {
    names_ += name;
    ++count_;
  }
  long Count_ok() const { return count_; }

private:
  std::string names_;
  long count_ = 0;
};

class LockedRegistry {
public:
  static LockedRegistry &Instance() {
    static std::once_flag once;
    static LockedRegistry *r = nullptr;
    std::call_once(once, [] { r = new LockedRegistry(); });
    return *r;
  }

  void Add_ok(const std::string &name) {
    std::lock_guard<std::mutex> g(mu_);
    names_ += name;
    ++count_;
  }
  long Count_bad() const {
    return count_; // expected-race{{read of `this->count_` without synchronization in 'cfg::LockedRegistry::Count_bad' races with the write in 'cfg::LockedRegistry::Add_ok'}}
  }

private:
  mutable std::mutex mu_;
  std::string names_;
  long count_ = 0;
};

} // namespace cfg
