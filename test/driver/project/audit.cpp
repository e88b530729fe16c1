#include <mutex>

namespace bank {
class Auditor {
public:
  void record(int n) { count_ += n; }
  int count() { std::lock_guard<std::mutex> g(mu_); return count_; }
private:
  std::mutex mu_;
  int count_ = 0;
};
} // namespace bank
