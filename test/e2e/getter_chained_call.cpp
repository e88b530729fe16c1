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

  // The getter's result used directly as the receiver, bound to no local:
  // the returned `this->stats_` is followed as if it were bound.
  void serveFast_bad() {
    stats().record(); // expected-race{{unprotected write to `this->stats_.hits` in 'web::Frontend::serveFast_bad' (via call to 'web::HitStats::record')}}
  }

private:
  HitStats &stats() { return stats_; }

  std::mutex mu_;
  HitStats stats_;
};

// Bound to a local reference first: followed and reported.
class BoundFrontend {
public:
  void serve_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    stats().record();
  }

  void serveBound_bad() {
    HitStats &s = stats();
    s.record(); // expected-race{{unprotected write to `this->stats_.hits` in 'web::BoundFrontend::serveBound_bad' (via call to 'web::HitStats::record')}}
  }

private:
  HitStats &stats() { return stats_; }

  std::mutex mu_;
  HitStats stats_;
};

// The same shape where the getter hands out a new object each time: the
// caller's own, no race.
class FreshFrontend {
public:
  void serve_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    stats()->record();
    ++served_;
  }
  void serveFast_ok() { stats()->record(); }

private:
  HitStats *stats() { return new HitStats(); }

  std::mutex mu_;
  long served_ = 0;
};

} // namespace web
