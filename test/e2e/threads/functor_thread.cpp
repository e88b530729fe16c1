// A functor object as the thread body: its operator() updates a global gauge.
#include <thread>

long g_queue_depth = 0;

struct DrainQueue {
  int batch;
  void operator()() const {
    g_queue_depth -= batch; // expected-race{{unprotected write to `g_queue_depth` in 'DrainQueue::operator()' races with itself on another thread}}
  }
};

int main() {
  g_queue_depth = 100;
  std::thread a(DrainQueue{10});
  std::thread b(DrainQueue{20});
  a.join();
  b.join();
  return static_cast<int>(g_queue_depth);
}
