// std::recursive_mutex: re-entrant locking through public methods that call each other.
#include <mutex>
#include <map>
#include <string>

namespace fs {

class DirectoryTree {
public:
  void add_ok(const std::string &path, long size) {
    std::lock_guard<std::recursive_mutex> guard(mu_);
    sizes_[path] = size;
    total_ += size;
  }

  void addAll_ok(const std::string &prefix, int n) {
    std::lock_guard<std::recursive_mutex> guard(mu_);
    for (int i = 0; i < n; ++i)
      add_ok(prefix + std::to_string(i), 0); // re-locks mu_
    ++batches_;
  }

  void rename_bad(const std::string &from, const std::string &to) {
    sizes_[to] = sizes_[from]; // expected-race{{unprotected write to container `this->sizes_` (call to 'std::map::operator[]') in 'fs::DirectoryTree::rename_bad'}}
    mu_.lock();
    sizes_.erase(from);
    mu_.unlock();
  }

  long total_bad() const {
    return total_; // expected-race{{read of `this->total_` without synchronization in 'fs::DirectoryTree::total_bad'}}
  }

private:
  mutable std::recursive_mutex mu_;
  std::map<std::string, long> sizes_;
  long total_ = 0;
  long batches_ = 0;
};

} // namespace fs
