// std::ref passes the object itself to the thread; without it, the thread would get its own copy.
#include <functional>
#include <thread>

namespace billing {

void add_fees(long &total, long fee) {
  total += fee; // expected-race{{unprotected write to `invoice_total` in 'billing::add_fees' races with itself on another thread}}
}

void add_fees_copy_ok(long total, long fee) { total += fee; }

} // namespace billing

int main() {
  long invoice_total = 0;
  std::thread a(billing::add_fees, std::ref(invoice_total), 5);
  std::thread b(billing::add_fees, std::ref(invoice_total), 7);
  std::thread c(billing::add_fees_copy_ok, invoice_total, 9);
  a.join();
  b.join();
  c.join();
  return static_cast<int>(invoice_total);
}
