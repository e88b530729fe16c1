// pthread_mutex_lock/unlock inside a C++ class are lock evidence and protection.
#include <pthread.h>
#include <cstddef>

namespace legacy {

class RingBuffer {
public:
  RingBuffer() { pthread_mutex_init(&mu_, nullptr); }
  ~RingBuffer() { pthread_mutex_destroy(&mu_); }

  bool put_ok(int v) {
    pthread_mutex_lock(&mu_);
    bool ok = count_ < kCapacity;
    if (ok) {
      data_[tail_] = v;
      tail_ = (tail_ + 1) % kCapacity;
      ++count_;
    }
    pthread_mutex_unlock(&mu_);
    return ok;
  }

  std::size_t size_bad() const {
    return count_; // expected-race{{read of `this->count_` without synchronization in 'legacy::RingBuffer::size_bad'}}
  }

  void clear_bad() {
    head_ = 0; // expected-race{{unprotected write to `this->head_` in 'legacy::RingBuffer::clear_bad'}}
    pthread_mutex_lock(&mu_);
    tail_ = 0;
    count_ = 0;
    pthread_mutex_unlock(&mu_);
  }

private:
  static constexpr std::size_t kCapacity = 128;
  pthread_mutex_t mu_;
  int data_[kCapacity];
  std::size_t head_ = 0;
  std::size_t tail_ = 0;
  std::size_t count_ = 0;
};

} // namespace legacy
