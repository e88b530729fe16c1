// std::deque push_front/pop_back are container writes; front() reads the container and names its element (`this->actions_[]`).
#include <deque>
#include <mutex>
#include <string>

namespace history {

class UndoStack {
public:
  void record_ok(const std::string &action) {
    std::lock_guard<std::mutex> guard(mu_);
    actions_.push_front(action);
    if (actions_.size() > kLimit)
      actions_.pop_back();
  }

  std::string undo_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    if (actions_.empty())
      return std::string();
    std::string a = actions_.front();
    actions_.pop_front();
    return a;
  }

  void trim_bad(std::size_t n) {
    while (actions_.size() > n) // expected-race{{read of container `this->actions_` (call to 'std::deque::size') without synchronization in 'history::UndoStack::trim_bad'}}
      actions_.pop_back(); // expected-race{{unprotected write to container `this->actions_` (call to 'std::deque::pop_back') in 'history::UndoStack::trim_bad'}}
  }

  std::string peek_bad() const {
    return actions_.front(); // expected-race{{read of container `this->actions_[]` (copied by 'std::basic_string::basic_string') without synchronization in 'history::UndoStack::peek_bad'}}
  }

private:
  static constexpr std::size_t kLimit = 100;
  mutable std::mutex mu_;
  std::deque<std::string> actions_;
};

} // namespace history
