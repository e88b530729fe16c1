// Globals touched by a checked class's methods race like fields do.
#include <mutex>

namespace metrics {

long g_requestsServed = 0;
long g_bytesSent = 0;

class HttpHandler {
public:
  void handle_ok(long bytes) {
    std::lock_guard<std::mutex> guard(mu_);
    ++pending_;
    g_bytesSent += bytes;
  }

  void finish_bad() {
    ++g_requestsServed; // expected-race{{g_requestsServed` in 'metrics::HttpHandler::finish_bad' races with itself on another thread}}
  }

  long served_bad() const {
    return g_bytesSent; // expected-race{{g_bytesSent` without synchronization in 'metrics::HttpHandler::served_bad'}}
  }

  void finishLocked_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    --pending_;
  }

private:
  std::mutex mu_;
  int pending_ = 0;
};

// Free functions are not entry points of any class: not reported.
void resetStats_ok() { g_requestsServed = 0; }

} // namespace metrics
