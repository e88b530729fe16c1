// A database keeps the transactions it finds while replaying its log (rocksdb's
// DBImpl::recovered_transactions_). The replay code, another class, calls the accessors
// with the DB mutex held (`db_->mutex()->AssertHeld()`): they are caller-synchronized.
// Two accessors have no caller in the scan: the transaction layer that calls them
// (during Open, before the DB is shared) is another library. No method of the DB locks
// around this memory itself, so its contract is its callers' lock, and the calls the
// scan cannot see are taken to keep it: low, callers-unseen.
//
// Twins that stay high:
//  - the same shape where one method of the class locks the class's own mutex around
//    the memory (`Journal::Trim`): the memory is the class's to guard, and an unlocked
//    method nobody in the scan calls races with it;
//  - the same shape where one caller in the scan calls an accessor without the lock
//    (`Cache::Peek_bad`'s caller): the contract is not kept, so nothing is inferred.
#include <map>
#include <mutex>
#include <string>

namespace recovery {

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

  std::map<std::string, int> recovered_transactions() {
    return recovered_; // expected-low-race{{read of `this->recovered_` without synchronization in 'recovery::DB::recovered_transactions' races with the write in 'recovery::DB::DeleteAllRecoveredTransactions' [low: no code in the scan calls 'recovery::DB::recovered_transactions', and every access to this memory in methods the scan does call is made under their callers' locks (each call of 'recovery::DB::GetRecoveredTransaction' holds one)}}
  }
  int GetRecoveredTransaction(const std::string &name) {
    auto it = recovered_.find(name); // expected-low-race{{read of container `this->recovered_` (call to 'std::map::find') without synchronization in 'recovery::DB::GetRecoveredTransaction' races with the write in 'recovery::DB::DeleteAllRecoveredTransactions'; its elements too (`this->recovered_[].second`) [low: no code in the scan calls 'recovery::DB::DeleteAllRecoveredTransactions', and every access to this memory in methods the scan does call is made under their callers' locks (each call of 'recovery::DB::GetRecoveredTransaction' holds one)}}
    return it == recovered_.end() ? 0 : it->second;
  }
  void InsertRecoveredTransaction(const std::string &name, int seq) {
    recovered_[name] = seq; // expected-low-race{{unprotected write to container `this->recovered_` (call to 'std::map::operator[]') in 'recovery::DB::InsertRecoveredTransaction' races with the write in 'recovery::DB::DeleteAllRecoveredTransactions' [low: no code in the scan calls 'recovery::DB::DeleteAllRecoveredTransactions'}}
  }
  void DeleteAllRecoveredTransactions() {
    recovered_.clear(); // expected-low-race{{unprotected write to container `this->recovered_` (call to 'std::map::clear') in 'recovery::DB::DeleteAllRecoveredTransactions' races with the write in 'recovery::DB::InsertRecoveredTransaction' [low: no code in the scan calls 'recovery::DB::DeleteAllRecoveredTransactions'}}
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

class LogReplayer {
public:
  void MarkEndPrepare_ok(const std::string &name, int seq) {
    db_->mutex()->AssertHeld();
    db_->InsertRecoveredTransaction(name, seq);
  }
  int MarkCommit_ok(const std::string &name) {
    db_->mutex()->AssertHeld();
    return db_->GetRecoveredTransaction(name);
  }

private:
  DB *db_;
};

// The same contract, and the teardown frees the entries under the class's own mutex
// (rocksdb's `CloseHelper` deletes the recovered transactions with `mutex_` held,
// among the rest of its work): that says nothing about who guards the memory while
// the object is in use. (A method the destructor does not run, `Journal::Trim`
// below, does.)
class TxnDB {
public:
  ~TxnDB() { CloseHelper(); }
  InstrumentedMutex *mutex() { return &mutex_; }
  void Insert(const std::string &name, int seq) {
    prepared_[name] = seq; // expected-low-race{{unprotected write to container `this->prepared_` (call to 'std::map::operator[]') in 'recovery::TxnDB::Insert' races with the write in 'recovery::TxnDB::DeleteAll' [low: no code in the scan calls 'recovery::TxnDB::DeleteAll'}}
  }
  void DeleteAll() {
    prepared_.clear(); // expected-low-race{{unprotected write to container `this->prepared_` (call to 'std::map::clear') in 'recovery::TxnDB::DeleteAll' races with the write in 'recovery::TxnDB::Insert' [low: no code in the scan calls 'recovery::TxnDB::DeleteAll'}}
  }
  void CloseHelper() {
    mutex_.Lock();
    prepared_.clear();
    ++closes_;
    mutex_.Unlock();
  }

private:
  InstrumentedMutex mutex_;
  std::map<std::string, int> prepared_;
  long closes_ = 0;
};

void replay_ok(TxnDB *db) {
  db->mutex()->AssertHeld();
  db->Insert("t", 1);
}

// Twin: the class locks its own mutex around the memory in `Trim`, so the memory is
// the class's to guard. `Clear_bad`, which nothing in the scan calls, races with it.
class Journal {
public:
  std::mutex *mutex() { return &mu_; }
  void Append(const std::string &name, int seq) {
    entries_[name] = seq; // expected-race{{unprotected write to container `this->entries_` (call to 'std::map::operator[]') in 'recovery::Journal::Append' races with the write in 'recovery::Journal::Clear_bad'}}
  }
  void Trim() {
    std::lock_guard<std::mutex> l(mu_);
    entries_.erase(std::string());
  }
  void Clear_bad() {
    entries_.clear(); // expected-race{{unprotected write to container `this->entries_` (call to 'std::map::clear') in 'recovery::Journal::Clear_bad' races with the write in 'recovery::Journal::Append'}}
  }

private:
  std::mutex mu_;
  std::map<std::string, int> entries_;
};

void append_ok(Journal *j) {
  std::lock_guard<std::mutex> l(*j->mutex());
  j->Append("x", 1);
}

// Twin: one caller in the scan reads without the lock, so `Peek` is not
// caller-synchronized and the uncalled `Reset_bad` races with it for sure.
class Cache {
public:
  std::mutex *mutex() { return &mu_; }
  void Put(const std::string &k, int v) {
    table_[k] = v; // expected-race{{unprotected write to container `this->table_` (call to 'std::map::operator[]') in 'recovery::Cache::Put' races with the write in 'recovery::Cache::Reset_bad'}}
  }
  int Peek(const std::string &k) {
    auto it = table_.find(k); // expected-race{{read of container `this->table_` (call to 'std::map::find') without synchronization in 'recovery::Cache::Peek' races with the write in 'recovery::Cache::Put'}}
    return it == table_.end() ? 0 : it->second;
  }
  void Reset_bad() {
    table_.clear(); // expected-race{{unprotected write to container `this->table_` (call to 'std::map::clear') in 'recovery::Cache::Reset_bad' races with the write in 'recovery::Cache::Put'}}
  }
  void Bump() {
    std::lock_guard<std::mutex> l(mu_);
    ++hits_;
  }

private:
  std::mutex mu_;
  std::map<std::string, int> table_;
  long hits_ = 0;
};

void put_ok(Cache *c) {
  std::lock_guard<std::mutex> l(*c->mutex());
  c->Put("k", 1);
}
int peek_bad(Cache *c) { return c->Peek("k"); }

} // namespace recovery
