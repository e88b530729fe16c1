// Several variables accessed on one line that race with one other line are
// one cause: one report, naming the other variables in its notes. Variables
// that race with different lines stay separate reports.
#include <mutex>

#define STATS_ADD(s, n)                                                        \
  do {                                                                         \
    (s).bytes += (n);                                                          \
    (s).ops++;                                                                 \
  } while (0)

namespace netio {

struct Stats {
  long bytes = 0;
  long ops = 0;
};

class Connection {
public:
  void Received_bad(long n) {
    STATS_ADD(stats_, n); // expected-race{{unprotected write to `this->stats_.bytes` in 'netio::Connection::Received_bad' races with the write in 'netio::Connection::Sent_ok'}}
  }

  void Sent_ok(long n) {
    std::lock_guard<std::mutex> g(mu_);
    STATS_ADD(stats_, n);
  }

  void Touch_bad() {
    hits_++; misses_++; // expected-race{{unprotected write to `this->hits_` in 'netio::Connection::Touch_bad' races with the write in 'netio::Connection::Hit_ok'}} expected-race{{unprotected write to `this->misses_` in 'netio::Connection::Touch_bad' races with the write in 'netio::Connection::Miss_ok'}}
  }

  void Hit_ok() {
    std::lock_guard<std::mutex> g(mu_);
    hits_ = 0;
  }

  void Miss_ok() {
    std::lock_guard<std::mutex> g(mu_);
    misses_ = 0;
  }

private:
  std::mutex mu_;
  Stats stats_;
  long hits_ = 0;
  long misses_ = 0;
};

} // namespace netio
