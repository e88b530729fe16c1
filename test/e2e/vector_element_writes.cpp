// `slots_[i] = v` and `slots_.at(i)++` on a std::vector member write an
// element of it: they race with element reads and writes on other threads
// (elements are merged, as for arrays). Under the class's lock they do not.
#include <mutex>
#include <vector>

namespace pool {

class Slots {
public:
  void Set_ok(size_t i, int v) {
    std::lock_guard<std::mutex> g(mu_);
    slots_[i] = v;
  }
  int GetLocked_ok(size_t i) {
    std::lock_guard<std::mutex> g(mu_);
    return slots_.at(i);
  }
  int Get_bad(size_t i) {
    return slots_[i]; // expected-race{{read of `this->slots_[]` without synchronization in 'pool::Slots::Get_bad' races with the write in}}
  }
  void Bump_bad(size_t i) {
    slots_.at(i)++; // expected-race{{unprotected write to `this->slots_[]` in 'pool::Slots::Bump_bad' races with the write in}}
  }

private:
  std::mutex mu_;
  std::vector<int> slots_;
};

} // namespace pool
