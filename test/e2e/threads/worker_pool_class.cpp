// A worker pool that starts its threads in the constructor and joins them in shutdown(); submit() locks, the
// statistics getter does not. The only write of completed_ is on the pool's own threads (a private method called
// from the constructor's lambda), which the class-based check does not see; the thread check pairs it with main's
// call of the getter while the workers run, and reports it there.
#include <mutex>
#include <thread>
#include <vector>

namespace pool {

class WorkerPool {
public:
  explicit WorkerPool(int n) {
    for (int i = 0; i < n; ++i)
      workers_.emplace_back([this] { loop(); });
  }

  void submit(int job) {
    std::lock_guard<std::mutex> g(mu_);
    pending_ += job;
  }

  long completed_bad() const { return completed_; } // expected-race{{read of `p.completed_`}}

  void shutdown() {
    {
      std::lock_guard<std::mutex> g(mu_);
      stop_ = true;
    }
    for (std::thread &t : workers_)
      t.join();
  }

private:
  void loop() {
    for (;;) {
      std::lock_guard<std::mutex> g(mu_);
      if (stop_)
        return;
      if (pending_ > 0) {
        --pending_;
        ++completed_;
      }
    }
  }

  std::mutex mu_;
  std::vector<std::thread> workers_;
  long pending_ = 0;
  long completed_ = 0;
  bool stop_ = false;
};

} // namespace pool

int main() {
  pool::WorkerPool p(4);
  p.submit(10);
  long seen = p.completed_bad();
  p.shutdown();
  return static_cast<int>(seen);
}
