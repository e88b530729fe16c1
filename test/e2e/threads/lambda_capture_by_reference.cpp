// Two std::threads running lambdas that capture the same local counter by reference.
#include <cstdio>
#include <thread>

int main() {
  long retries = 0;
  std::thread uploader([&] {
    for (int i = 0; i < 3; ++i)
      ++retries;
  });
  std::thread downloader([&retries] {
    retries += 2; // expected-race{{unprotected write to `retries`}}
  });
  uploader.join();
  downloader.join();
  std::printf("%ld\n", retries); // after both joins: ordered
}
