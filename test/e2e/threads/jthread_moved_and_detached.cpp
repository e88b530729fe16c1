// A poller keeps its std::jthread in a member, assigned in Start(): the
// temporary it was built in is moved from, and its destructor joins
// nothing; the thread runs until Stop() joins the member. A helper that
// detaches its std::jthread does not wait for it either.
#include <atomic>
#include <thread>

namespace mon {

class Poller {
public:
  void start() {
    worker_ = std::jthread([this] { run(); });
  }
  void stop() {
    stop_ = true;
    worker_.join();
  }
  long polls() const { return polls_; } // expected-race{{read of `q.polls_` without synchronization in 'mon::Poller::polls' (reached from 'main') races with the write in 'mon::Poller::run'}}

private:
  void run() {
    while (!stop_)
      ++polls_;
  }
  std::atomic<bool> stop_{false};
  long polls_ = 0;
  std::jthread worker_;
};

void fireAndForget(long *hits) {
  std::jthread t([hits] { ++*hits; });
  t.detach();
}

void waitFor(long *hits) {
  std::jthread t([hits] { ++*hits; }); // joined when t goes out of scope
}

} // namespace mon

int main() {
  mon::Poller p;
  p.start();
  p.stop();
  long a = p.polls(); // joined by stop(): ordered
  mon::Poller q;
  q.start();
  long b = q.polls(); // q's thread still runs
  q.stop();
  long hits = 0, waited = 0;
  mon::fireAndForget(&hits);
  mon::waitFor(&waited);
  return int(a + b + hits + waited); // expected-race{{read of `hits` without synchronization in 'main' races with the write in 'mon::fireAndForget::lambda}}
}
