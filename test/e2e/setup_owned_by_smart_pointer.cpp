// A factory's object owned by a local smart pointer (`std::unique_ptr<T>
// p(new T)`, `std::make_unique`, `std::make_shared`) is not shared until it
// is handed out: methods called on it there run during setup (low). A
// smart pointer that is later assigned another object may hold a shared
// one: calls through it stay high.
#include <memory>
#include <mutex>
#include <vector>

namespace store {

class Engine {
public:
  static Engine *Open(long n) {
    std::unique_ptr<Engine> e(new Engine());
    e->Recover(n);
    return e.release();
  }

  static std::shared_ptr<Engine> Make(long n) {
    auto e = std::make_shared<Engine>();
    e->Recover(n);
    return e;
  }

  static void Replace(std::unique_ptr<Engine> &slot) {
    std::unique_ptr<Engine> e(new Engine());
    e.swap(slot);
    e->Reset();
  }

  // Shared before the call: a copy of the pointer went to the registry.
  static void Publish(std::vector<std::shared_ptr<Engine>> &all, long n) {
    auto e = std::make_shared<Engine>();
    all.push_back(e);
    e->Rewind(n);
  }

  void Recover(long n) { epoch_ = n; } // expected-low-race{{unprotected write to `this->epoch_` in 'store::Engine::Recover' races with the write in 'store::Engine::Advance_ok' [low: 'store::Engine::Recover' is only called on objects not shared yet}}
  void Reset() { epoch_ = 0; } // expected-race{{unprotected write to `this->epoch_` in 'store::Engine::Reset' races with the write in 'store::Engine::Advance_ok'}}
  void Rewind(long n) { epoch_ = n; } // expected-race{{unprotected write to `this->epoch_` in 'store::Engine::Rewind' races with the write in 'store::Engine::Advance_ok'}}

  void Advance_ok() {
    std::lock_guard<std::mutex> g(mu_);
    epoch_++;
  }

private:
  std::mutex mu_;
  long epoch_ = 0;
};

} // namespace store
