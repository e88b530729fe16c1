// Check-then-insert on a std::unordered_map outside the lock: both the lookup and the insert race.
#include <mutex>
#include <string>
#include <unordered_map>

namespace intern {

class StringPool {
public:
  int intern_bad(const std::string &s) {
    auto it = ids_.find(s); // expected-race{{read of container `this->ids_` (call to 'std::unordered_map::find') without synchronization in 'intern::StringPool::intern_bad'}}
    if (it != ids_.end())
      return it->second;
    std::lock_guard<std::mutex> guard(mu_);
    int id = static_cast<int>(ids_.size());
    ids_.emplace(s, id);
    return id;
  }

  int internLocked_ok(const std::string &s) {
    std::lock_guard<std::mutex> guard(mu_);
    auto it = ids_.find(s);
    if (it != ids_.end())
      return it->second;
    int id = static_cast<int>(ids_.size());
    ids_[s] = id;
    return id;
  }

  void forget_bad(const std::string &s) {
    ids_.erase(s); // expected-race{{unprotected write to container `this->ids_` (call to 'std::unordered_map::erase') in 'intern::StringPool::forget_bad'}}
  }

  std::size_t size_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return ids_.size();
  }

private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, int> ids_;
};

} // namespace intern
