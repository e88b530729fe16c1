// A method called only on objects its callers make (`new`, a local) runs
// while they are set up: low (setup-only). One called on what an unseen
// function returns (`Pool::Instance()`, defined in a library the scan does
// not hold; duckdb's `BufferManager::GetBufferManager(db)`) is called on an
// object that may be anyone's: it stays high.
#include <mutex>

namespace cache {

class Pool {
public:
  static Pool &Instance(); // defined elsewhere

  static Pool *Create() {
    Pool *p = new Pool;
    p->Configure(8);
    return p;
  }

  void Configure(int n) {
    slots_ = n; // expected-low-race{{unprotected write to `this->slots_` in 'cache::Pool::Configure' races with the write in 'cache::Pool::Resize_ok' [low: 'cache::Pool::Configure' is only called on objects not shared yet}}
  }

  void Grow_bad(int n) {
    limit_ = n; // expected-race{{unprotected write to `this->limit_` in 'cache::Pool::Grow_bad' races with the write in 'cache::Pool::Resize_ok'}}
  }

  void Resize_ok(int n) {
    std::lock_guard<std::mutex> g(mu_);
    slots_ = n;
    limit_ = n;
  }

private:
  std::mutex mu_;
  int slots_ = 0;
  int limit_ = 0;
};

class Evictor {
public:
  void Run() {
    Pool &pool = Pool::Instance();
    pool.Grow_bad(16);
  }
};

} // namespace cache
