// Workers started with emplace_back in a loop and joined with a range-for: they race with each other only.
#include <thread>
#include <vector>

namespace crawl {

struct Frontier {
  int pages_seen = 0;
};

void crawl_bad(Frontier *f) {
  f->pages_seen++; // expected-race{{pages_seen` in 'crawl::crawl_bad' races with itself on another thread}}
}

} // namespace crawl

int main() {
  crawl::Frontier frontier;
  std::vector<std::thread> pool;
  for (int i = 0; i < 4; ++i)
    pool.emplace_back(crawl::crawl_bad, &frontier);
  for (std::thread &t : pool)
    t.join();
  frontier.pages_seen = 0; // after the joins: ordered
  return 0;
}
