// A racy access in a private helper is reported at the call site in each public caller.
#include <mutex>
#include <string>

namespace logging {

class Logger {
public:
  void info_bad(const std::string &msg) {
    append("INFO", msg); // expected-race{{unprotected write to `this->sequence_` in 'logging::Logger::info_bad' (via call to 'logging::Logger::append') races with the write in 'logging::Logger::warn_bad'}}
  }

  void warn_bad(const std::string &msg) {
    append("WARN", msg); // expected-race{{unprotected write to `this->sequence_` in 'logging::Logger::warn_bad' (via call to 'logging::Logger::append')}}
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
