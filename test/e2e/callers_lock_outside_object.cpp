// Every caller of Engine::Apply holds the owner's config_mu_, a sibling member of the engine: a
// lock outside the engine, so none of the engine's own. A write under it and a read under the
// engine's own mu_ hold different locks for sure: a high finding, not a caller-synchronized one.
// The twin (Backup, as in caller_synchronized_impl.cpp) has no access under its own lock to pair
// with: its self-race under its callers' lock stays low.
#include <mutex>

namespace cfg {

class Engine {
public:
  void Apply(long v) {
    version_ = v; // expected-race{{unprotected write to `this->version_` in 'cfg::Engine::Apply' races with the read in 'cfg::Engine::Version_bad'}}
  }
  long Version_bad() {
    std::lock_guard<std::mutex> g(mu_);
    return version_;
  }

private:
  std::mutex mu_;
  long version_ = 0;
};

class Store {
public:
  void Set_ok(long v) {
    std::lock_guard<std::mutex> g(config_mu_);
    engine_.Apply(v);
  }

private:
  std::mutex config_mu_;
  Engine engine_;
};

class Backup {
public:
  void Create(long id) {
    latest_ = id; // expected-low-race{{unprotected write to `this->latest_` in 'cfg::Backup::Create' races with itself on another thread [low: every call of 'cfg::Backup::Create' holds a lock of its caller's}}
  }
  void Count_ok() {
    std::lock_guard<std::mutex> g(mu_);
    ++count_;
  }

private:
  std::mutex mu_;
  long latest_ = 0;
  long count_ = 0;
};

class SafeBackup {
public:
  void Create_ok(long id) {
    std::lock_guard<std::mutex> g(mu_);
    impl_.Create(id);
  }

private:
  std::mutex mu_;
  Backup impl_;
};

} // namespace cfg
