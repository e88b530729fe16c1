//===- ReportTestUtil.h - Hand-built findings for report/ tests -*- C++ -*-===//
#ifndef RACER_TEST_UNIT_REPORT_REPORTTESTUTIL_H
#define RACER_TEST_UNIT_REPORT_REPORTTESTUTIL_H

#include "report/Report.h"
#include "summarize/FindingSink.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace racer::report::test {

inline ir::Loc loc(uint32_t File, uint32_t Line, uint32_t Col) {
  ir::Loc L;
  L.File = File;
  L.Line = Line;
  L.Col = Col;
  return L;
}

/// `this->Field` with Field stored qualified as Class::Field.
inline ir::AccessPath thisField(const std::string &Class,
                                const std::string &Field) {
  return ir::AccessPath::formal(0, "this").deref().field(Class + "::" + Field);
}

inline RaceSide side(std::string Function, AccessKind K, ir::AccessPath P,
                     ir::Loc L, std::vector<CallSite> Trace = {},
                     std::string Method = "") {
  RaceSide S;
  S.Function = std::move(Function);
  S.Access.Kind = K;
  S.Access.Path = std::move(P);
  S.Access.Location = L;
  S.Access.Trace = std::move(Trace);
  S.Access.setContainerMethod(std::move(Method));
  S.Access.Threads = ThreadsKind::AnyThread;
  return S;
}

inline CallSite call(std::string Callee, ir::Loc L) {
  CallSite C;
  C.Callee = std::move(Callee);
  C.Location = L;
  return C;
}

inline RaceFinding finding(RaceKind K, std::string Class, RaceSide Reported,
                           RaceSide Conflicting) {
  RaceFinding F;
  F.Kind = K;
  F.Class = std::move(Class);
  F.Reported = std::move(Reported);
  F.Conflicting = std::move(Conflicting);
  return F;
}

/// A fresh temporary directory, removed with its files on destruction.
class TempDir {
public:
  TempDir() {
    std::error_code EC =
        llvm::sys::fs::createUniqueDirectory("racecar-report-test", Dir);
    EXPECT_FALSE(EC) << EC.message();
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Dir); }

  /// Writes \p Content to Dir/Name and returns the full path.
  std::string write(const std::string &Name, const std::string &Content) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC) << EC.message();
    OS << Content;
    return std::string(P);
  }

  std::string path() const { return std::string(Dir); }

private:
  llvm::SmallString<256> Dir;
};

} // namespace racer::report::test

#endif
