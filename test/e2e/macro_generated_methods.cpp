// Accesses in macro-generated methods are reported at the macro's expansion site (one line may carry several reports).
#include <mutex>

#define RACY_PROPERTY(Name, field)                                             \
  int get##Name##_bad() const { return field; }                                \
  void set##Name##_bad(int v) { field = v; }

#define BUMP(field) ++(field)

namespace ui {

class Layout {
public:
  // Getter and setter share the expansion line: two reports there.
  RACY_PROPERTY(Width, width_) // expected-race 2 {{`this->width_`}}

  void grow_bad() {
    BUMP(height_); // expected-race{{unprotected write to `this->height_` in 'ui::Layout::grow_bad'}}
  }

  void resize_ok(int w, int h) {
    std::lock_guard<std::mutex> guard(mu_);
    width_ = w;
    BUMP(height_);
    height_ = h;
  }

private:
  std::mutex mu_;
  int width_ = 0;
  int height_ = 0;
};

} // namespace ui
