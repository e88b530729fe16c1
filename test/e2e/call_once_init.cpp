// std::call_once runs its callable once, synchronized: the writes inside it do not race.
#include <mutex>
#include <string>

// expected-no-races

namespace res {

class FontRegistry {
public:
  // Known limitation (README): call_once is not modelled, so the lambda's
  // write is folded into fonts_ok() as an unlocked write: a false positive.
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
