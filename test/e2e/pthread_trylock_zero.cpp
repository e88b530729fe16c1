// pthread_mutex_trylock returns 0 on success: `if (pthread_mutex_trylock(&mu_) == 0)` holds the lock inside.
#include <pthread.h>

namespace legacy {

class FrameQueue {
public:
  FrameQueue() { pthread_mutex_init(&mu_, nullptr); }

  bool tryPush_ok(int frame) {
    if (pthread_mutex_trylock(&mu_) == 0) {
      frames_[tail_ % 32] = frame;
      ++tail_;
      pthread_mutex_unlock(&mu_);
      return true;
    }
    return false;
  }

  bool tryPushOrDrop_bad(int frame) {
    if (pthread_mutex_trylock(&mu_) != 0) {
      ++dropped_; // expected-race{{unprotected write to `this->dropped_` in 'legacy::FrameQueue::tryPushOrDrop_bad'}}
      return false;
    }
    frames_[tail_ % 32] = frame;
    ++tail_;
    pthread_mutex_unlock(&mu_);
    return true;
  }

  bool tryPushNegated_ok(int frame) {
    if (!pthread_mutex_trylock(&mu_)) {
      frames_[tail_ % 32] = frame;
      ++tail_;
      pthread_mutex_unlock(&mu_);
      return true;
    }
    return false;
  }

  void reset_ok() {
    pthread_mutex_lock(&mu_);
    tail_ = 0;
    dropped_ = 0;
    pthread_mutex_unlock(&mu_);
  }

private:
  pthread_mutex_t mu_;
  int frames_[32] = {};
  unsigned tail_ = 0;
  long dropped_ = 0;
};

} // namespace legacy
