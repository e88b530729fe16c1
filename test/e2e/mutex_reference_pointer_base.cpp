// Mutexes held by reference, through a pointer, in a base class, in a member struct or as a static member all protect.
// A mutex reached through a reference or pointer member may be any mutex (racecar does no alias analysis), so it is never
// called "different" from another one; a static member and a base-class member are named directly.
#include <mutex>
#include <pthread.h>

// expected-no-races

namespace shard {

struct Lockable {
  std::mutex baseMu_;
};

class Partition : public Lockable {
public:
  Partition(std::mutex &shared, std::mutex *fallback, pthread_mutex_t *raw)
      : sharedMu_(shared), fallbackMu_(fallback), rawMu_(raw) {}

  void viaReference_ok(long n) {
    std::lock_guard<std::mutex> guard(sharedMu_);
    rows_ += n;
  }

  void viaPointer_ok(long n) {
    std::lock_guard<std::mutex> guard(*fallbackMu_);
    rows_ -= n;
  }

  void viaBase_ok() {
    std::lock_guard<std::mutex> guard(baseMu_);
    rows_ = 0;
  }

  void viaPthreadPointer_ok(long n) {
    pthread_mutex_lock(rawMu_);
    rows_ = n;
    pthread_mutex_unlock(rawMu_);
  }

  void viaMemberStruct_ok(long n) {
    std::lock_guard<std::mutex> guard(stats_.mu);
    stats_.writes += n;
  }

  void viaStatic_ok() {
    std::lock_guard<std::mutex> guard(classMu_);
    ++generation_;
  }

  long generationStatic_ok() const {
    std::lock_guard<std::mutex> guard(classMu_);
    return generation_;
  }

private:
  std::mutex &sharedMu_;
  std::mutex *fallbackMu_;
  pthread_mutex_t *rawMu_;
  static std::mutex classMu_;
  struct {
    std::mutex mu;
    long writes = 0;
  } stats_;
  long rows_ = 0;
  long generation_ = 0;
};

std::mutex Partition::classMu_;

} // namespace shard
