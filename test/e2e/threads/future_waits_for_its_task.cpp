// A future's get() waits for the task that makes its value: a std::async's
// task is done after it, a std::thread running something else is not. A
// thread that hands its result over with std::promise::set_value orders
// what it did before (a wait on a future: low at most), not what it does
// after setting the value.
#include <future>
#include <string>
#include <thread>
#include <vector>

namespace crawl {

long g_pages_seen;
long g_links;

void count_pages() {
  for (int i = 0; i < 1000; ++i)
    g_pages_seen++; // expected-race{{unprotected write to `crawl::g_pages_seen` in 'crawl::count_pages' races with the read in 'main' [racecar-unprotected-write]}}
}

int parse_links() {
  g_links = 17;
  return 17;
}

struct Profile {
  std::string name;
  long fetch_ms = 0;
};

Profile g_profile;

void fetch(std::promise<int> done) {
  g_profile.name = "ada"; // expected-low-race{{unprotected write to container `crawl::g_profile.name` (call to 'std::basic_string::operator=') in 'crawl::fetch' races with the read in 'main' [low: it comes after a wait on a condition variable or a future}}
  done.set_value(1);
  g_profile.fetch_ms = 40; // expected-race{{unprotected write to `crawl::g_profile.fetch_ms` in 'crawl::fetch' races with the read in 'main' [racecar-unprotected-write]}}
}

} // namespace crawl

int main() {
  using namespace crawl;
  // The async task is joined by get(); the counting thread still runs.
  std::thread counter(count_pages);
  std::future<int> links = std::async(std::launch::async, parse_links);
  int n = links.get();
  long seen = g_pages_seen; // (the counting thread still runs)
  long l = g_links;         // (after get(): the task is done)
  counter.join();

  std::promise<int> p;
  std::future<int> f = p.get_future();
  std::thread t(fetch, std::move(p));
  int ok = f.get();
  long len = long(g_profile.name.size());
  long ms = g_profile.fetch_ms;
  t.join();
  return int(n + seen + l + ok + len + ms) & 1;
}
