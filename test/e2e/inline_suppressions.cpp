// Inline suppressions: `// racecar: ignore` (optionally a rule list and `-- reason`) on the reported line or alone
// on the line before, and clang-tidy's NOLINT / NOLINTNEXTLINE naming racecar's rules. A suppression on either side
// of a race silences it; NOLINT for another tool's check does not.
#include <mutex>

namespace stats {

class Counters {
public:
  void record_ok() {
    std::lock_guard<std::mutex> g(mu_);
    ++hits_;
    ++misses_;
    ++errors_;
    ++drops_;
    ++late_;
  }

  void hitApprox_bad() {
    ++hits_; // racecar: ignore -- approximate, judged by the team
  }

  // racecar: ignore(racecar-read-write-race) -- read for logging only
  long misses_bad() const { return misses_; }

  long errors_bad() const { return errors_; } // NOLINT(racecar-read-write-race)

  // NOLINTNEXTLINE(racecar-*)
  void dropApprox_bad() { ++drops_; }

  long late_bad() const {
    return late_; // NOLINT(bugprone-branch-clone): not racecar's, so reported
    // expected-race@-1{{read of `this->late_` without synchronization in 'stats::Counters::late_bad'}}
  }

  void missApprox_bad() {
    ++misses_; // racecar: ignore(racecar-read-write-race) -- the wrong rule: still reported
    // expected-race@-1{{unprotected write to `this->misses_` in 'stats::Counters::missApprox_bad'}}
  }

private:
  std::mutex mu_;
  long hits_ = 0, misses_ = 0, errors_ = 0, drops_ = 0, late_ = 0;
};

} // namespace stats
