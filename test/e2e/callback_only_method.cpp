// rocksdb's DBImpl registers its periodic work as lambdas (`periodic_task_functions_
// .emplace(kPersistStats, [this]() { this->PersistStats(); })`) that a timer runs
// later, one at a time on its own thread. `PersistStats` is public, but nothing in
// the program calls it except that lambda, and the lambda is only stored: which
// thread runs it, and whether two runs can overlap, is the timer's business, which
// the scan does not resolve. A race of such a method with itself (or with another
// such callback) rests on that unseen runner: low, callback-only.
//
// Twins that stay high:
//  - the same callback racing with a method the class's users call (`Reset`): the
//    callback runs on some thread while a user calls in;
//  - a public method called by code outside the class too (`Flush_bad` from
//    `flush_now`): its users are in the program, and two may call it at once;
//  - a callback made in a public method (`Ticker::Start`): its body is taken
//    to run where it is made, so the method's users race on what it touches;
//  - a lambda handed to std::thread: the thread is seen, and two of them race.
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace periodic {

class Scheduler {
public:
  void Register(int type, const std::function<void()> &fn);
};

class DB {
public:
  DB(Scheduler *s) {
    tasks_.emplace(1, [this]() { this->PersistStats(); });
    tasks_.emplace(2, [this]() { this->DumpStats(); });
    tasks_.emplace(3, [this]() { this->Flush_bad(); });
    for (auto &t : tasks_)
      s->Register(t.first, t.second);
  }

  void PersistStats() {
    if (!slice_initialized_) { // expected-low-race{{read of `this->slice_initialized_` without synchronization in 'periodic::DB::PersistStats' races with the write in 'periodic::DB::PersistStats' [low: both sides run only from callables the program stores ('periodic::DB::DB::lambda@+1:23' calls 'periodic::DB::PersistStats'), and the scan does not see what runs them or whether two runs overlap]}}
      slice_initialized_ = true; // expected-low-race{{unprotected write to `this->slice_initialized_` in 'periodic::DB::PersistStats' races with itself on another thread [low: both sides run only from callables}}
    }
    long rows = rows_; // expected-race{{read of `this->rows_` without synchronization in 'periodic::DB::PersistStats' races with the write in 'periodic::DB::Put'}}
    slice_["rows"] = rows; // expected-low-race{{unprotected write to container `this->slice_` (call to 'std::map::operator[]') in 'periodic::DB::PersistStats' races with itself on another thread [low: both sides run only from callables}}
  }

  void DumpStats() {
    last_dump_ = 0; // expected-low-race{{unprotected write to `this->last_dump_` in 'periodic::DB::DumpStats' races with itself on another thread [low: both sides run only from callables}}
    long f = last_flush_; // expected-race{{read of `this->last_flush_` without synchronization in 'periodic::DB::DumpStats' races with the write in 'periodic::DB::Flush_bad'}}
    last_dump_ = f;
    dumps_++; // expected-race{{unprotected write to `this->dumps_` in 'periodic::DB::DumpStats' races with the write in 'periodic::DB::Reset'}}
  }

  void Flush_bad() {
    last_flush_++; // expected-race{{unprotected write to `this->last_flush_` in 'periodic::DB::Flush_bad' races with itself on another thread}}
  }

  void Reset() {
    dumps_ = 0; // expected-race{{unprotected write to `this->dumps_` in 'periodic::DB::Reset' races with the write in 'periodic::DB::DumpStats'}}
  }

  void Put(const std::string &k) {
    std::lock_guard<std::mutex> l(mu_);
    rows_++;
    (void)k;
  }

private:
  std::mutex mu_;
  std::map<int, std::function<void()>> tasks_;
  std::map<std::string, long> slice_;
  bool slice_initialized_ = false;
  long rows_ = 0;
  long last_dump_ = 0;
  long last_flush_ = 0;
  long dumps_ = 0;
};

void flush_now(DB *db) { db->Flush_bad(); }

// Twin: a callback made in a public method. racecar runs a closure's body
// where it is made (it may run there), so two users calling `Start` race on
// what the callback touches; the callback's own self-race is the low one.
class Ticker {
public:
  void Start(Scheduler *s) {
    s->Register(1, [this]() { this->Tick_bad(); });
  }
  void Tick_bad() {
    ticks_++; // expected-race{{unprotected write to `this->ticks_` in 'periodic::Ticker::Tick_bad' races with the write in 'periodic::Ticker::Start'}}
  }
  void Lock() { std::lock_guard<std::mutex> l(mu_); }

private:
  std::mutex mu_;
  long ticks_ = 0;
};

// Twin: the same callable run by two threads the scan sees.
class Sampler {
public:
  void Start() {
    std::thread a([this]() { this->Sample_bad(); });
    std::thread b([this]() { this->Sample_bad(); });
    a.join();
    b.join();
  }
  void Sample_bad() {
    samples_++; // expected-race{{unprotected write to `this->samples_` in 'periodic::Sampler::Sample_bad' races with itself on another thread}}
  }
  void Lock() { std::lock_guard<std::mutex> l(mu_); }

private:
  std::mutex mu_;
  long samples_ = 0;
};

} // namespace periodic
