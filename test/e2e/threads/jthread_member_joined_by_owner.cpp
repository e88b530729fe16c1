// A flusher keeps its std::jthread in a member and declares no destructor:
// the implicit one joins the member, so what main reads after the flusher
// goes out of scope is ordered after the thread's write.
// expected-no-races
#include <thread>

namespace logs {

long g_flushed = 0;

class Flusher {
public:
  void start() {
    worker_ = std::jthread([] { g_flushed = 1; });
  }

private:
  std::jthread worker_;
};

} // namespace logs

int main() {
  {
    logs::Flusher f;
    f.start();
  }
  return int(logs::g_flushed);
}
