// annotate("racecar_thread_safe") makes a class checked even with no locks at all.
#include "thread_annotations.h"
#include <string>
#include <vector>

namespace plugins {

// Documented as safe to share between threads, but it has no locking.
class RACECAR_THREAD_SAFE PluginRegistry {
public:
  void registerPlugin_bad(const std::string &name) {
    names_.push_back(name); // expected-race{{unprotected write to container `this->names_` (call to 'std::vector::push_back') in 'plugins::PluginRegistry::registerPlugin_bad' races with itself on another thread}}
  }

  std::size_t count_bad() const {
    return names_.size(); // expected-race{{read of container `this->names_` (call to 'std::vector::size') without synchronization in 'plugins::PluginRegistry::count_bad'}}
  }

  void setDefault_bad(int idx) {
    defaultIdx_ = idx; // expected-race{{unprotected write to `this->defaultIdx_` in 'plugins::PluginRegistry::setDefault_bad'}}
  }

private:
  std::vector<std::string> names_;
  int defaultIdx_ = -1;
};

// Same code, not annotated: not checked.
class LocalPluginList {
public:
  void registerPlugin_ok(const std::string &name) { names_.push_back(name); }
  std::size_t count_ok() const { return names_.size(); }

private:
  std::vector<std::string> names_;
};

} // namespace plugins
