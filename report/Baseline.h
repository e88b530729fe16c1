//===- Baseline.h - Only what a change introduced --------------*- C++ -*-===//
//
// Why: a nightly or pre-merge gate should fail on the races a change
// introduced, not on the ones the team already knows. `--baseline
// last-night.sarif` compares each report's fingerprint
// (partialFingerprints["racecarKey/v2"]: rule, class, function and access
// path, no line numbers, so it survives code moving) with the baseline's:
//
//   racecar scan -p build/ --format=sarif -o last-night.sarif     # nightly
//   racecar scan -p build/ --baseline last-night.sarif            # a change
//     -> only new reports are shown and counted for the exit status;
//        known ones stay in SARIF with baselineState "unchanged".
//===----------------------------------------------------------------------===//
#ifndef RACER_REPORT_BASELINE_H
#define RACER_REPORT_BASELINE_H

#include "report/Report.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace racer::report {

/// The racecarKey/v2 fingerprints of the results of a SARIF file racecar
/// wrote (suppressed results included). Errors name the file.
llvm::Expected<llvm::StringSet<>> readBaselineFingerprints(const std::string &Path);

struct BaselineStats {
  unsigned New = 0;
  unsigned Known = 0;      ///< in the baseline and found again
  unsigned Disappeared = 0; ///< in the baseline, not found now
};

/// Sets Report::BaselineState ("new" or "unchanged") on every report.
BaselineStats applyBaseline(std::vector<Report> &Reports,
                            const llvm::StringSet<> &Baseline);

} // namespace racer::report

#endif
