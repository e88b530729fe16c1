// A class synchronized by its owner: every method runs with the owner's mutex held, and LogAndApply receives that
// mutex to release it around slow work (leveldb's VersionSet, called by DBImpl with mutex_ held). A mutex received
// as a parameter is not evidence that the class itself is shared.
#include "thread_annotations.h"
#include <cstdint>
#include <string>
#include <vector>

// expected-no-races

namespace kv {

class VersionSet {
public:
  uint64_t LastSequence_ok() const { return lastSequence_; }
  void SetLastSequence_ok(uint64_t s) { lastSequence_ = s; }
  uint64_t NewFileNumber_ok() { return nextFileNumber_++; }

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
