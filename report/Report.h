//===- Report.h - Printable race reports -----------------------*- C++ -*-===//
//
// Why: writers (text, SARIF, JSON) and the -verify harness need one plain,
// already-worded, deduplicated and ordered form of a finding. ReportCollector
// builds it from the analysis' RaceFindings; nothing here knows the analysis.
//
//   inventory.cpp:42:5: warning: unprotected write to `this->count_` in
//       'shop::Inventory::add' races with the write in 'shop::Inventory::clear'
//       [racecar-unprotected-write]
//===----------------------------------------------------------------------===//
#ifndef RACER_REPORT_REPORT_H
#define RACER_REPORT_REPORT_H

#include <string>
#include <vector>

namespace racer::report {

struct SourceLocation {
  std::string File; ///< as given to the tool (absolute when from a compile DB)
  unsigned Line = 0;
  unsigned Col = 0;
};

/// One step of a trace, printed as a note.
struct Note {
  SourceLocation Loc;
  std::string Message; ///< e.g. "call to 'Counter::bump'", "write to `this->n_`"
};

struct Report {
  /// "racecar-unprotected-write" or "racecar-read-write-race".
  std::string RuleId;
  /// One line, e.g. "read of `this->n_` without synchronization in
  /// 'Counter::get' races with the write in 'Counter::inc'".
  std::string Message;
  /// Where the user acts: the access, or the first call toward it in the
  /// reported top-level function.
  SourceLocation Loc;
  /// Call chain from the top-level function to the access, ending with the
  /// access itself; empty when the access is directly in that function.
  std::vector<Note> Trace;
  /// The conflicting access: a note line, its location, and its own trace.
  std::string ConflictMessage;
  SourceLocation ConflictLoc;
  std::vector<Note> ConflictTrace;
  /// Structured fields (JSON output, ranking): class, functions, path.
  std::string Class;
  std::string Function;
  std::string ConflictFunction;
  std::string Path;
  /// "high" (shown by default) or "low" (shown with --confidence=low).
  std::string Confidence = "high";
  /// Why a low report is low: stable ids ("setup-only") and their sentences,
  /// in the same order. The sentences also end Message: `[low: ...]`.
  std::vector<std::string> ConfidenceReasonIds;
  std::vector<std::string> ConfidenceReasons;

  /// Silenced by an inline comment (Suppressions.h): kept in SARIF, not
  /// shown in text, not counted for the exit status.
  bool Suppressed = false;
  std::string SuppressionJustification;
  /// With --baseline: "new" or "unchanged" (Baseline.h); else empty.
  std::string BaselineState;

  bool isLow() const { return Confidence == "low"; }
};

} // namespace racer::report

#endif
