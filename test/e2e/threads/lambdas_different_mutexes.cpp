// The two threads each lock a mutex, but a different one: the shared balance is not protected.
#include <mutex>
#include <thread>

int main() {
  std::mutex deposit_mu, withdraw_mu;
  long balance = 100;
  std::thread depositor([&] {
    std::lock_guard<std::mutex> g(deposit_mu);
    balance += 50; // expected-race{{write to `balance` under `deposit_mu` in}}
  });
  std::thread withdrawer([&] {
    std::lock_guard<std::mutex> g(withdraw_mu);
    balance -= 30; // (the same race, reported at the first lambda)
  });
  depositor.join();
  withdrawer.join();
  return static_cast<int>(balance);
}
