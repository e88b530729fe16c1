// Function-local statics are shared between threads (reported); thread_local ones are not.
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

  long nextLocked_ok() {
    static long counter = 0;
    std::lock_guard<std::mutex> guard(mu_);
    return ++counter;
  }

private:
  std::mutex mu_;
};

} // namespace ids
