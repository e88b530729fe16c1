// std::string members are containers: +=, append and assignment are writes; size/c_str are reads.
#include <mutex>
#include <string>

namespace term {

class ConsoleBuffer {
public:
  void print_ok(const std::string &s) {
    std::lock_guard<std::mutex> guard(mu_);
    text_ += s;
  }

  void printLine_bad(const std::string &s) {
    text_.append(s); // expected-race{{unprotected write to container `this->text_` (call to 'std::basic_string::append') in 'term::ConsoleBuffer::printLine_bad'}}
  }

  void setTitle_bad(const std::string &t) {
    title_ += t; // expected-race{{unprotected write to container `this->title_` (call to 'std::basic_string::operator+=') in 'term::ConsoleBuffer::setTitle_bad' races with itself on another thread}}
  }

  std::size_t length_bad() const {
    return text_.size(); // expected-race{{read of container `this->text_` (call to 'std::basic_string::size') without synchronization in 'term::ConsoleBuffer::length_bad'}}
  }

  std::string snapshot_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return text_;
  }

private:
  mutable std::mutex mu_;
  std::string text_;
  std::string title_;
};

} // namespace term
