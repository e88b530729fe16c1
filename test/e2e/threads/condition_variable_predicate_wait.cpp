// An indexer thread builds an index, then publishes it under the mutex and
// notifies; the caller waits with a predicate (`cv.wait(lk, [&] { .. })`,
// the loop inside the library) and then reads the index. The wait orders
// the read after what the indexer did before it notified (low); the
// statistics it updates after notifying race for certain.
#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace search {

class Index {
public:
  std::map<std::string, int> terms;
  long build_ms = 0;
  long lookups = 0;
};

Index g_index;
bool g_ready = false;
std::mutex g_mu;
std::condition_variable g_cv;

void build() {
  g_index.terms["alpha"] = 1;
  {
    std::lock_guard<std::mutex> g(g_mu);
    g_ready = true;
  }
  g_cv.notify_one();
  g_index.build_ms = 12;
}

} // namespace search

int main() {
  std::thread indexer(search::build);
  {
    std::unique_lock<std::mutex> lk(search::g_mu);
    search::g_cv.wait(lk, [] { return search::g_ready; });
  }
  long n = long(search::g_index.terms.size()); // expected-low-race{{read of container `search::g_index.terms` (call to 'std::map::size') without synchronization in 'main' races with the write in 'search::build' [low: it comes after a wait on a condition variable}}
  n += search::g_index.build_ms; // expected-race{{read of `search::g_index.build_ms` without synchronization in 'main' races with the write in 'search::build' [racecar-read-write-race]}}
  indexer.join();
  return n > 0 ? 0 : 1;
}
