// Range-for loops over a member container (`for (auto &s : shards_)`,
// `for (auto &kv : sessions_)`, `for (Worker *w : workers_)`): the loop
// variable is an element of the container (`this->shards_[]`), or what an
// element points to, so a loop that updates every element without the lock
// races with the one that holds it. Elements are one abstract element.
// A loop over a local container touches no member.
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace pool {

struct Shard {
  long usage = 0;
  long capacity = 0;
};

struct Session {
  long bytes = 0;
};

struct Worker {
  bool stop = false;
  long jobs = 0;
};

class Pool {
public:
  void Charge_ok(long n) {
    std::lock_guard<std::mutex> l(mu_);
    for (auto &s : shards_)
      s.usage += n;
    for (auto &kv : sessions_)
      kv.second.bytes += n;
    for (Worker *w : workers_)
      w->jobs++;
  }

  void ResetUsage_bad() {
    for (auto &s : shards_)
      s.usage = 0; // expected-race{{unprotected write to `this->shards_[].usage` in 'pool::Pool::ResetUsage_bad' races with the write in 'pool::Pool::Charge_ok'}}
  }
  long TotalBytes_bad() {
    long total = 0;
    for (const auto &kv : sessions_)
      total += kv.second.bytes; // expected-race{{read of `this->sessions_[].second.bytes` without synchronization in 'pool::Pool::TotalBytes_bad' races with the write in 'pool::Pool::Charge_ok'}}
    return total;
  }
  long Jobs_bad() {
    long jobs = 0;
    for (Worker *w : workers_)
      jobs += w->jobs; // expected-race{{read of `this->workers_[]->jobs` without synchronization in 'pool::Pool::Jobs_bad' races with the write in 'pool::Pool::Charge_ok'}}
    return jobs;
  }

  long TotalUsageLocked_ok() {
    std::lock_guard<std::mutex> l(mu_);
    long total = 0;
    for (const auto &s : shards_)
      total += s.usage;
    return total;
  }
  // Nobody writes a shard's capacity after construction.
  long Capacity_ok() {
    long total = 0;
    for (const auto &s : shards_)
      total += s.capacity;
    return total;
  }
  // A container of the caller's own.
  long Local_ok() {
    std::vector<Shard> mine(4);
    long total = 0;
    for (auto &s : mine) {
      s.usage = 1;
      total += s.usage;
    }
    return total;
  }

private:
  std::mutex mu_;
  std::vector<Shard> shards_;
  std::map<std::string, Session> sessions_;
  std::vector<Worker *> workers_;
};

} // namespace pool
