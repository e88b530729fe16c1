// std::async(std::launch::async, ...) runs on another thread until its future is waited for.
#include <future>

namespace report {

struct Totals {
  double revenue = 0;
  int orders = 0;
};

void sum_orders(Totals *t) {
  for (int i = 0; i < 10; ++i)
    t->revenue += 9.99;
}

} // namespace report

int main() {
  report::Totals totals;
  auto done = std::async(std::launch::async, report::sum_orders, &totals);
  double early = totals.revenue; // expected-race{{read of `totals.revenue` without synchronization in 'main'}}
  done.get();
  double final_revenue = totals.revenue; // after get(): ordered
  return static_cast<int>(early + final_revenue);
}
