// A group commit (leveldb's DBImpl::Write, rocksdb's VersionSet::LogAndApply):
// a writer queues itself under the mutex, waits until it is the front of the
// queue, and appends to the log with the mutex dropped; it takes the mutex
// again to leave the queue. Only the front proceeds, so two writers' appends
// are ordered by that hand-off: low (queue-front), not high. Code that
// touches the log without queueing races for real, and stays high.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>

namespace store {

class GroupCommit {
  struct Writer {
    explicit Writer(std::string r) : record(std::move(r)) {}
    std::string record;
    bool done = false;
    std::condition_variable cv;
  };

public:
  // The loop form, leveldb's.
  void Write_low(const std::string &rec) {
    Writer w(rec);
    std::unique_lock<std::mutex> l(mu_);
    writers_.push_back(&w);
    while (!w.done && &w != writers_.front())
      w.cv.wait(l);
    if (w.done)
      return;
    l.unlock();
    log_bytes_ += rec.size(); // expected-low-race{{unprotected write to `this->log_bytes_` in 'store::GroupCommit::Write_low' races with itself on another thread [low: both sides run as the front of the queue `this->writers_`}}
    l.lock();
    writers_.pop_front();
    if (!writers_.empty())
      writers_.front()->cv.notify_one();
  }

  // The predicate form: the same turn. Reset_bad writes one of its
  // variables under the mutex only: that pair is not ordered by the turn.
  void Sync_bad() {
    Writer w("sync");
    std::unique_lock<std::mutex> l(mu_);
    writers_.push_back(&w);
    w.cv.wait(l, [&] { return writers_.front() == &w; });
    l.unlock();
    sync_bytes_ += 4; // expected-low-race{{unprotected write to `this->sync_bytes_` in 'store::GroupCommit::Sync_bad' races with itself on another thread [low: both sides run as the front of the queue `this->writers_`}}
    syncs_ = syncs_ + 1; // expected-race{{unprotected write to `this->syncs_` in 'store::GroupCommit::Sync_bad' races with the write in 'store::GroupCommit::Reset_bad'}}
    l.lock();
    writers_.pop_front();
  }

  // After leaving the queue the turn is over: the mutex is held again here,
  // but this write happens with it dropped.
  void Flush_bad() {
    Writer w("flush");
    std::unique_lock<std::mutex> l(mu_);
    writers_.push_back(&w);
    while (&w != writers_.front())
      w.cv.wait(l);
    writers_.pop_front();
    l.unlock();
    flushes_++; // expected-race{{unprotected write to `this->flushes_` in 'store::GroupCommit::Flush_bad' races with itself on another thread}}
  }

  // Neither queued nor locked: races with the writers' appends.
  size_t LogBytes_bad() const {
    return log_bytes_; // expected-race{{read of `this->log_bytes_` without synchronization in 'store::GroupCommit::LogBytes_bad' races with the write in 'store::GroupCommit::Write_low'}}
  }

  // Under the mutex but not queued: the front's update runs without the
  // mutex, so this reset races with it (reported at Sync_bad's write, the
  // side without a lock), high although Sync_bad's own twin pair is low.
  void Reset_bad() {
    std::lock_guard<std::mutex> g(mu_);
    syncs_ = 0;
  }

  // A queue that is not waited on for its front gives no turn.
  void Enqueue_bad(int job) {
    std::lock_guard<std::mutex> g(mu_);
    jobs_.push_back(job);
  }
  size_t Pending_bad() const {
    return jobs_.size(); // expected-race{{read of container `this->jobs_` (call to 'std::deque::size') without synchronization in 'store::GroupCommit::Pending_bad' races with the write in 'store::GroupCommit::Enqueue_bad'}}
  }

private:
  std::mutex mu_;
  std::deque<Writer *> writers_;
  std::deque<int> jobs_;
  size_t log_bytes_ = 0;
  long syncs_ = 0;
  long sync_bytes_ = 0;
  long flushes_ = 0;
};

} // namespace store
