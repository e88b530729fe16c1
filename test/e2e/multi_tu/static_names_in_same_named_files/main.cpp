// expected-no-races
// Two threads grow the server's table, two the bundled client's.
#include <thread>

void server_dict_grow_bad();
void client_dict_grow_ok();

int main() {
  std::thread a(server_dict_grow_bad), b(server_dict_grow_bad);
  std::thread c(client_dict_grow_ok), d(client_dict_grow_ok);
  a.join();
  b.join();
  c.join();
  d.join();
  return 0;
}
