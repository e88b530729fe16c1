// Locks across switch cases and try/catch blocks follow the control flow.
#include <mutex>
#include <stdexcept>
#include <string>

namespace parser {

class Tokenizer {
public:
  void feed_bad(char c) {
    switch (c) {
    case '\n':
      {
        std::lock_guard<std::mutex> guard(mu_);
        ++lines_;
      }
      break;
    case ' ':
      ++spaces_; // expected-race{{unprotected write to `this->spaces_` in 'parser::Tokenizer::feed_bad'}}
      break;
    default:
      mu_.lock();
      ++chars_;
      mu_.unlock();
      break;
    }
  }

  void parseNumber_bad(const std::string &s) {
    try {
      std::lock_guard<std::mutex> guard(mu_);
      last_ = std::stol(s);
    } catch (const std::invalid_argument &) {
      // Missed: the CFG has no exception edges, so catch handlers are
      // unreachable and never analysed.
      ++errors_; // FIXME-race{{unprotected write to `this->errors_` in 'parser::Tokenizer::parseNumber_bad'}}
    }
  }

  long lines_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return lines_ + spaces_ + chars_ + errors_;
  }

private:
  mutable std::mutex mu_;
  long lines_ = 0;
  long spaces_ = 0;
  long chars_ = 0;
  long errors_ = 0;
  long last_ = 0;
};

} // namespace parser
