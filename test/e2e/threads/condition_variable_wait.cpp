// A loader thread fills a result, sets a flag under the mutex and notifies;
// main waits on a std::condition_variable in a loop and then reads what the
// loader wrote. The wait orders the read after what the loader did before
// it notified (a possible race at most: low); what the loader writes after
// its last notify is not ordered by the wait at all (certain).
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace etl {

struct Result {
  std::vector<std::string> rows;
  long elapsed_ms = 0;
  long bytes = 0;
};

Result g_result;
bool g_done = false;
std::mutex g_mu;
std::condition_variable g_cv;

void load() {
  for (int i = 0; i < 100; ++i)
    g_result.rows.push_back("row-" + std::to_string(i)); // expected-low-race{{unprotected write to container `etl::g_result.rows` (call to 'std::vector::push_back') in 'etl::load' races with the read in 'main' [low: it comes after a wait on a condition variable}}
  g_result.bytes = 4096; // expected-low-race{{unprotected write to `etl::g_result.bytes` in 'etl::load' races with the read in 'main' [low: it comes after a wait on a condition variable}}
  {
    std::lock_guard<std::mutex> g(g_mu);
    g_done = true;
  }
  g_cv.notify_all();
  g_result.elapsed_ms = 87; // expected-race{{unprotected write to `etl::g_result.elapsed_ms` in 'etl::load' races with the read in 'main' [racecar-unprotected-write]}}
}

} // namespace etl

int main() {
  std::thread loader(etl::load);
  {
    std::unique_lock<std::mutex> lk(etl::g_mu);
    while (!etl::g_done)
      etl::g_cv.wait(lk);
  }
  long total = long(etl::g_result.rows.size()) + etl::g_result.bytes +
               etl::g_result.elapsed_ms;
  loader.join();
  return total > 0 ? 0 : 1;
}
