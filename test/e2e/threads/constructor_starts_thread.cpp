// A constructor that starts a thread on its own object (`worker_([this] {
// loop(); })`, or `worker_ = std::thread(..)` in its body) hands the object
// over: until then its writes are to an
// object nobody else sees, from then on they race with the thread's reads
// like any other thread's would. The writes in the member-initializer list
// before the thread member, in the body before the thread starts, after it
// is joined, and in a constructor whose thread is not handed the object
// stay quiet; the destructor's writes after its join too.
#include <atomic>
#include <string>
#include <thread>

namespace ops {

// The thread member is declared last: endpoint_ and period_ms_ are set
// before it starts; max_failures_ is assigned in the body, after.
class HealthChecker_bad {
public:
  HealthChecker_bad(std::string endpoint, int period_ms)
      : endpoint_(std::move(endpoint)), period_ms_(period_ms),
        worker_([this] { loop(); }) {
    max_failures_ = 3; // expected-race{{unprotected write to `hc.max_failures_` in 'ops::HealthChecker_bad::HealthChecker_bad' (reached from 'main') races with the read in 'ops::HealthChecker_bad::loop' [racecar-unprotected-write]}}
  }
  ~HealthChecker_bad() {
    stop_.store(true);
    worker_.join();
    failures_ = 0; // after the join: ours again
  }

private:
  void loop() {
    while (!stop_.load()) {
      if (endpoint_.empty() || period_ms_ < 0)
        ++failures_;
      if (failures_ >= max_failures_)
        unhealthy_.store(true);
    }
  }

  std::string endpoint_;
  int period_ms_;
  int max_failures_ = 0;
  int failures_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<bool> unhealthy_{false};
  std::thread worker_;
};

// The same through a setter the constructor calls after the start.
class Sampler_bad {
public:
  Sampler_bad() : worker_([this] { run(); }) { set_rate(100); }
  ~Sampler_bad() { worker_.join(); }

private:
  void set_rate(int r) {
    rate_ = r;
  }
  void run() {
    if (rate_ > 0) // expected-race{{read of `sampler.rate_` without synchronization in 'ops::Sampler_bad::run' (reached from 'ops::Sampler_bad::Sampler_bad::lambda@+0:27') races with the write in 'ops::Sampler_bad::set_rate' [racecar-read-write-race]}}
      ++samples_;
  }
  int rate_ = 0;
  long samples_ = 0;
  std::thread worker_;
};

// The thread member default-constructed (it starts nothing) and started
// in the body by move assignment; the write after it races, the one before
// does not.
class Poller_bad {
public:
  Poller_bad() {
    interval_ = 5;
    worker_ = std::thread([this] { poll(); });
    retries_ = 2; // expected-race{{unprotected write to `poller.retries_` in 'ops::Poller_bad::Poller_bad' (reached from 'main') races with the read in 'ops::Poller_bad::poll' [racecar-unprotected-write]}}
  }
  ~Poller_bad() { worker_.join(); }

private:
  void poll() {
    for (int i = 0; i < retries_; ++i)
      polls_ += interval_;
  }
  int interval_ = 0;
  int retries_ = 0;
  long polls_ = 0;
  std::thread worker_;
};

// Known miss: the object handed to a thread by a helper the constructor
// calls (`start_on(this, worker_)`): `this` passed to a call is still the
// constructor's own there.
class Launcher_bad;
void start_on(Launcher_bad *l, std::thread &t);
class Launcher_bad {
public:
  Launcher_bad() {
    start_on(this, worker_);
    limit_ = 3; // FIXME-race{{write to `launcher.limit_` after a helper started a thread on the object}}
  }
  ~Launcher_bad() { worker_.join(); }
  void loop() {
    if (count_ >= limit_)
      count_ = 0;
  }

private:
  int limit_ = 0;
  int count_ = 0;
  std::thread worker_;
};
void start_on(Launcher_bad *l, std::thread &t) {
  t = std::thread([l] { l->loop(); });
}

// Written before the thread starts, and after it is joined.
class Warmup_ok {
public:
  Warmup_ok() {
    budget_ = 10;
    std::thread t([this] { spend(); });
    t.join();
    budget_ = 0;
  }

private:
  void spend() {
    while (budget_ > 0)
      --budget_;
  }
  int budget_ = 0;
};

// The thread is not handed the object: the constructor's writes are to
// an object still its own.
long g_ticks = 0;
void tick() { ++g_ticks; }

class Clock_ok {
public:
  Clock_ok() : ticker_(tick) { resolution_ = 1; }
  ~Clock_ok() { ticker_.join(); }
  int resolution() const { return resolution_; }

private:
  int resolution_ = 0;
  std::thread ticker_;
};

} // namespace ops

int main() {
  ops::HealthChecker_bad hc("db:5432", 10);
  ops::Sampler_bad sampler;
  ops::Poller_bad poller;
  ops::Launcher_bad launcher;
  ops::Warmup_ok warm;
  ops::Clock_ok clock;
  return clock.resolution();
}
