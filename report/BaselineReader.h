//===- BaselineReader.h - The fingerprints of a SARIF log, streamed -*- C++ -*-===//
//
// Why: `--baseline` needs one string per result (its
// partialFingerprints."racecarKey/v2"), but a SARIF log is mostly traces:
// parsing a 17 MB log into llvm::json values took 6-9 s and 1.1 GB, more
// than the scan it filters. This walks the text once, keeping only those
// strings; everything else is checked for syntax and skipped.
//
//   std::string Why;
//   if (!readFingerprints(Text, Out, Why)) ... error: Why
//
// Internal to report/ (Baseline.cpp).
//===----------------------------------------------------------------------===//
#ifndef RACER_REPORT_BASELINEREADER_H
#define RACER_REPORT_BASELINEREADER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <string>

namespace racer::report {

/// Adds the racecarKey/v2 fingerprint of every result of every run of the
/// SARIF log \p Text to \p Out. False, with \p Why, for text that is not
/// JSON, a log without "runs", a run without "results", or a result without
/// the fingerprint.
bool readFingerprints(llvm::StringRef Text, llvm::StringSet<> &Out,
                      std::string &Why);

} // namespace racer::report

#endif
