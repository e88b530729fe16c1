// `if (mu_.try_lock())`: protected in the taken branch only.
#include <mutex>
#include <string>

namespace ui {

class StatusBar {
public:
  void update_ok(const std::string &text) {
    if (mu_.try_lock()) {
      text_ = text;
      ++updates_;
      mu_.unlock();
    }
  }

  void updateOrCount_bad(const std::string &text) {
    if (mu_.try_lock()) {
      text_ = text;
      mu_.unlock();
    } else {
      ++skipped_; // expected-race{{unprotected write to `this->skipped_` in 'ui::StatusBar::updateOrCount_bad'}}
    }
  }

  void forceUpdate_ok(const std::string &text) {
    mu_.lock();
    text_ = text;
    skipped_ = 0;
    mu_.unlock();
  }

private:
  std::mutex mu_;
  std::string text_;
  long updates_ = 0;
  long skipped_ = 0;
};

} // namespace ui
