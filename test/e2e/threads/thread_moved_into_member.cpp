// A thread started into a member by assignment (`worker_ =
// std::thread(..)` in a start() method, the usual shape of a worker with
// start and stop) or moved there from a named handle (`worker_ =
// std::move(t)`) is joined by a join through that member: stop()'s writes
// after `worker_.join()` are ordered after the thread, its writes before
// the join race with it, and so does a write after joining another member.
#include <thread>
#include <utility>

namespace svc {

class Flusher_ok {
public:
  void start() { worker_ = std::thread([this] { run(); }); }
  void stop() {
    worker_.join();
    flushed_ = 0; // after the join: the thread is done
  }
  int flushed() const { return flushed_; }

private:
  void run() { flushed_ = 42; }
  std::thread worker_;
  int flushed_ = 0;
};

class Poller_bad {
public:
  void start() { worker_ = std::thread([this] { poll(); }); }
  void stop() {
    polls_ = 0; // races with poll()
    worker_.join();
  }

private:
  void poll() {
    polls_ = polls_ + 1; // expected-race{{unprotected write to `p.polls_` in 'svc::Poller_bad::poll' (reached from 'svc::Poller_bad::start::lambda@+0:40') races with the write in 'svc::Poller_bad::stop' [racecar-unprotected-write]}}
  }
  std::thread worker_;
  int polls_ = 0;
};

// Moved from a named thread: the join through the member joins it.
class Compactor_ok {
public:
  void start() {
    std::thread t([this] { compact(); });
    worker_ = std::move(t);
  }
  void stop() {
    worker_.join();
    level_ = 0;
  }

private:
  void compact() { level_ = 1; }
  std::thread worker_;
  int level_ = 0;
};

// Two members: joining the other one orders nothing.
class Replicator_bad {
public:
  void start() {
    sender_ = std::thread([this] { send(); });
    receiver_ = std::thread([] {});
  }
  void stop() {
    receiver_.join();
    sent_ = 0; // races with send()
    sender_.join();
  }

private:
  void send() {
    sent_ = 1; // expected-race{{unprotected write to `r.sent_` in 'svc::Replicator_bad::send' (reached from 'svc::Replicator_bad::start::lambda@+1:27') races with the write in 'svc::Replicator_bad::stop' [racecar-unprotected-write]}}
  }
  std::thread sender_, receiver_;
  int sent_ = 0;
};

} // namespace svc

int main() {
  svc::Flusher_ok f;
  f.start();
  f.stop();
  svc::Poller_bad p;
  p.start();
  p.stop();
  svc::Compactor_ok c;
  c.start();
  c.stop();
  svc::Replicator_bad r;
  r.start();
  r.stop();
  return f.flushed();
}
