// thread_local scratch state is per thread: no race, however many threads run the code.
#include <string>
#include <thread>

// expected-no-races

namespace fmt {

thread_local std::string t_scratch;
thread_local int t_calls = 0;

int format_row_ok(int row) {
  ++t_calls;
  t_scratch.assign(static_cast<std::size_t>(row % 10), '#');
  return static_cast<int>(t_scratch.size()) + t_calls;
}

} // namespace fmt

int main() {
  std::thread a(fmt::format_row_ok, 3), b(fmt::format_row_ok, 4);
  fmt::t_calls = 0;
  a.join();
  b.join();
}
