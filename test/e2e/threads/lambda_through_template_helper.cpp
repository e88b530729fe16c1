// A helper template that starts threads with the callable it is given
// (`template <class F> void RunTwice(F f)`), called with two lambdas of one
// function. Each lambda makes an instantiation of its own: the first's
// threads count under a mutex, the second's do not and race. (Clang's USR
// names both instantiations alike; the second used to be dropped at the
// link, and a lambda passed in was no thread entry racecar could see.)
#include <mutex>
#include <thread>

template <class F> void RunTwice(F f) {
  std::thread a(f);
  std::thread b(f);
  a.join();
  b.join();
}

static std::mutex mu;
static long locked_total;
static long racy_total;

void count_both_bad() {
  RunTwice([] {
    std::lock_guard<std::mutex> l(mu);
    locked_total++;
  });
  RunTwice([] {
    racy_total++; // expected-race{{unprotected write to `racy_total` in 'count_both_bad::lambda@+5:12' races with itself on another thread}}
  });
}

int main() {
  count_both_bad();
  return 0;
}
