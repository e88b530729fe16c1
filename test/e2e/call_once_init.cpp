// std::call_once runs its callable once, synchronized: the writes inside it do not race.
#include <mutex>
#include <string>

// expected-no-races

namespace res {

class FontRegistry {
public:
  // std::call_once is modelled as a lock on the once_flag around its
  // callable, so the lambda's write is protected.
  const std::string &fonts_ok() {
    std::call_once(loaded_, [this] { fontList_ = "serif,sans,mono"; });
    return fontList_;
  }

  void addFont_ok(const std::string &name) {
    std::lock_guard<std::mutex> guard(mu_);
    extra_ += name;
  }

private:
  std::once_flag loaded_;
  std::mutex mu_;
  std::string fontList_;
  std::string extra_;
};

} // namespace res
