// A racy access in a private helper is reported once, at the call site in the first public caller; the
// other callers reaching the same access (racing with the same one) are notes of that report.
#include <mutex>
#include <string>

namespace logging {

class Logger {
public:
  void info_bad(const std::string &msg) {
    append("INFO", msg); // expected-race{{unprotected write to `this->sequence_` in 'logging::Logger::info_bad' (via call to 'logging::Logger::append') races with the write in 'logging::Logger::warn_bad'}}
  }

  void warn_bad(const std::string &msg) {
    append("WARN", msg); // the same race: a note of the report above
  }

  void setPrefix_ok(const std::string &prefix) {
    std::lock_guard<std::mutex> guard(mu_);
    prefix_ = prefix;
  }

private:
  void append(const char *level, const std::string &msg) {
    // Bug: the sequence number is taken before the lock.
    unsigned long seq = ++sequence_;
    std::lock_guard<std::mutex> guard(mu_);
    buffer_ += prefix_;
    buffer_ += level;
    buffer_ += msg;
    lastSeq_ = seq;
  }

  std::mutex mu_;
  std::string prefix_;
  std::string buffer_;
  unsigned long sequence_ = 0;
  unsigned long lastSeq_ = 0;
};

} // namespace logging
