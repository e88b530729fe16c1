// rocksdb's MemTableInserter replays a write batch either in recovery
// (`recovering_log_number_ != 0`, with the DB mutex held) or on the write
// path (no DB mutex). Where it touches the DB's recovered transactions it
// says so: `if (recovering_log_number_ != 0) { db_->mutex()->AssertHeld();
// ... }`, except in `MarkRollback`, which tests the same mode without the
// assertion. The assertion states the mode's contract: the same test in
// another method of the class runs with the lock held too, so every call
// of the DB's accessors holds a lock (caller-synchronized, low).
//
// Twins that stay high:
//  - a branch on another mode (`verbose_`), or on the same member compared
//    with another constant, implies nothing (`Replayer`'s accessors race);
//  - an assertion that is not its branch's first statement (`LateAssert_ok`)
//    states nothing about the whole branch, so `Drain_bad` is not implied.
// (The Replayer asserts its journal's mutex, `journal_->mutex()->AssertHeld()`:
// a lock of the object it points to, so its own unguarded accesses are low
// findings, `locks only mutexes it points to`.)
#include <map>
#include <mutex>
#include <string>

namespace modes {

class InstrumentedMutex {
public:
  void Lock() { mu_.lock(); }
  void Unlock() { mu_.unlock(); }
  void AssertHeld() const {}

private:
  std::mutex mu_;
};

class DB {
public:
  InstrumentedMutex *mutex() { return &mutex_; }
  int GetRecovered(const std::string &name) {
    auto it = recovered_.find(name); // expected-low-race{{read of container `this->recovered_` (call to 'std::map::find') without synchronization in 'modes::DB::GetRecovered' races with the write in 'modes::DB::DeleteRecovered'; its elements too (`this->recovered_[].second`) [low: every call of 'modes::DB::GetRecovered' holds a lock of its caller's}}
    return it == recovered_.end() ? 0 : it->second;
  }
  void InsertRecovered(const std::string &name, int seq) {
    recovered_[name] = seq; // expected-low-race{{unprotected write to container `this->recovered_` (call to 'std::map::operator[]') in 'modes::DB::InsertRecovered' races with the write in 'modes::DB::DeleteRecovered' [low: every call of 'modes::DB::InsertRecovered' holds a lock of its caller's}}
  }
  void DeleteRecovered(const std::string &name) {
    recovered_.erase(name); // expected-low-race{{unprotected write to container `this->recovered_` (call to 'std::map::erase') in 'modes::DB::DeleteRecovered' races with the write in 'modes::DB::InsertRecovered' [low: every call of 'modes::DB::DeleteRecovered' holds a lock of its caller's}}
  }
  void BumpSequence() {
    mutex_.Lock();
    ++sequence_;
    mutex_.Unlock();
  }

private:
  InstrumentedMutex mutex_;
  std::map<std::string, int> recovered_;
  long sequence_ = 0;
};

class MemTableInserter {
public:
  MemTableInserter(DB *db, long log) : db_(db), recovering_log_number_(log) {}
  void MarkEndPrepare_ok(const std::string &name, int seq) {
    if (recovering_log_number_ != 0) {
      db_->mutex()->AssertHeld();
      db_->InsertRecovered(name, seq);
    }
  }
  void MarkCommit_ok(const std::string &name) {
    if (recovering_log_number_ != 0) {
      db_->mutex()->AssertHeld();
      if (db_->GetRecovered(name))
        db_->DeleteRecovered(name);
    }
  }
  // The same mode, no assertion: it runs with the DB mutex held all the same.
  void MarkRollback_ok(const std::string &name) {
    if (recovering_log_number_) {
      if (db_->GetRecovered(name))
        db_->DeleteRecovered(name);
    }
  }

private:
  DB *db_;
  long recovering_log_number_;
};

// Twin: the unasserted branches test another mode, or the same member
// against another constant, or assert only after touching the journal.
class Journal {
public:
  InstrumentedMutex *mutex() { return &mutex_; }
  int Get(const std::string &name) {
    auto it = entries_.find(name); // expected-race{{read of container `this->entries_` (call to 'std::map::find') without synchronization in 'modes::Journal::Get' races with the write in 'modes::Journal::Drop'}}
    return it == entries_.end() ? 0 : it->second;
  }
  void Put(const std::string &name, int seq) {
    entries_[name] = seq; // expected-race{{unprotected write to container `this->entries_` (call to 'std::map::operator[]') in 'modes::Journal::Put' races with the write in 'modes::Journal::Drop'}}
  }
  void Drop(const std::string &name) {
    entries_.erase(name); // expected-race{{unprotected write to container `this->entries_` (call to 'std::map::erase') in 'modes::Journal::Drop' races with the write in 'modes::Journal::Put'}}
  }
  void Bump() {
    mutex_.Lock();
    ++bumps_;
    mutex_.Unlock();
  }

private:
  InstrumentedMutex mutex_;
  std::map<std::string, int> entries_;
  long bumps_ = 0;
};

class Replayer {
public:
  void Prepare_ok(const std::string &name, int seq) {
    if (replaying_ != 0) {
      journal_->mutex()->AssertHeld();
      journal_->Put(name, seq);
    }
  }
  void Verbose_bad(const std::string &name) {
    if (verbose_)
      journal_->Drop(name); // expected-low-race{{unprotected write to container `this->journal_->entries_` (call to 'std::map::erase') in 'modes::Replayer::Verbose_bad' (via call to 'modes::Journal::Drop') races with the write in 'modes::Replayer::Drain_bad' [low: 'modes::Replayer' locks only mutexes it points to (its owner's), which says nothing about its own sharing]}}
  }
  void OtherConstant_bad(const std::string &name) {
    if (replaying_ == 2)
      journal_->Get(name); // expected-low-race{{read of container `this->journal_->entries_` (call to 'std::map::end') without synchronization in 'modes::Replayer::OtherConstant_bad' (via call to 'modes::Journal::Get') races with the write in 'modes::Replayer::Drain_bad'; the call on this line also races on `this->journal_->entries_[].second` [low: 'modes::Replayer' locks only mutexes it points to (its owner's), which says nothing about its own sharing]}}
  }
  void LateAssert_ok() {
    if (draining_ != 0) {
      ++drains_; // expected-low-race{{unprotected write to `this->drains_` in 'modes::Replayer::LateAssert_ok' races with itself on another thread [low: 'modes::Replayer' locks only mutexes it points to (its owner's), which says nothing about its own sharing]}}
      journal_->mutex()->AssertHeld();
    }
  }
  void Drain_bad(const std::string &name) {
    if (draining_ != 0)
      journal_->Drop(name); // expected-low-race{{unprotected write to container `this->journal_->entries_` (call to 'std::map::erase') in 'modes::Replayer::Drain_bad' (via call to 'modes::Journal::Drop') races with the write in 'modes::Replayer::Prepare_ok' [low: 'modes::Replayer' locks only mutexes it points to (its owner's), which says nothing about its own sharing]}}
  }

private:
  Journal *journal_;
  long replaying_ = 0;
  long draining_ = 0;
  long drains_ = 0;
  bool verbose_ = false;
};

} // namespace modes
