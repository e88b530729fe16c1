// A class's test hooks (`TEST_Foo`, RocksDB's debug-only accessors; Chromium's
// `FooForTesting`) are called by tests only: a race that needs one is low
// (test-hook). The same memory raced by production code stays high, with the
// production method as the witness.
#include <mutex>

namespace wal {

class PrepTracker {
public:
  void MarkPrepared_ok(long log) {
    std::lock_guard<std::mutex> g(mu_);
    prepared_ += log;
    flushed_ += 1;
  }

  // Only tests read it, without the lock.
  long TEST_PreparedCount() const {
    return prepared_; // expected-low-race{{read of `this->prepared_` without synchronization in 'wal::PrepTracker::TEST_PreparedCount' races with the write in 'wal::PrepTracker::MarkPrepared_ok' [low: 'wal::PrepTracker::TEST_PreparedCount' is a test hook: only tests call it]}}
  }

  // Production code reads it without the lock too: a real race.
  long Flushed_bad() const {
    return flushed_; // expected-race{{read of `this->flushed_` without synchronization in 'wal::PrepTracker::Flushed_bad' races with the write in 'wal::PrepTracker::MarkPrepared_ok'}}
  }
  long FlushedForTesting() const { return flushed_; } // expected-low-race{{read of `this->flushed_` without synchronization in 'wal::PrepTracker::FlushedForTesting' races with the write in 'wal::PrepTracker::MarkPrepared_ok' [low: 'wal::PrepTracker::FlushedForTesting' is a test hook: only tests call it]}}

private:
  mutable std::mutex mu_;
  long prepared_ = 0;
  long flushed_ = 0;
};

} // namespace wal
