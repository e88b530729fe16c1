// main reads what the lambda thread computed only after joining it; before the start it only initializes.
#include <string>
#include <thread>
#include <vector>

// expected-no-races

int main() {
  std::vector<std::string> lines;
  std::size_t total = 0;
  lines.push_back("header");
  std::thread parser([&] {
    for (int i = 0; i < 10; ++i)
      total += 80;
  });
  parser.join();
  lines.push_back(std::to_string(total));
  return static_cast<int>(total);
}
