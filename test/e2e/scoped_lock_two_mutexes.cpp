// std::scoped_lock over two mutexes protects accesses guarded by either.
#include <mutex>
#include <vector>

namespace bank {

class Ledger {
public:
  void transfer_ok(int from, int to, long cents) {
    std::scoped_lock lock(debitMu_, creditMu_);
    balances_[from] -= cents;
    balances_[to] += cents;
    ++transfers_;
    history_.push_back(cents);
  }

  void audit_ok() {
    std::scoped_lock<std::mutex, std::mutex> lock(debitMu_, creditMu_);
    long sum = 0;
    for (long c : history_)
      sum += c;
    lastAudit_ = sum;
  }

  long lastAudit_bad() const {
    return lastAudit_; // expected-race{{read of `this->lastAudit_` without synchronization in 'bank::Ledger::lastAudit_bad' races with the write in 'bank::Ledger::audit_ok'}}
  }

  void recordFee_bad(long cents) {
    history_.push_back(-cents); // expected-race{{unprotected write to container `this->history_` (call to 'std::vector::push_back') in 'bank::Ledger::recordFee_bad'}}
  }

private:
  std::mutex debitMu_;
  std::mutex creditMu_;
  long balances_[64] = {};
  std::vector<long> history_;
  long transfers_ = 0;
  long lastAudit_ = 0;
};

} // namespace bank
