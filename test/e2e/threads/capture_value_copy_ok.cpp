// Lambdas that capture a struct by copy each work on their own copy: no race.
#include <thread>

// expected-no-races

struct RetryPolicy {
  int attempts = 3;
  int backoff_ms = 100;
};

int main() {
  RetryPolicy policy;
  std::thread a([policy]() mutable {
    policy.attempts--;
    return policy.attempts;
  });
  std::thread b([policy]() mutable { policy.backoff_ms *= 2; });
  policy.attempts = 10;
  a.join();
  b.join();
  return policy.attempts;
}
