// Every access of shared state holds the lock: nothing to report.
#include <mutex>
#include <string>
#include <vector>

// expected-no-races

namespace audit {

class AuditTrail {
public:
  void record_ok(const std::string &event) {
    std::lock_guard<std::mutex> guard(mu_);
    events_.push_back(event);
    ++sequence_;
    lastEvent_ = event;
  }

  std::size_t size_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return events_.size();
  }

  long sequence_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return sequence_;
  }

  std::string last_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return lastEvent_;
  }

  void clear_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    events_.clear();
    lastEvent_.clear();
    sequence_ = 0;
  }

private:
  mutable std::mutex mu_;
  std::vector<std::string> events_;
  std::string lastEvent_;
  long sequence_ = 0;
};

} // namespace audit
