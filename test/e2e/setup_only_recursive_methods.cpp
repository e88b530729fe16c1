// A recursive pair of methods entered only on an object not shared yet
// (a static factory's fresh object) runs only during setup: its writes
// against the locked writers are low, setup-only. The same pair also
// called on a shared object stays high.
#include <mutex>

namespace cfg {

class Tree {
public:
  static Tree *Load(const char *spec) {
    Tree *t = new Tree();
    t->ParseNode(spec);
    return t;
  }

  void ParseNode(const char *s) {
    nodes_ = 1; // expected-low-race{{unprotected write to `this->nodes_` in 'cfg::Tree::ParseNode' races with the write in 'cfg::Tree::Insert_ok' [low: 'cfg::Tree::ParseNode' is only called on objects not shared yet}}
    if (*s == '(')
      ParseList(s + 1);
  }

  void ParseList(const char *s) {
    while (*s && *s != ')')
      ParseNode(s++); // (the same access pair as ParseNode's: a note of its report)
  }

  void Insert_ok() {
    std::lock_guard<std::mutex> g(mu_);
    nodes_++;
  }

private:
  std::mutex mu_;
  long nodes_ = 0;
};

class Forest {
public:
  static Forest *Load(const char *spec) {
    Forest *f = new Forest();
    f->ParseNode(spec);
    return f;
  }

  void Reload_bad(const char *spec) { ParseNode(spec); } // (reaches ParseNode's write: a note of its report, which is high)

  void ParseNode(const char *s) {
    trees_ = 1; // expected-race{{unprotected write to `this->trees_` in 'cfg::Forest::ParseNode' races with the write in 'cfg::Forest::Insert_ok'}}
    if (*s == '(')
      ParseList(s + 1);
  }

  void ParseList(const char *s) {
    while (*s && *s != ')')
      ParseNode(s++);
  }

  void Insert_ok() {
    std::lock_guard<std::mutex> g(mu_);
    trees_++;
  }

private:
  std::mutex mu_;
  long trees_ = 0;
};

} // namespace cfg
