// A copy of a container member reads all of it: `return names_;`,
// `out = names_;`, `std::string s(path_);`, passing it by value. Each races
// with the locked writer on another thread; the twins copy under the lock.
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace registry {

class Registry {
public:
  void Add(const std::string &name) {
    std::lock_guard<std::mutex> g(mu_);
    names_.push_back(name);
    path_ = name;
    last_ = std::make_shared<std::string>(name);
  }
  std::vector<std::string> Snapshot_bad() const {
    return names_; // expected-race{{read of container `this->names_` (copied by 'std::vector::vector') without synchronization in 'registry::Registry::Snapshot_bad' races with the write in 'registry::Registry::Add'}}
  }
  std::vector<std::string> Snapshot_ok() const {
    std::lock_guard<std::mutex> g(mu_);
    return names_;
  }
  void CopyOut_bad(std::vector<std::string> &out) const {
    out = names_; // expected-race{{read of container `this->names_` (copied by 'std::vector::operator=') without synchronization in 'registry::Registry::CopyOut_bad' races with the write in 'registry::Registry::Add'}}
  }
  void CopyOut_ok(std::vector<std::string> &out) const {
    std::lock_guard<std::mutex> g(mu_);
    out = names_;
  }
  std::string Path_bad() const {
    std::string s(path_); // expected-race{{read of container `this->path_` (copied by 'std::basic_string::basic_string') without synchronization in 'registry::Registry::Path_bad' races with the write in 'registry::Registry::Add'}}
    return s;
  }
  size_t Count_bad() const {
    return Count(names_); // expected-race{{read of container `this->names_` (copied by 'std::vector::vector') without synchronization in 'registry::Registry::Count_bad' races with the write in 'registry::Registry::Add'}}
  }
  std::shared_ptr<std::string> Last_bad() const {
    return last_; // expected-race{{read of `this->last_` without synchronization in 'registry::Registry::Last_bad' races with the write in 'registry::Registry::Add'}}
  }
  std::shared_ptr<std::string> Last_ok() const {
    std::lock_guard<std::mutex> g(mu_);
    return last_;
  }

private:
  static size_t Count(std::vector<std::string> v) { return v.size(); }
  mutable std::mutex mu_;
  std::vector<std::string> names_;
  std::string path_;
  std::shared_ptr<std::string> last_;
};

} // namespace registry
