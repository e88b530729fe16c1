// A smart pointer member is itself shared memory: `if (!sink_)`,
// `sink_->Write()`, `sink_.get()` read it, `sink_ = s` and `sink_.reset()`
// write it (the classic shared_ptr race: a reader copies or dereferences it
// while another thread replaces it). A replacement under a lock is one
// made while others use the object: high. One without a lock is low: real
// code mostly replaces such a pointer unlocked while its object is set up
// or torn down (pointer-replaced).
#include <memory>
#include <mutex>

namespace logging {

struct Sink {
  void Write(int) {}
};

class Logger {
public:
  void Log_bad(int v) {
    if (!sink_) // expected-race{{read of `this->sink_` (call to 'std::__shared_ptr::operator bool') without synchronization in 'logging::Logger::Log_bad' races with the write in 'logging::Logger::Close_ok'}}
      return;
    sink_->Write(v); // (the same read again: one report per method)
  }
  void LogLocked_ok(int v) {
    std::lock_guard<std::mutex> g(mu_);
    if (sink_)
      sink_->Write(v);
  }
  Sink *Raw_bad() { return sink_.get(); } // expected-race{{read of `this->sink_` (call to 'std::__shared_ptr::get') without synchronization in 'logging::Logger::Raw_bad' races with the write in 'logging::Logger::Close_ok'}}
  void Replace_ok(std::shared_ptr<Sink> s) {
    std::lock_guard<std::mutex> g(mu_);
    sink_ = std::move(s);
  }
  void Close_ok() {
    std::lock_guard<std::mutex> g(mu_);
    sink_.reset();
    owned_.reset();
  }
  bool HasOwned_ok() {
    std::lock_guard<std::mutex> g(mu_);
    return owned_ != nullptr;
  }

private:
  std::mutex mu_;
  std::shared_ptr<Sink> sink_;
  std::unique_ptr<Sink> owned_;
};

} // namespace logging

namespace timing {

struct Thread {
  void Join() {}
};

// std::unique_ptr's move assignment is defaulted (a plain write of the
// member): against an observer it is the same pointer-replaced shape.
class Timer {
public:
  void Start_ok() {
    std::lock_guard<std::mutex> g(mu_);
    thread_ = std::make_unique<Thread>();
  }
  void Shutdown_bad() {
    if (thread_) // expected-race{{read of `this->thread_` (call to 'std::unique_ptr::operator bool') without synchronization in 'timing::Timer::Shutdown_bad' races with the write in 'timing::Timer::Start_ok'}}
      return;
  }

private:
  std::mutex mu_;
  std::unique_ptr<Thread> thread_;
};

} // namespace timing

namespace plugins {

struct Codec {
  int Encode(int v) { return v; }
};

// The codec is chosen once, without a lock, by the code that sets the
// object up; the encoder reads it unlocked: low (pointer-replaced).
class Encoder {
public:
  void SelectCodec_bad() {
    codec_ = std::make_unique<Codec>(); // expected-race{{unprotected write to `this->codec_` in 'plugins::Encoder::SelectCodec_bad' races with itself on another thread}}
  }
  int Encode_low(int v) {
    if (!codec_) // expected-low-race{{read of `this->codec_` (call to 'std::unique_ptr::operator bool') without synchronization in 'plugins::Encoder::Encode_low' races with the write in 'plugins::Encoder::SelectCodec_bad' [low: a smart pointer member is read on one side and replaced on the other}}
      return v;
    std::lock_guard<std::mutex> g(mu_);
    ++encoded_;
    return v;
  }

private:
  std::mutex mu_;
  std::unique_ptr<Codec> codec_;
  long encoded_ = 0;
};

} // namespace plugins
