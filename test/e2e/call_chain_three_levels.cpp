// An access three calls deep (public -> private -> private -> private) is reported at the public call site.
#include <mutex>
#include <string>
#include <vector>

namespace compiler {

class SymbolTable {
public:
  void declare_bad(const std::string &name) {
    {
      std::lock_guard<std::mutex> guard(mu_);
      names_.push_back(name);
    }
    addSymbol(name); // expected-race{{unprotected write to `this->nextSlot_` in 'compiler::SymbolTable::declare_bad' (via call to 'compiler::SymbolTable::addSymbol')}}
  }

  void declareLocked_ok(const std::string &name) {
    std::lock_guard<std::mutex> guard(mu_);
    names_.push_back(name);
    addSymbol(name);
  }

  int slots_bad() const {
    return currentSlot(); // expected-race{{read of `this->nextSlot_` without synchronization in 'compiler::SymbolTable::slots_bad' (via call to 'compiler::SymbolTable::currentSlot')}}
  }

private:
  void addSymbol(const std::string &name) {
    if (name.empty())
      return;
    assignSlot();
  }

  void assignSlot() { bumpSlot(2); }

  void bumpSlot(int width) { nextSlot_ += width; }

  int currentSlot() const { return peekSlot(); }
  int peekSlot() const { return nextSlot_; }

  mutable std::mutex mu_;
  std::vector<std::string> names_;
  int nextSlot_ = 0;
};

} // namespace compiler
