// A hand-written Mutex over pthreads and its RAII MutexLock (no annotations): their summaries carry the locking.
#include <pthread.h>
#include <string>

namespace port {

class Mutex {
public:
  Mutex() { pthread_mutex_init(&m_, nullptr); }
  ~Mutex() { pthread_mutex_destroy(&m_); }
  void lock() { pthread_mutex_lock(&m_); }
  void unlock() { pthread_mutex_unlock(&m_); }

private:
  pthread_mutex_t m_;
};

class MutexLock {
public:
  explicit MutexLock(Mutex &mu) : mu_(mu) { mu_.lock(); }
  ~MutexLock() { mu_.unlock(); }

private:
  Mutex &mu_;
};

class SymbolCache {
public:
  void insert_ok(const std::string &name) {
    MutexLock lock(mu_);
    last_ = name;
    ++size_;
  }

  void insertThenCount_bad(const std::string &name) {
    {
      MutexLock lock(mu_);
      last_ = name;
    }
    ++inserts_; // expected-race{{unprotected write to `this->inserts_` in 'port::SymbolCache::insertThenCount_bad' races with itself on another thread}}
  }

  void clear_ok() {
    mu_.lock();
    size_ = 0;
    mu_.unlock();
  }

  void clearLate_bad() {
    mu_.lock();
    last_.clear();
    mu_.unlock();
    size_ = 0; // expected-race{{unprotected write to `this->size_` in 'port::SymbolCache::clearLate_bad'}}
  }

private:
  Mutex mu_;
  std::string last_;
  long size_ = 0;
  long inserts_ = 0;
};

} // namespace port
