// The result of a try-lock stored in a local and tested later still guards the branch where it succeeded.
#include <mutex>
#include <pthread.h>

// expected-no-races

namespace poll {

class Poller {
public:
  Poller() { pthread_mutex_init(&fdMu_, nullptr); }

  void pollFds_ok() {
    int rc = pthread_mutex_trylock(&fdMu_);
    if (rc != 0)
      return;
    ++polls_;
    pthread_mutex_unlock(&fdMu_);
  }

  void drain_ok() {
    bool locked = mu_.try_lock();
    if (locked) {
      pending_ = 0;
      mu_.unlock();
    }
  }

  void reset_ok() {
    pthread_mutex_lock(&fdMu_);
    polls_ = 0;
    pthread_mutex_unlock(&fdMu_);
    std::lock_guard<std::mutex> guard(mu_);
    pending_ = 0;
  }

private:
  pthread_mutex_t fdMu_;
  std::mutex mu_;
  long polls_ = 0;
  int pending_ = 0;
};

} // namespace poll
