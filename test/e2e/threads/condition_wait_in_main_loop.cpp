// A flusher thread's main loop waits for lines with a predicate, takes the
// batch and counts its flushes without the lock; the owner reads the count
// while it runs. A wait inside a worker's main loop orders nothing for
// what the owner does meanwhile: the count races for certain (the one-shot
// wait of condition_variable_predicate_wait.cpp is only a possible race).
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace metrics {

std::mutex g_mu;
std::condition_variable g_cv;
std::vector<std::string> g_pending;
bool g_stop = false;
long g_flushes;

void flusher() {
  for (;;) {
    std::vector<std::string> batch;
    {
      std::unique_lock<std::mutex> lk(g_mu);
      g_cv.wait(lk, [] { return g_stop || !g_pending.empty(); });
      if (g_stop)
        return;
      batch.swap(g_pending);
    }
    ++g_flushes;
  }
}

} // namespace metrics

int main() {
  using namespace metrics;
  std::thread t(flusher);
  for (int i = 0; i < 10; ++i) {
    {
      std::lock_guard<std::mutex> g(g_mu);
      g_pending.push_back("cpu=" + std::to_string(i));
    }
    g_cv.notify_one();
  }
  long seen = g_flushes; // expected-race{{read of `metrics::g_flushes` without synchronization in 'main' races with the write in 'metrics::flusher' [racecar-read-write-race]}}
  {
    std::lock_guard<std::mutex> g(g_mu);
    g_stop = true;
  }
  g_cv.notify_one();
  t.join();
  return int(seen & 1);
}
