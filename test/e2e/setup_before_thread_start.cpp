// An object made by a factory is not shared until a thread is handed it:
// a method called on it before the thread starts runs during setup (low),
// the same kind of call after the start races for sure.
#include <mutex>
#include <thread>

namespace svc {

class Worker {
public:
  static Worker *Start(int limit) {
    Worker *w = new Worker();
    w->Configure(limit);
    std::thread(&Worker::Run, w).detach();
    w->Tune(limit * 2);
    return w;
  }

  void Configure(int n) { limit_ = n; } // expected-low-race{{unprotected write to `this->limit_` in 'svc::Worker::Configure' races with the write in 'svc::Worker::Tune' [low: 'svc::Worker::Configure' is only called on objects not shared yet}}
  void Tune(int n) { limit_ = n; } // expected-race{{unprotected write to `this->limit_` in 'svc::Worker::Tune' races with itself on another thread}}

  void Run() {
    std::lock_guard<std::mutex> g(mu_);
    used_ += limit_;
  }

private:
  std::mutex mu_;
  long limit_ = 0;
  long used_ = 0;
};

} // namespace svc
