// `Write(nullptr)` runs a copy of Write without the `updates != nullptr`
// branch. The copy must not count as a caller of what that branch calls:
// every call of SetLast still holds the caller's lock (a dead call in the copy
// would make SetLast look called without it).
#include <mutex>

class Versions {
public:
  void Recover() { last_ = 0; } // expected-low-race{{unprotected write to `this->last_` in 'Versions::Recover' races with the write in 'Versions::SetLast' [low: every call of 'Versions::Recover' holds a lock of its caller's}}
  void SetLast(long s) { last_ = s; } // expected-low-race{{unprotected write to `this->last_` in 'Versions::SetLast' races with the write in 'Versions::Recover' [low: every call of 'Versions::SetLast' holds a lock of its caller's}}
  void Mark() { marks_++; } // expected-low-race{{unprotected write to `this->marks_` in 'Versions::Mark' races with itself on another thread [low: every call of 'Versions::Mark' holds a lock of its caller's}}
  long Last() const { return last_; } // expected-low-race{{read of `this->last_` without synchronization in 'Versions::Last' races with the write in 'Versions::Recover' [low: every call of 'Versions::Last' holds a lock of its caller's}}
  void Apply(std::mutex *mu) {
    mu->unlock();
    work_++; // expected-low-race{{unprotected write to `this->work_` in 'Versions::Apply' races with itself on another thread [low: every call of 'Versions::Apply' holds a lock of its caller's}}
    mu->lock();
  }

private:
  long last_ = 0;
  long work_ = 0;
  long marks_ = 0;
};

class Db {
public:
  void Open() {
    std::lock_guard<std::mutex> g(mu_);
    RecoverAll();
  }
  void Write(const int *updates) {
    std::lock_guard<std::mutex> g(mu_);
    long s = v_->Last();
    if (updates != nullptr)
      v_->SetLast(s + 1);
  }
  void TEST_Compact() { Write(nullptr); }
  void StampAll() {
    std::lock_guard<std::mutex> g(mu_);
    Stamp(true);
  }
  void Compact_bad() {
    std::lock_guard<std::mutex> g(mu_);
    v_->Apply(&mu_); // expected-race{{unprotected write to `this->v_->work_` in 'Db::Compact_bad' (via call to 'Versions::Apply') races with itself on another thread}}
  }

private:
  // Only ever called as Stamp(true), under mu_: its callers are those of its
  // copy, and Versions::Mark is still caller-synchronized.
  void Stamp(bool full) {
    if (full)
      v_->Mark();
  }
  void RecoverAll() {
    v_->Recover();
    v_->SetLast(3);
  }
  std::mutex mu_;
  Versions *v_;
};
