// An unlocked read of a field written (under a lock) elsewhere is a read/write race.
#include <mutex>

namespace bank {

class Account {
public:
  void deposit_ok(long cents) {
    std::lock_guard<std::mutex> guard(mu_);
    balance_ += cents;
  }

  bool withdraw_ok(long cents) {
    std::lock_guard<std::mutex> guard(mu_);
    if (balance_ < cents)
      return false;
    balance_ -= cents;
    return true;
  }

  long balance_bad() const {
    return balance_; // expected-race{{read of `this->balance_` without synchronization in 'bank::Account::balance_bad' races with the write in 'bank::Account::deposit_ok'}}
  }

  bool canAfford_bad(long cents) const {
    return balance_ >= cents; // expected-race{{read of `this->balance_` without synchronization in 'bank::Account::canAfford_bad'}}
  }

  long balanceLocked_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return balance_;
  }

  // Never written outside the constructor: reading it needs no lock.
  int ownerId_ok() const { return ownerId_; }

  explicit Account(int owner) : ownerId_(owner) {}

private:
  mutable std::mutex mu_;
  long balance_ = 0;
  int ownerId_;
};

} // namespace bank
