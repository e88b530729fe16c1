// Two std::threads running lambdas that capture the same local counter by reference.
#include <cstdio>
#include <thread>

int main() {
  long retries = 0;
  std::thread uploader([&] {
    for (int i = 0; i < 3; ++i)
      ++retries; // expected-race{{unprotected write to `retries`}}
  });
  std::thread downloader([&retries] {
    retries += 2; // (the same race, reported at the first lambda)
  });
  uploader.join();
  downloader.join();
  std::printf("%ld\n", retries); // after both joins: ordered
}
