// The object's teardown (rocksdb's DBImpl: CloseImpl() and ~DBImpl() both
// run CloseHelper()): Close() resets the handle the getters read, which a
// user may not do while the object is in use. Low, with the reason. The
// twin: Purge(), which the teardown runs too but public methods also run
// while the object is in use, races there: high.
#include <mutex>

struct Handle {
  int value;
};

class Store {
public:
  Store() : handle_(new Handle{1}) {}
  ~Store() { CloseHelper(); }
  void Close() { CloseHelper(); }

  int Get_ok() const {
    return handle_ ? handle_->value : 0; // expected-low-race{{read of `this->handle_` without synchronization in 'Store::Get_ok' races with the write in 'Store::Close' [low: 'Store::Close' is the object's teardown (through 'Store::CloseHelper', which the destructor runs): the object must not be in use then]}}
  }

  void Put(int v) {
    std::lock_guard<std::mutex> g(mu_);
    count_ += v;
    Purge();
  }

  void Compact_bad() {
    Purge(); // expected-race{{unprotected write to `this->last_purge_` in 'Store::Compact_bad' (via call to 'Store::Purge') races with the write in 'Store::Put'}}
  }

private:
  void CloseHelper() {
    std::lock_guard<std::mutex> g(mu_);
    Purge();
    delete handle_;
    handle_ = nullptr;
  }
  void Purge() { last_purge_++; }

  std::mutex mu_;
  Handle *handle_;
  int count_ = 0;
  long last_purge_ = 0;
};
