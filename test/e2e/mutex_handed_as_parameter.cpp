// A class whose only lock is one handed to its methods (Infer's without_mutex shape, leveldb's
// VersionSet::LogAndApply(edit, mu)): not evidence that the class itself is shared, so its findings
// are low, with a reason of their own; a class that also locks a mutex of its own is checked as usual.
#include <mutex>

namespace without_mutex {

class Settings {
public:
  int get() {
    return field_; // expected-low-race{{read of `this->field_` without synchronization in 'without_mutex::Settings::get' races with the write in 'without_mutex::Settings::set' [low: 'without_mutex::Settings' locks only mutexes handed to its methods as parameters}}
  }

  void set(std::mutex &mutex, int data) {
    std::lock_guard<std::mutex> lock(mutex);
    field_ = data;
  }

private:
  int field_ = 0;
};

// Twin: its own mutex makes the same read a high finding.
class OwnSettings {
public:
  int get_bad() {
    return field_; // expected-race{{read of `this->field_` without synchronization in 'without_mutex::OwnSettings::get_bad' races with the write in 'without_mutex::OwnSettings::set_ok'}}
  }

  void set_ok(int data) {
    std::lock_guard<std::mutex> lock(mu_);
    field_ = data;
  }

private:
  std::mutex mu_;
  int field_ = 0;
};

// No lock at all, not even a handed one: not checked.
class Plain {
public:
  int get_ok() { return field_; }
  void set_ok(int data) { field_ = data; }

private:
  int field_ = 0;
};

} // namespace without_mutex
