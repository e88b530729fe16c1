//===- Verdict.h - Race, race-free or unknown, and why ---------*- C++ -*-===//
//
// Why: a checker run over a whole program (a CI gate, SV-COMP) needs one
// answer, not only a list of warnings, and a wrong "race-free" is the worst
// answer it can give. `--verdict` ends the output with
//
//   verdict: race                      (a high-confidence finding)
//   verdict: race-free                 (no finding at any level, and the
//                                        analysis took no unsound shortcut)
//   verdict: unknown (unresolved-call at a.c:12; low-confidence findings)
//
// The shortcuts are the summaries' assumptions (summarize/Assumptions.h),
// worded here; a translation unit that failed is one too.
//===----------------------------------------------------------------------===//
#ifndef RACER_REPORT_VERDICT_H
#define RACER_REPORT_VERDICT_H

#include "report/Report.h"
#include "summarize/Assumptions.h"

#include <string>
#include <vector>

namespace racer::report {

/// One assumption of the program, worded.
struct AssumptionNote {
  std::string Id;   ///< stable: "unresolved-call", "unmatched-join", ...
  std::string Text; ///< what was assumed, as a sentence fragment
  SourceLocation Loc; ///< where it was first taken (Line 0: unknown)
};

/// A stable id of an assumption kind, for SARIF/JSON and the text verdict.
const char *assumptionId(AssumptionKind K);
/// What the analysis assumed, as a sentence fragment.
const char *assumptionText(AssumptionKind K);

/// Words \p A; \p Files is the linked file table ir::Loc::File indexes.
AssumptionNote wordAssumption(const Assumption &A,
                              const std::vector<std::string> &Files);

struct Verdict {
  std::string Word; ///< "race", "race-free" or "unknown"
  /// Why not race-free (empty for race-free): assumption ids with their
  /// place ("unmatched-join at a.c:40"), "low-confidence findings",
  /// "failed translation units".
  std::vector<std::string> Reasons;
};

/// The verdict for a scan with \p Reports (every level, after the project's
/// exclusions), the program's \p Assumptions and \p FailedUnits TUs that
/// could not be analysed.
Verdict decideVerdict(const std::vector<Report> &Reports,
                      const std::vector<AssumptionNote> &Assumptions,
                      size_t FailedUnits);

} // namespace racer::report

#endif
