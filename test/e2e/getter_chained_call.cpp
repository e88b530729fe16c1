// Calling a method on the result of a getter (`stats().record()`) touches the member the getter returns.
#include <mutex>

namespace web {

struct HitStats {
  long hits = 0;
  void record() { ++hits; }
};

class Frontend {
public:
  void serve_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    stats().record();
  }

  // Missed: the getter's result is used directly as the receiver, not bound
  // to a local, so the returned `this->stats_` is not followed.
  void serveFast_bad() {
    stats().record(); // FIXME-race{{unprotected write to `this->stats_.hits`}}
  }

  // Bound to a local reference first: followed and reported.
  void serveBound_bad() {
    HitStats &s = stats();
    s.record(); // expected-race{{unprotected write to `this->stats_.hits` in 'web::Frontend::serveBound_bad' (via call to 'web::HitStats::record')}}
  }

private:
  HitStats &stats() { return stats_; }

  std::mutex mu_;
  HitStats stats_;
};

} // namespace web
