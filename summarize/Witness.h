//===- Witness.h - Which conflicting access a report shows -------*- C++ -*-===//
//
// Why: a report names one conflicting access out of many that race with the
// reported one. The reviewer checks that one first, so it should be the
// easiest to believe: code that runs in production, reached through the
// fewest calls. A `TEST_` hook or a `...ForTesting` method is a real caller,
// but a poor witness when another one exists:
//
//   DBImpl::Write       -> ... -> versions_->LogAndApply   (3 calls)
//   DBImpl::TEST_CompactMemTable -> Write -> ...          (a test hook)
//   -> the witness is DBImpl::Write's access.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_WITNESS_H
#define RACER_SUMMARIZE_WITNESS_H

#include "summarize/Summary.h"

#include "llvm/ADT/StringRef.h"

namespace racer {

/// A function that exists for tests only, by the naming conventions of
/// large C++ projects: `TEST_Foo` (LevelDB, RocksDB), `FooForTest`,
/// `FooForTesting` (Chromium, Abseil), `foo_for_test[ing]`.
inline bool isTestHookName(llvm::StringRef QualifiedName) {
  size_t Sep = QualifiedName.rfind("::");
  llvm::StringRef N =
      Sep == llvm::StringRef::npos ? QualifiedName : QualifiedName.substr(Sep + 2);
  return N.starts_with("TEST_") || N.ends_with("ForTest") ||
         N.ends_with("ForTesting") || N.ends_with("_for_test") ||
         N.ends_with("_for_testing");
}

/// \p X (an access in function \p XName) is a better witness than \p Y:
/// not on a crash path where Y is (the finding stays high), else not in a
/// test hook where Y is, else plain where Y is atomic (two plain accesses
/// race whatever the platform), else reached through fewer calls.
inline bool betterWitness(llvm::StringRef XName, const AccessSnapshot &X,
                          llvm::StringRef YName, const AccessSnapshot &Y) {
  bool XCrash = X.onCrashPath(), YCrash = Y.onCrashPath();
  if (XCrash != YCrash)
    return YCrash;
  bool XTest = isTestHookName(XName), YTest = isTestHookName(YName);
  if (XTest != YTest)
    return YTest;
  if (X.Atomic != Y.Atomic)
    return Y.Atomic;
  return X.Trace.size() < Y.Trace.size();
}

} // namespace racer

#endif
