// std::jthread joins when it goes out of scope: the read after the block is ordered.
#include <thread>

// expected-no-races

int main() {
  int warmed_entries = 0;
  {
    std::jthread warmer([&warmed_entries] {
      for (int i = 0; i < 64; ++i)
        ++warmed_entries;
    });
  }
  return warmed_entries;
}
