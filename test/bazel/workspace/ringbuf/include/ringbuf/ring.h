// A fixed ring of recent values, guarded by its own mutex.
#pragma once
#include <mutex>

namespace ringbuf {

class Ring {
public:
  void push(int v) {
    std::lock_guard<std::mutex> g(mu_);
    buf_[head_ % 8] = v;
    ++head_;
  }
#ifdef RINGBUF_STATS // from the target's `defines`: seen by every dependant
  int pushed() const { return head_; } // racy read
#endif

private:
  std::mutex mu_;
  int buf_[8] = {};
  int head_ = 0;
};

} // namespace ringbuf
