// Globals touched by a checked class's methods race like fields do. A lock of the object (`this->mu_`) does not
// protect a global: every HttpHandler has its own mu_; a global mutex does.
#include <mutex>

namespace metrics {

long g_requestsServed = 0;
long g_bytesSent = 0;
long g_errors = 0;
std::mutex g_statsMu;

class HttpHandler {
public:
  void handle_bad(long bytes) {
    std::lock_guard<std::mutex> guard(mu_);
    ++pending_;
    g_bytesSent += bytes; // expected-race{{unprotected write to `metrics::g_bytesSent` in 'metrics::HttpHandler::handle_bad' races with itself on another thread (only `this->mu_` is held, and every object has its own)}}
  }

  void fail_ok() {
    std::lock_guard<std::mutex> guard(g_statsMu);
    ++g_errors;
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
