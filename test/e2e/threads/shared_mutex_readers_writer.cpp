// std::shared_mutex: shared_lock protects reads only; a writer holding a shared_lock races with the readers.
#include <mutex>
#include <shared_mutex>
#include <thread>

namespace dns {

struct Table {
  std::shared_mutex mu;
  int entries = 0;
  int ttl = 60;
};

int lookup_ok(Table *t) {
  std::shared_lock<std::shared_mutex> g(t->mu);
  return t->entries + t->ttl;
}

void insert_ok(Table *t) {
  std::unique_lock<std::shared_mutex> g(t->mu);
  ++t->entries;
}

void refresh_ttl_bad(Table *t) {
  std::shared_lock<std::shared_mutex> g(t->mu);
  t->ttl = 30; // expected-race{{unprotected write to `table.ttl` in 'dns::refresh_ttl_bad' races with the read in 'dns::lookup_ok' (only a shared lock is held)}}
}

} // namespace dns

int main() {
  dns::Table table;
  std::thread r(dns::lookup_ok, &table);
  std::thread w(dns::insert_ok, &table);
  std::thread t(dns::refresh_ttl_bad, &table);
  r.join();
  w.join();
  t.join();
}
