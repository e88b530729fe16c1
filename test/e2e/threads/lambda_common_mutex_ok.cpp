// Lambdas that lock the same std::mutex (captured by reference) around the shared map: no race.
#include <map>
#include <mutex>
#include <string>
#include <thread>

// expected-no-races

int main() {
  std::mutex mu;
  std::map<std::string, int> word_counts;
  auto count = [&](const char *w) {
    std::lock_guard<std::mutex> guard(mu);
    ++word_counts[w];
  };
  std::thread a([&] { count("alpha"); });
  std::thread b([&] {
    std::lock_guard<std::mutex> guard(mu);
    word_counts.erase("alpha");
  });
  a.join();
  b.join();
  return static_cast<int>(word_counts.size());
}
