//===- ReportCollector.h - Words, dedups and orders race findings -*- C++ -*-===//
//
// Why: the conflict finder runs on many threads and reports every racing
// pair it sees, in whatever order the threads happen to finish; one source
// line racing with five writers would otherwise produce five warnings.
// ReportCollector is the FindingSink that turns those RaceFindings into a
// short, stable list of Reports: it words them, drops duplicates the way
// RacerD's ReportedSet does, and orders the result so that two runs over the
// same program print exactly the same thing.
//
//   void Counter::inc() { n_++; }        // write races with itself and
//   void Counter::set(int v) { n_ = v; } //   with set(); read races with both
//
// yields at most one report per (function, line) -- per path for accesses on
// that line -- and per (path, function, rule):
//
//   c.cpp:1:25: warning: unprotected write to `this->n_` in 'Counter::inc'
//       races with itself on another thread [racecar-unprotected-write]
//   c.cpp:2:28: warning: unprotected write to `this->n_` in 'Counter::set'
//       races with the write in 'Counter::inc' [racecar-unprotected-write]
//===----------------------------------------------------------------------===//
#ifndef RACER_REPORT_REPORTCOLLECTOR_H
#define RACER_REPORT_REPORTCOLLECTOR_H

#include "report/Report.h"
#include "report/Verdict.h"
#include "summarize/FindingSink.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <mutex>
#include <set>
#include <tuple>
#include <string>
#include <vector>

namespace racer::report {

/// Rule ids, one per RaceKind.
inline constexpr const char *UnprotectedWriteRuleId = "racecar-unprotected-write";
inline constexpr const char *ReadWriteRaceRuleId = "racecar-read-write-race";
inline constexpr const char *DifferentLocksRuleId = "racecar-different-locks";

/// The rule id of a finding kind.
const char *ruleId(RaceKind K);

/// Counters of the last takeReports() call.
struct ReportStats {
  unsigned Findings = 0;        ///< findings received (before dedup)
  unsigned Reports = 0;         ///< reports returned
  unsigned DroppedSameSite = 0; ///< dropped by dedup rule (a), see below
  unsigned DroppedSamePath = 0; ///< dropped by dedup rule (b), see below
};

/// A stable id of a low-confidence reason ("setup-only"), for SARIF/JSON.
const char *lowReasonId(LowReason R);
/// The reason as a sentence fragment about \p F.
std::string lowReasonText(LowReason R, const RaceFinding &F);

/// Words one finding as a Report (no dedup). \p Files is the linked file
/// table that ir::Loc::File indexes; an index out of range prints as
/// "<unknown>". Exposed for testing and for tools that want every finding.
Report wordFinding(const RaceFinding &F, const std::vector<std::string> &Files);

/// Whether a held lock is worth naming in a different-locks message: one
/// that other accesses to the memory hold too (protection that one side
/// lacks), not one only this side's function holds (a lock held around a
/// whole thread or program excludes nothing here).
using LockRelevance = llvm::function_ref<bool(const HeldLock &)>;
Report wordFinding(const RaceFinding &F, const std::vector<std::string> &Files,
                   LockRelevance Relevant);

/// Collects RaceFindings (thread-safe) and produces the final Reports.
///
/// takeReports():
///  1. sorts the findings deterministically: high-confidence ones first (so
///     dedup never drops a high report for a low one), then by class, the
///     number of calls down to the reported access (of the accesses one
///     call leads to, the nearest is the report and the others its notes),
///     reported path string,
///     reported function, reported location (Report::Loc: file name, line,
///     column), kind, conflicting function, conflicting location, and then
///     by every other field of the worded report, so the result never
///     depends on the order in which findings arrived;
///  2. words each finding (see wordFinding) and walks them in that order,
///     keeping the first and dropping a later report when
///       (a) its key (class, reported function, file of Report::Loc, line of
///           Report::Loc, and the path when the access itself is on that
///           line) was already reported: an access line is reported once
///           per function, class and memory location (`a_ = b_++;` is two
///           reports), a call site leading to accesses once across all
///           paths -- the other variables that call races on are listed in
///           the kept report's notes, each where it is accessed (8 at most,
///           then a count), so none is hidden; or
///       (b) its key (class, path string, reported function, rule id) was
///           already reported: per class and path, each function gets at
///           most one unprotected-write and one read-write-race report;
///  3. drops a low-confidence report on a line that has a high one for the
///     same member (the thread and class checks name one field from
///     different roots, `stats.hits_` and `this->hits_`), and
///     returns the kept reports sorted by (file, line, column, rule id,
///     message) (ties keep the order of step 1).
class ReportCollector : public FindingSink {
public:
  /// \p Files is the linked file table indexed by ir::Loc::File. It is read
  /// by takeReports() and must outlive the collector.
  explicit ReportCollector(const std::vector<std::string> &Files);

  void handleRace(const RaceFinding &F) override;
  void takeRace(RaceFinding &&F) override;

  /// Words and dedups \p Group at once and keeps only the reports that
  /// survive (steps 1-2), so a large program's findings need not all be held
  /// until takeReports(). \p Group must hold every finding of each class it
  /// names (both dedup keys include the class): no finding of those classes
  /// may arrive in another group or through handleRace/takeRace. Thread-safe;
  /// groups may be added concurrently and in any order.
  void addGroup(std::vector<RaceFinding> Group);

  /// Words, dedups and orders all findings received so far (groups and
  /// single findings) and clears them.
  std::vector<Report> takeReports();

  /// Keeps the program's assumptions (one per kind, the earliest place).
  /// Thread-safe.
  void noteAssumption(const Assumption &A) override;
  /// The assumptions noted so far, worded, by kind; clears them.
  std::vector<AssumptionNote> takeAssumptions();
  /// How many places an assumption of kind \p K was noted at (until the
  /// next takeAssumptions()).
  unsigned assumptionPlaces(AssumptionKind K) const;

  /// Single findings received since the last takeReports() (not groups).
  unsigned numFindings() const;
  /// Counters of the last takeReports().
  const ReportStats &stats() const { return Stats; }

private:
  /// A report kept by dedup, with its position in its group's step-1 order.
  struct ReducedReport {
    Report R;
    uint32_t Seq;
  };
  /// Steps 1-2 on \p Taken: the kept reports in step-1 order; adds to
  /// \p Stats (all but Reports).
  std::vector<Report> reduce(const std::vector<RaceFinding> &Taken,
                             ReportStats &Stats) const;
  void addPending(const ReportStats &S); ///< Mu held

  const std::vector<std::string> &Files;
  mutable std::mutex Mu;
  std::vector<RaceFinding> Findings; ///< single findings, not reduced yet
  std::vector<ReducedReport> Reduced; ///< kept reports of added groups
  std::vector<Assumption> Assumptions; ///< one per kind
  /// Every place each kind was noted at (Coverage counts them).
  std::set<std::pair<uint8_t, std::tuple<uint32_t, uint32_t, uint32_t>>>
      AssumptionPlaces;
  ReportStats Pending; ///< counters of the groups added since takeReports()
  ReportStats Stats;   ///< counters of the last takeReports()
};

} // namespace racer::report

#endif
