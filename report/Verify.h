//===- Verify.h - clang -verify style checking of race reports -*- C++ -*-===//
//
// Why: end-to-end tests state the races they expect next to the code, so a
// test reads like documentation and a change in precision shows up as a
// precise diff ("expected race not reported at a.cpp:12") instead of a
// changed golden file. `racecar scan --verify` runs the analysis and then
// checks the reports against comments in the scanned sources:
//
//   void inc_bad() { n_++; } // expected-race{{unprotected write to `this->n_`}}
//   // expected-race@+1 2 {{races with the write in 'Counter::set'}}
//   int get() { return n_; } // FIXME-race{{read of `this->m_`}}
//   // expected-no-races      (file level: this file expects no reports)
//
// Directives (in `//` or `/* */` comments, several per line allowed):
//   expected-race[@+N|@-N|@N][ COUNT]{{TEXT}}
//       exactly COUNT (default 1) reports located on that line (this line,
//       N lines below/above, or line N) whose "message [rule-id]" contains
//       TEXT.
//       The reports must be high-confidence (shown by default).
//   expected-low-race[@...][ COUNT]{{TEXT}}
//       the same, for low-confidence reports (shown with --confidence=low);
//       TEXT should quote the reason (`[low: ...]` ends the message).
//   FIXME-race[@...][ COUNT]{{TEXT}}
//       a known miss: a real race racecar does not report yet. Counted and
//       listed; a report matching it is an error (promote it).
//   expected-no-races
//       the file expects no reports.
//   expected-verdict{{TEXT}}
//       the program's verdict line (`verdict: race-free`, `verdict: unknown
//       (unmatched-join at a.c:12)`) contains TEXT.
// Every main file must contain expected-race, FIXME-race or
// expected-no-races; headers are exempt. Files are identified by real path.
//===----------------------------------------------------------------------===//
#ifndef RACER_REPORT_VERIFY_H
#define RACER_REPORT_VERIFY_H

#include "report/Report.h"
#include "report/Verdict.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace racer::report {

struct VerifyResult {
  unsigned Expected = 0;    ///< sum of the counts of expected-race directives
  unsigned Matched = 0;     ///< reports consumed by expected-race directives
  unsigned Unexpected = 0;  ///< reports no directive consumed
  unsigned Missing = 0;     ///< Expected - Matched
  unsigned KnownMisses = 0; ///< FIXME-race counts still not reported
  /// Malformed directives, FIXME-race directives now reported, main files
  /// without expectations, unreadable main files, expected-no-races combined
  /// with expected-race. (Unreadable non-main files are skipped silently.)
  unsigned Errors = 0;

  bool ok() const { return Unexpected == 0 && Missing == 0 && Errors == 0; }
};

/// Checks \p Reports against the directives in \p Files (the scanned
/// sources and the non-system headers they include) and \p MainFiles (the
/// scanned sources, which must state expectations; they need not be repeated
/// in \p Files). Prints one clang-like "error: ..." line per problem, a
/// "note: known miss ..." line per unreported FIXME-race, and finally
///   verify: N expected, M matched, K unexpected, L missing, F known misses (FIXME-race)
/// to \p Out.
///
/// With \p FinalVerdict, also prints `verdict: ...`, and it is an error if
/// the verdict is race-free while some directive expects or knows a race
/// (expected-race, expected-low-race, FIXME-race), or if a file's
///   expected-verdict{{TEXT}}
/// is not part of the verdict line (`{{race-free}}`, `{{unknown
/// (unmatched-join}}`).
VerifyResult verifyReports(const std::vector<Report> &Reports,
                           const std::vector<std::string> &Files,
                           const std::vector<std::string> &MainFiles,
                           llvm::raw_ostream &Out,
                           const Verdict *FinalVerdict = nullptr);

} // namespace racer::report

#endif
