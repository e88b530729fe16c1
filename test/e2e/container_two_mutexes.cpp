// A container read under one mutex and written under another: the two locks order nothing.
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace registry {

class Names {
public:
  void add_bad(const std::string &n) {
    std::lock_guard<std::mutex> g(writeMu_);
    names_.push_back(n); // expected-race{{write to container `this->names_` (call to 'std::vector::push_back') under `this->writeMu_` in 'registry::Names::add_bad' races with the read under `this->readMu_` in 'registry::Names::count_bad' (no common lock)}}
  }
  size_t count_bad() const {
    std::lock_guard<std::mutex> g(readMu_);
    return names_.size(); // expected-race{{read of container `this->names_` (call to 'std::vector::size') under `this->readMu_` in 'registry::Names::count_bad' races with the write under `this->writeMu_` in 'registry::Names::add_bad' (no common lock)}}
  }
  void tag_ok(const std::string &k, const std::string &v) {
    std::lock_guard<std::mutex> g(writeMu_);
    tags_[k] = v;
  }
  bool hasTag_ok(const std::string &k) const {
    std::lock_guard<std::mutex> g(writeMu_);
    return tags_.count(k) != 0;
  }

private:
  mutable std::mutex writeMu_, readMu_;
  std::vector<std::string> names_;
  std::map<std::string, std::string> tags_;
};

} // namespace registry
