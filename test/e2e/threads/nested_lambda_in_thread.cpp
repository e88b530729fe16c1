// The thread body calls a local helper lambda that updates the shared tally: reported in the thread body, at the
// helper lambda (a lambda's accesses are located where its body is written).
#include <thread>

int main() {
  int tally = 0;
  std::thread t([&] {
    auto add = [&tally](int n) { tally += n; };
    add(1);
    add(2);
  });
  tally = -1; // expected-race{{unprotected write to `tally` in 'main'}}
  t.join();
  return tally;
}
