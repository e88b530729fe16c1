// Guards declared in a loop body are released on break, continue and early return paths.
#include <mutex>
#include <vector>

namespace ingest {

class Batcher {
public:
  void addUntilNegative_bad(const std::vector<int> &values) {
    for (int v : values) {
      std::lock_guard<std::mutex> guard(mu_);
      if (v < 0)
        break;
      total_ += v;
    }
    lastBatchDone_ = true; // expected-race{{unprotected write to `this->lastBatchDone_` in 'ingest::Batcher::addUntilNegative_bad'}}
  }

  void addPositives_bad(const std::vector<int> &values) {
    for (int v : values) {
      std::unique_lock<std::mutex> lock(mu_);
      if (v <= 0)
        continue;
      total_ += v;
    }
    ++batches_; // expected-race{{unprotected write to `this->batches_` in 'ingest::Batcher::addPositives_bad'}}
  }

  long totalOr_bad(bool fast) {
    {
      std::lock_guard<std::mutex> guard(mu_);
      if (!fast)
        return total_;
    }
    return batches_; // expected-race{{read of `this->batches_` without synchronization in 'ingest::Batcher::totalOr_bad'}}
  }

  void reset_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    total_ = 0;
    batches_ = 0;
    lastBatchDone_ = false;
  }

private:
  std::mutex mu_;
  long total_ = 0;
  long batches_ = 0;
  bool lastBatchDone_ = false;
};

} // namespace ingest
