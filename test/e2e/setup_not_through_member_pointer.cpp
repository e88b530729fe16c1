// A method called through a pointer member of a local object (`manual.cfd->CompactRange()`, rocksdb's
// DBImpl::RunManualCompaction) runs on the object that pointer designates, which its constructor was
// handed: here a column family every thread shares, so the method is no setup-only one. Twin: a method
// called on an object embedded in a local runs on the local's own memory (setup-only, low).
#include <mutex>

namespace db {

class ColumnFamily {
public:
  void CompactRange() {
    ++compactions_; // expected-race{{unprotected write to `this->compactions_` in 'db::ColumnFamily::CompactRange' races with itself on another thread}}
  }
  long Compactions_ok() {
    std::lock_guard<std::mutex> g(mu_);
    return compactions_;
  }

private:
  std::mutex mu_;
  long compactions_ = 0;
};

struct ManualCompaction {
  explicit ManualCompaction(ColumnFamily *c) : cfd(c) {}
  ColumnFamily *cfd;
  bool done = false;
};

class DB {
public:
  void RunManualCompaction(ColumnFamily *cfd) {
    ManualCompaction manual(cfd);
    manual.cfd->CompactRange();
    manual.done = true;
  }
};

class Stats {
public:
  void Reset() {
    count_ = 0; // expected-low-race{{unprotected write to `this->count_` in 'db::Stats::Reset' races with itself on another thread [low: 'db::Stats::Reset' is only called on objects not shared yet}}
  }
  long Count_ok() {
    std::lock_guard<std::mutex> g(mu_);
    return count_;
  }

private:
  std::mutex mu_;
  long count_ = 0;
};

struct Snapshot {
  Stats stats;
};

long TakeSnapshot() {
  Snapshot s;
  s.stats.Reset();
  return s.stats.Count_ok();
}

} // namespace db
