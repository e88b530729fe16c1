// A member passed by pointer or reference to a function racecar has no body
// for (a pure virtual factory method, an external library call) may be
// written there: a write racecar assumes, reported low with the callee named.
#include <atomic>
#include <mutex>
#include <string>

namespace sinks {

class Sink {
public:
  virtual ~Sink();
  virtual void Write(const std::string &line) = 0;
};

class SinkFactory {
public:
  virtual ~SinkFactory();
  virtual bool Create(const std::string &name, Sink **out) = 0;
  virtual bool Same(const std::string &name, Sink *const *current) const = 0;
};

// Declared by a library header; no body in the scan.
int parse_level(const char *text, int *level);
int level_valid(const int *level);
void bump_counter(std::atomic<long> *counter);
// A scheduler taking a callback and its context: the context is handed
// over, not written.
void schedule(void (*fn)(void *), void *context);
// A forwarding template with no body in the scan passes its arguments on.
template <class... Args> void post_event(Args &&...args);

// In the scan: its write is seen, not assumed.
int parse_level_seen(const char *text, int *level) {
  *level = text[0] - '0';
  return 0;
}

class Logger {
public:
  void Reopen_bad(const std::string &name) {
    factory_->Create(name, &sink_); // expected-low-race{{unprotected write to `this->sink_` (passed to 'sinks::SinkFactory::Create') in 'sinks::Logger::Reopen_bad' races with the write in 'sinks::Logger::ReopenLocked_ok' [low: the write is assumed: the memory is passed by pointer or reference to 'sinks::SinkFactory::Create', whose body racecar did not see, and it may only read it]}}
  }

  void ReopenLocked_ok(const std::string &name) {
    std::lock_guard<std::mutex> g(mu_);
    factory_->Create(name, &sink_);
  }

  // A pointer to const: the callee cannot write the member.
  bool Unchanged_ok(const std::string &name) const {
    return factory_->Same(name, &sink_);
  }

  void SetLevel_bad(const char *text) {
    parse_level(text, &level_); // expected-low-race{{unprotected write to `this->level_` (passed to 'sinks::parse_level') in 'sinks::Logger::SetLevel_bad' races with the write in 'sinks::Logger::SetLevelLocal_ok' [low: the write is assumed}}
  }

  void SetLevelSeen_bad(const char *text) {
    // The twin: the callee's body is seen, so its write is a sure one.
    parse_level_seen(text, &level_); // expected-race{{unprotected write to `this->level_` in 'sinks::Logger::SetLevelSeen_bad' (via call to 'sinks::parse_level_seen') races with the write in 'sinks::Logger::SetLevelLocal_ok'}}
  }

  void SetLevelLocal_ok(const char *text) {
    int level = 0;
    parse_level(text, &level);
    std::lock_guard<std::mutex> g(mu_);
    level_ = level;
  }

  bool LevelValid_ok() const {
    std::lock_guard<std::mutex> g(mu_);
    return level_valid(&level_);
  }

  // The object handed over as a callback's context (`void *`), a member
  // passed on by a forwarding reference, a member passed to a standard
  // function that takes a non-const reference without writing it: no write.
  void Flush_ok() { schedule(&Logger::FlushNow, this); }
  void Notify_ok() { post_event(level_, sink_); }
  long Levels_ok() { return *std::begin(levels_) + std::size(levels_); }

  // An atomic object: whatever the callee does to it is atomic.
  void Count_ok() { bump_counter(&lines_); }

  static void FlushNow(void *self);

  void Log_ok(const std::string &line) {
    std::lock_guard<std::mutex> g(mu_);
    lines_++;
    levels_[0] = level_;
    if (sink_ && level_ > 0)
      sink_->Write(line);
  }

private:
  mutable std::mutex mu_;
  SinkFactory *factory_ = nullptr;
  Sink *sink_ = nullptr;
  int level_ = 0;
  std::atomic<long> lines_{0};
  long levels_[4] = {};
};

} // namespace sinks
