// A std::thread body lambda that touches fields is folded into the method that creates it.
#include <mutex>
#include <thread>
#include <vector>

namespace worker {

class Crawler {
public:
  void start_bad() {
    // Reported at the access in the lambda's body (every thread runs it),
    // with a note where the lambda is created.
    auto fetch = [this] {
      ++pagesFetched_; // expected-race{{unprotected write to `this->pagesFetched_` in 'worker::Crawler::start_bad' races with itself on another thread}}
    };
    for (int i = 0; i < 4; ++i)
      threads_.emplace_back(fetch); // expected-race{{unprotected write to container `this->threads_` (call to 'std::vector::emplace_back') in 'worker::Crawler::start_bad'}}
  }

  long pages_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    return pagesFetched_;
  }

  void join_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    for (std::thread &t : threads_)
      t.join();
    threads_.clear();
  }

private:
  std::mutex mu_;
  std::vector<std::thread> threads_;
  long pagesFetched_ = 0;
};

} // namespace worker
