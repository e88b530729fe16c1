// A mutex wrapper whose accessor every caller in the program calls with the wrapper locked: the
// accessor runs under it, so nothing is reported; but a caller outside the program may not hold it,
// so the verdict says which shortcut it rests on instead of race-free. (The twin, an unlocked caller,
// is in wrapped_mutex_one_name.cpp.)
#include <pthread.h>

// expected-no-races
// expected-verdict{{caller-held-lock}}

namespace port {

class Mutex {
public:
  void Lock() {
    pthread_mutex_lock(&mu_);
    ++holds_;
  }
  void Unlock() { pthread_mutex_unlock(&mu_); }
  long holds() const { return holds_; }

private:
  pthread_mutex_t mu_;
  long holds_ = 0;
};

} // namespace port

namespace db {

class Stats {
public:
  long Holds_ok() {
    mu_.Lock();
    long h = mu_.holds() + reads_;
    mu_.Unlock();
    return h;
  }
  void Read_ok() {
    mu_.Lock();
    ++reads_;
    mu_.Unlock();
  }

private:
  port::Mutex mu_;
  long reads_ = 0;
};

} // namespace db
