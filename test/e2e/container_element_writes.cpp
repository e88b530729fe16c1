// Writes to container elements: through find()'s iterator they are the element's (`this->byName_[].second`), a note of the unguarded lookup's report; through a vector's front() the element's (`this->history_[]`, the one report of its line); through a map's at() not tracked yet (the lookup is a read).
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
    auto it = byName_.find(who); // expected-race{{read of container `this->byName_` (call to 'std::map::find') without synchronization in 'acct::Balances::credit_bad' races with the write in 'acct::Balances::open_ok'; its elements too (`this->byName_[].second`)}}
    if (it != byName_.end())
      it->second += cents;
  }

  // An iterator declared first and assigned the lookup's position.
  void creditDeclared_bad(const std::string &who, long cents) {
    std::map<std::string, long>::iterator it;
    it = byName_.find(who); // expected-race{{read of container `this->byName_` (call to 'std::map::find') without synchronization in 'acct::Balances::creditDeclared_bad' races with the write in 'acct::Balances::open_ok'; its elements too (`this->byName_[].second`)}}
    if (it != byName_.end())
      it->second += cents;
  }

  // The lookup under the lock, the element written after it is released:
  // the element's write is a report of its own.
  void creditLate_bad(const std::string &who, long cents) {
    mu_.lock();
    auto it = byName_.find(who);
    bool found = it != byName_.end();
    mu_.unlock();
    if (found)
      it->second += cents; // expected-race{{unprotected write to `this->byName_[].second` in 'acct::Balances::creditLate_bad'}}
  }

  void debit_bad(const std::string &who, long cents) {
    byName_.at(who) -= cents; // expected-race{{read of container `this->byName_` (call to 'std::map::at') without synchronization}} FIXME-race{{unprotected write}}
  }

  void amendFirst_bad(long cents) {
    history_.front() = cents; // expected-race{{unprotected write to `this->history_[]` in 'acct::Balances::amendFirst_bad' races with the write to container `this->history_` (call to 'std::vector::push_back')}}
  }

private:
  std::mutex mu_;
  std::map<std::string, long> byName_;
  std::vector<long> history_;
};

} // namespace acct
