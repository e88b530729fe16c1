// Function-local statics are shared between threads (reported); thread_local ones are not. A lock of the object
// (`this->mu_`) does not protect a static: every generator has its own mu_; a static mutex does.
#include <mutex>

namespace ids {

class RequestIdGenerator {
public:
  long next_bad() {
    static long counter = 0;
    return counter++; // expected-race{{unprotected write to `ids::RequestIdGenerator::next_bad::counter` in 'ids::RequestIdGenerator::next_bad' races with itself on another thread}}
  }

  long nextPerThread_ok() {
    static thread_local long counter = 0;
    return ++counter;
  }

  long nextLockedPerObject_bad() {
    static long counter = 0;
    std::lock_guard<std::mutex> guard(mu_);
    return ++counter; // expected-race{{unprotected write to `ids::RequestIdGenerator::nextLockedPerObject_bad::counter` in 'ids::RequestIdGenerator::nextLockedPerObject_bad' races with itself on another thread (only `this->mu_` is held, and every object has its own)}}
  }

  long nextLockedStatic_ok() {
    static long counter = 0;
    static std::mutex counterMu;
    std::lock_guard<std::mutex> guard(counterMu);
    return ++counter;
  }

private:
  std::mutex mu_;
};

} // namespace ids
