// Double-checked lazy initialization with a plain pointer: the unlocked first check races with the locked write.
#include <mutex>
#include <string>

namespace i18n {

struct Catalog {
  std::string locale;
};

class Translator {
public:
  const Catalog *catalog_bad() {
    if (!catalog_) { // expected-race{{read of `this->catalog_` without synchronization in 'i18n::Translator::catalog_bad' races with the write in 'i18n::Translator::catalogLocked_ok'}}
      std::lock_guard<std::mutex> guard(mu_);
      if (!catalog_)
        catalog_ = load();
    }
    return catalog_;
  }

  const Catalog *catalogLocked_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    if (!catalog_)
      catalog_ = load();
    return catalog_;
  }

private:
  static Catalog *load() {
    Catalog *c = new Catalog;
    c->locale = "en_US";
    return c;
  }

  std::mutex mu_;
  Catalog *catalog_ = nullptr;
};

} // namespace i18n
