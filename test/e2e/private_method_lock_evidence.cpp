// A lock taken only in a private method is still evidence: the whole class is checked.
#include <mutex>
#include <string>

namespace log {

class RotatingFile {
public:
  void write_bad(const std::string &line) {
    bytes_ += static_cast<long>(line.size()); // expected-race{{unprotected write to `this->bytes_` in 'log::RotatingFile::write_bad' races with the write in 'log::RotatingFile::rotate_ok'}}
    if (bytes_ > limit_)
      rotate_ok();
  }

  void rotate_ok() { rotateLocked(); }

private:
  void rotateLocked() {
    std::lock_guard<std::mutex> guard(mu_);
    ++generation_;
    bytes_ = 0;
  }

  std::mutex mu_;
  long bytes_ = 0;
  long limit_ = 1 << 20;
  int generation_ = 0;
};

} // namespace log
