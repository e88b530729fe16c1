// Reports are deduplicated: one unprotected write per (method, field); a read-modify-write is one report.
#include <mutex>

namespace render {

class FrameTimer {
public:
  void tick_bad(double dt) {
    frames_++; // expected-race{{unprotected write to `this->frames_` in 'render::FrameTimer::tick_bad'}}
    elapsed_ += dt; // expected-race{{unprotected write to `this->elapsed_` in 'render::FrameTimer::tick_bad'}}
    if (dt > worst_) // expected-race{{read of `this->worst_` without synchronization in 'render::FrameTimer::tick_bad' races with the write in 'render::FrameTimer::reset_ok'}}
      worst_ = dt; // expected-race{{unprotected write to `this->worst_` in 'render::FrameTimer::tick_bad'}}
    // A second read and write of frames_ in the same method: not reported again.
    frames_ = frames_ % 1000000;
  }

  void reset_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    frames_ = 0;
    elapsed_ = 0;
    worst_ = 0;
  }

private:
  std::mutex mu_;
  long frames_ = 0;
  double elapsed_ = 0;
  double worst_ = 0;
};

} // namespace render
