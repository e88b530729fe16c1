// Writers hold both mutexes, readers either one: Reset() holds only one,
// and it is the method reported, against the reader holding the other.
#include <mutex>

namespace registry {

class Registry {
public:
  void Add_ok() {
    std::lock_guard<std::mutex> t(table_mu_);
    std::lock_guard<std::mutex> s(stats_mu_);
    ++count_;
  }

  void Remove_ok() {
    std::lock_guard<std::mutex> t(table_mu_);
    std::lock_guard<std::mutex> s(stats_mu_);
    --count_;
  }

  long Lookup_ok() const {
    std::lock_guard<std::mutex> t(table_mu_);
    return count_;
  }

  long Report_ok() const {
    std::lock_guard<std::mutex> s(stats_mu_);
    return count_;
  }

  void Reset_bad() {
    std::lock_guard<std::mutex> t(table_mu_);
    count_ = 0; // expected-race{{write to `this->count_` under `this->table_mu_` in 'registry::Registry::Reset_bad' races with the read under `this->stats_mu_` in 'registry::Registry::Report_ok' (no common lock)}}
  }

  // The twin: a reader under a mutex the writers never take.
  long Audit_bad() const {
    std::lock_guard<std::mutex> a(audit_mu_);
    return count_; // expected-race{{read of `this->count_` under `this->audit_mu_` in 'registry::Registry::Audit_bad' races with the write under `this->stats_mu_`, `this->table_mu_` in 'registry::Registry::Add_ok' (no common lock)}}
  }

private:
  mutable std::mutex table_mu_;
  mutable std::mutex stats_mu_;
  mutable std::mutex audit_mu_;
  long count_ = 0;
};

} // namespace registry
