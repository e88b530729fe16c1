// Protected methods are entry points like public ones; private ones are not.
#include <mutex>

namespace ui {

class Widget {
public:
  void resize_ok(int w, int h) {
    std::lock_guard<std::mutex> guard(mu_);
    width_ = w;
    height_ = h;
  }

protected:
  // Subclasses call this from their own event handlers.
  void markDirty_bad() {
    dirty_ = true; // expected-race{{unprotected write to `this->dirty_` in 'ui::Widget::markDirty_bad'}}
  }

  int width_bad() const {
    return width_; // expected-race{{read of `this->width_` without synchronization in 'ui::Widget::width_bad'}}
  }

private:
  // Not an entry point and never called: not reported.
  void clearDirty_ok() { dirty_ = false; }

  std::mutex mu_;
  int width_ = 0;
  int height_ = 0;
  bool dirty_ = false;
};

} // namespace ui
