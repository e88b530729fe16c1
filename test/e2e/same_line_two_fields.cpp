// Two racy accesses on one line to different memory are two reports; a call that leads to several is one.
#include <mutex>

namespace seq {

class Counters {
public:
  void bump_ok() {
    std::lock_guard<std::mutex> g(mu_);
    ++next_;
    last_ = next_;
  }
  // expected-race@+1 2{{unprotected write to `this->}}
  void copy_bad() { last_ = next_++; }

  void reset_bad() {
    resetBoth(); // expected-race{{unprotected write to `this->}}
  }

private:
  void resetBoth() {
    next_ = 0;
    last_ = 0;
  }
  std::mutex mu_;
  long next_ = 0;
  long last_ = 0;
};

} // namespace seq
