// Writes to container elements (through find()'s iterator, at(), front()) are not tracked; the lookup is a read.
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace acct {

class Balances {
public:
  void open_ok(const std::string &who) {
    std::lock_guard<std::mutex> guard(mu_);
    byName_[who] = 0;
    history_.push_back(0);
  }

  void credit_bad(const std::string &who, long cents) {
    auto it = byName_.find(who); // expected-race{{read of container `this->byName_` (call to 'std::map::find') without synchronization in 'acct::Balances::credit_bad'}}
    if (it != byName_.end())
      it->second += cents; // FIXME-race{{unprotected write}}
  }

  void debit_bad(const std::string &who, long cents) {
    byName_.at(who) -= cents; // expected-race{{read of container `this->byName_` (call to 'std::map::at') without synchronization}} FIXME-race{{unprotected write}}
  }

  void amendFirst_bad(long cents) {
    history_.front() = cents; // expected-race{{read of container `this->history_` (call to 'std::vector::front') without synchronization}} FIXME-race{{unprotected write}}
  }

private:
  std::mutex mu_;
  std::map<std::string, long> byName_;
  std::vector<long> history_;
};

} // namespace acct
