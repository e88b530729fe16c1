//===- Suppressions.h - Inline comments that silence a judged report -*- C++ -*-===//
//
// Why: a team that runs racecar nightly accepts a judged report once and
// never wants to see it again, without restructuring the code. A comment on
// the reported line, or on the line before it, silences it:
//
//   ++stats_.hits; // racecar: ignore -- counters are approximate
//   // racecar: ignore(racecar-read-write-race) -- read for logging only
//   return state_;
//   flag_ = true;  /* racecar: ignore */          (C comments too)
//   n_++;          // NOLINT(racecar-unprotected-write)   (clang-tidy's)
//   // NOLINTNEXTLINE(racecar-*)
//
// `ignore` alone (and NOLINT without a list) silences every racecar rule;
// a list names rule ids (`racecar-*` for all). A suppression on either side
// of a race (the reported access, the conflicting one, or the call leading
// to either) silences it. Suppressed reports are kept: SARIF lists them with
// `suppressions: [{kind: inSource, justification}]`; they are not shown in
// text, do not count for the exit status, and the summary says how many.
//===----------------------------------------------------------------------===//
#ifndef RACER_REPORT_SUPPRESSIONS_H
#define RACER_REPORT_SUPPRESSIONS_H

#include "report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace racer::report {

/// A suppression comment found in a source line.
struct Suppression {
  std::vector<std::string> Rules; ///< rule ids or globs; empty: every rule
  std::string Justification;      ///< the text after `--`, trimmed
  bool NextLine = false;          ///< NOLINTNEXTLINE, or a comment alone
                                  ///< on its line (applies to the next one)
  bool matches(llvm::StringRef RuleId) const;
};

/// The racecar suppression in \p Line, if any. \p Line is one source line;
/// only its comment part (after `//` or inside `/* */`) is read.
std::optional<Suppression> parseSuppression(llvm::StringRef Line);

/// A suppression comment that silenced no report.
struct UnusedSuppression {
  SourceLocation Loc;
  std::string Text; ///< the line, trimmed
};

struct SuppressionStats {
  unsigned Suppressed = 0;
  std::vector<UnusedSuppression> Unused; ///< only if asked for
};

/// Marks every report a suppression comment silences (Report::Suppressed,
/// Report::SuppressionJustification), reading the lines of both sides. With
/// \p UnusedIn (files to search), also lists the suppression comments in
/// them that silenced nothing.
SuppressionStats applySuppressions(std::vector<Report> &Reports,
                                   const std::vector<std::string> *UnusedIn =
                                       nullptr);

} // namespace racer::report

#endif
