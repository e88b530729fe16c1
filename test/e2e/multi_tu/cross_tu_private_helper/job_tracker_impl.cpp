// Private helpers, defined away from their callers.
#include "job_tracker.h"

// expected-no-races

namespace ci {

void JobTracker::account(bool ok) {
  if (!ok)
    ++failures_;
  ++finished_;
}

void JobTracker::appendLog(const std::string &line) { log_.push_back(line); }

} // namespace ci
