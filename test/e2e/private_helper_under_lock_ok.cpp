// A private helper that is only called with the lock held is not an entry point: no report.
#include <mutex>
#include <vector>

// expected-no-races

namespace sched {

class TaskQueue {
public:
  void submit_ok(int taskId, int priority) {
    std::lock_guard<std::mutex> guard(mu_);
    insertSorted(taskId, priority);
    ++submitted_;
  }

  bool pop_ok(int &taskId) {
    std::lock_guard<std::mutex> guard(mu_);
    if (ids_.empty())
      return false;
    taskId = ids_.back();
    removeLast();
    return true;
  }

private:
  // Callers hold mu_.
  void insertSorted(int taskId, int priority) {
    std::size_t pos = 0;
    while (pos < priorities_.size() && priorities_[pos] < priority)
      ++pos;
    priorities_.insert(priorities_.begin() + pos, priority);
    ids_.insert(ids_.begin() + pos, taskId);
    maxSize_ = ids_.size() > maxSize_ ? ids_.size() : maxSize_;
  }

  void removeLast() {
    ids_.pop_back();
    priorities_.pop_back();
  }

  std::mutex mu_;
  std::vector<int> ids_;
  std::vector<int> priorities_;
  std::size_t maxSize_ = 0;
  long submitted_ = 0;
};

} // namespace sched
