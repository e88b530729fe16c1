// Readers under std::shared_lock and writers under std::unique_lock of a shared_mutex: no race.
#include <map>
#include <mutex>
#include <shared_mutex>
#include <string>

// expected-no-races

namespace config {

class Registry {
public:
  std::string get_ok(const std::string &key) const {
    std::shared_lock<std::shared_mutex> lock(mu_);
    auto it = values_.find(key);
    return it == values_.end() ? std::string() : it->second;
  }

  bool contains_ok(const std::string &key) const {
    std::shared_lock lock(mu_);
    return values_.count(key) != 0;
  }

  long generation_ok() const {
    std::shared_lock<std::shared_mutex> lock(mu_);
    return generation_;
  }

  void set_ok(const std::string &key, const std::string &value) {
    std::unique_lock<std::shared_mutex> lock(mu_);
    values_[key] = value;
    ++generation_;
  }

  void erase_ok(const std::string &key) {
    std::lock_guard<std::shared_mutex> lock(mu_);
    values_.erase(key);
    ++generation_;
  }

private:
  mutable std::shared_mutex mu_;
  std::map<std::string, std::string> values_;
  long generation_ = 0;
};

} // namespace config
