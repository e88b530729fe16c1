// A class synchronized by its owner: every method runs with the owner's mutex held, and LogAndApply receives that
// mutex to release it around slow work (leveldb's VersionSet, called by DBImpl with mutex_ held). A mutex received
// as a parameter is not evidence that the class itself is shared: its findings are only low (parameter-lock-only),
// and nothing is reported by default.
#include "thread_annotations.h"
#include <cstdint>
#include <string>
#include <vector>

namespace kv {

class VersionSet {
public:
  uint64_t LastSequence_ok() const { return lastSequence_; } // expected-low-race{{read of `this->lastSequence_` without synchronization in 'kv::VersionSet::LastSequence_ok' races with the write in 'kv::VersionSet::SetLastSequence_ok' [low: 'kv::VersionSet' locks only mutexes handed to its methods as parameters}}
  void SetLastSequence_ok(uint64_t s) { lastSequence_ = s; } // expected-low-race{{unprotected write to `this->lastSequence_` in 'kv::VersionSet::SetLastSequence_ok' races with itself on another thread [low: 'kv::VersionSet' locks only}}
  uint64_t NewFileNumber_ok() { return nextFileNumber_++; } // expected-low-race{{unprotected write to `this->nextFileNumber_` in 'kv::VersionSet::NewFileNumber_ok' races with itself on another thread [low: 'kv::VersionSet' locks only}}

  int LogAndApply_ok(const std::string &edit, base::Mutex *mu) REQUIRES(mu) {
    pending_.push_back(edit);
    mu->Unlock();
    std::string record = manifestName_ + ":" + edit; // slow: written without the lock
    mu->Lock();
    manifestSize_ += record.size();
    pending_.clear();
    return 0;
  }

private:
  uint64_t lastSequence_ = 0;
  uint64_t nextFileNumber_ = 2;
  uint64_t manifestSize_ = 0;
  std::string manifestName_ = "MANIFEST";
  std::vector<std::string> pending_;
};

} // namespace kv
