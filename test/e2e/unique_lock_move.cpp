// A unique_lock moved into another one keeps the mutex held until the new owner is destroyed.
#include <mutex>
#include <utility>

namespace txn {

class Transaction {
public:
  void commit_ok() {
    std::unique_lock<std::mutex> lock(mu_);
    std::unique_lock<std::mutex> owner(std::move(lock));
    ++commits_;
  }

  void commitThenCount_bad() {
    {
      std::unique_lock<std::mutex> lock(mu_);
      std::unique_lock<std::mutex> owner(std::move(lock));
      state_ = 1;
    }
    ++commits_; // expected-race{{unprotected write to `this->commits_` in 'txn::Transaction::commitThenCount_bad'}}
  }

  void handOff_ok() {
    std::unique_lock<std::mutex> lock(mu_);
    std::mutex *m = lock.release();
    state_ = 2;
    m->unlock();
  }

private:
  std::mutex mu_;
  long commits_ = 0;
  int state_ = 0;
};

} // namespace txn
