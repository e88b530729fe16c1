// A method that writes without a lock races with itself running on another thread.
#include <mutex>
#include <cstdint>

namespace ids {

class SequenceGenerator {
public:
  std::uint64_t next_bad() {
    // The increment reads and writes on one line: one report, the write.
    return next_++; // expected-race{{unprotected write to `this->next_` in 'ids::SequenceGenerator::next_bad' races with itself on another thread}}
  }

  void reseed_ok(std::uint64_t seed) {
    std::lock_guard<std::mutex> guard(mu_);
    seed_ = seed;
  }

private:
  std::mutex mu_;
  std::uint64_t seed_ = 0;
  std::uint64_t next_ = 1;
};

} // namespace ids
