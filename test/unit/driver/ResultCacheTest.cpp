//===- ResultCacheTest.cpp - The last scan's reports, by its inputs -------===//
#include "driver/ResultCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace racer;

namespace {
report::Report sampleReport() {
  report::Report R;
  R.RuleId = "racecar-unprotected-write";
  R.Message = "unprotected write to `this->n_` in 'C::inc'";
  R.Loc = {"/src/c.cpp", 12, 5};
  R.Trace = {{{"/src/c.cpp", 12, 5}, "call to 'C::bump'"}};
  R.ConflictMessage = "conflicting write in 'C::reset'";
  R.ConflictLoc = {"/src/c.cpp", 20, 3};
  R.Class = "C";
  R.Function = "C::inc";
  R.ConflictFunction = "C::reset";
  R.Path = "this->n_";
  return R;
}

struct TempDir {
  llvm::SmallString<128> Path;
  TempDir() { llvm::sys::fs::createUniqueDirectory("racecar-result", Path); }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
};
} // namespace

TEST(ResultCache, DigestDependsOnEveryTUAndItsOrder) {
  std::string A = driver::ResultCache::digestOf({"a.c k1:1", "b.c k2:2"});
  EXPECT_EQ(A, driver::ResultCache::digestOf({"a.c k1:1", "b.c k2:2"}));
  EXPECT_NE(A, driver::ResultCache::digestOf({"a.c k1:1", "b.c k2:3"}));
  EXPECT_NE(A, driver::ResultCache::digestOf({"a.c k1:1"}));
  EXPECT_NE(A, driver::ResultCache::digestOf({"b.c k2:2", "a.c k1:1"}));
}

TEST(ResultCache, StoredReportsComeBackOnlyForTheirDigest) {
  TempDir Dir;
  driver::ResultCache RC(std::string(Dir.Path), /*Verbose=*/false,
                         llvm::nulls());
  std::string D1 = driver::ResultCache::digestOf({"a.c k1:1"});
  std::string D2 = driver::ResultCache::digestOf({"a.c k1:2"});
  EXPECT_FALSE(RC.load(D1)); // nothing stored yet
  RC.store(D1, {sampleReport()});
  auto Back = RC.load(D1);
  ASSERT_TRUE(Back);
  ASSERT_EQ(Back->size(), 1u);
  EXPECT_EQ((*Back)[0].Message, sampleReport().Message);
  EXPECT_EQ((*Back)[0].Trace.size(), 1u);
  EXPECT_EQ((*Back)[0].ConflictLoc.Line, 20u);
  EXPECT_FALSE(RC.load(D2)); // another scan's inputs
  RC.store(D2, {});
  EXPECT_FALSE(RC.load(D1)); // only the last scan is kept
  auto Empty = RC.load(D2);
  ASSERT_TRUE(Empty);
  EXPECT_TRUE(Empty->empty());
}

TEST(ResultCache, WhatTheScanCheckedComesBackWithItsReports) {
  TempDir Dir;
  driver::ResultCache RC(std::string(Dir.Path), /*Verbose=*/false,
                         llvm::nulls());
  std::string D = driver::ResultCache::digestOf({"a.c k1:1"});
  report::Coverage C;
  C.ClassesChecked = 3;
  C.ClassesSkipped = 350;
  C.ThreadRoots = 2;
  C.Threads = 26;
  C.UnresolvedStarts = 1;
  C.UnresolvedCalls = 9;
  RC.store(D, {sampleReport()}, C);
  report::Coverage Back;
  ASSERT_TRUE(RC.load(D, &Back));
  EXPECT_EQ(Back.ClassesChecked, 3u);
  EXPECT_EQ(Back.ClassesSkipped, 350u);
  EXPECT_EQ(Back.ThreadRoots, 2u);
  EXPECT_EQ(Back.Threads, 26u);
  EXPECT_EQ(Back.UnresolvedStarts, 1u);
  EXPECT_EQ(Back.UnresolvedCalls, 9u);
}

TEST(ResultCache, DamagedFileIsAMiss) {
  TempDir Dir;
  std::string Log;
  llvm::raw_string_ostream LogOS(Log);
  driver::ResultCache RC(std::string(Dir.Path), /*Verbose=*/true, LogOS);
  std::string D = driver::ResultCache::digestOf({"a.c k1:1"});
  RC.store(D, {sampleReport()});
  llvm::SmallString<128> File(Dir.Path);
  llvm::sys::path::append(File, "last-scan.result");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << "racecar-result 1 " << D << "\n{\"version\": 1, \"repo";
  }
  EXPECT_FALSE(RC.load(D));
  EXPECT_NE(LogOS.str().find("unusable result file"), std::string::npos);
}
