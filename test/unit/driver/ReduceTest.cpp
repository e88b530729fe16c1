//===- ReduceTest.cpp - The parallel reduce equals the sequential one -----===//
//
// The driver checks classes in parallel and deduplicates each class's
// findings as soon as the class is done (ReportCollector::addGroup). On a
// generated program of a few thousand functions (many classes, many races,
// calls across TUs, a shared header), its reports must be exactly those of
// the plain sequential path: summarizeAll, findConflicts, one collector.
//===----------------------------------------------------------------------===//
#include "driver/Pipeline.h"
#include "perf/SyntheticIR.h"
#include "report/ReportCollector.h"
#include "report/Writers.h"
#include "summarize/ConflictFinder.h"
#include "summarize/Summarizer.h"

#include <gtest/gtest.h>

using namespace racer;

namespace {

std::vector<ir::Module> program() {
  perf::SyntheticOptions O;
  O.Functions = 1000;
  O.SharedFunctions = 50;
  // Races dense: many findings per class for dedup to drop.
  O.LockingClassPercent = 100;
  O.LockedMethodPercent = 40;
  return perf::makeSyntheticProgram(3, O);
}

std::string asJson(const std::vector<report::Report> &Rs) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  report::writeJson(Rs, OS);
  return S;
}

TEST(Reduce, ParallelClassChecksEqualSequentialFindConflicts) {
  driver::LinkedProgram P = driver::linkModules(program());
  ProgramSummarizer PS(P.Functions);
  PS.summarizeAll();
  report::ReportCollector Sequential(P.Files);
  ConflictStats Want = findConflicts(P.Functions, PS.summaries(), P.Classes,
                                     Sequential, &PS.graph());
  const std::string Expected = asJson(Sequential.takeReports());
  ASSERT_GT(Sequential.stats().Reports, 100u);
  // Dedup has work to do, so grouping could change the result.
  ASSERT_GT(Sequential.stats().DroppedSameSite, 100u);
  ASSERT_GT(Want.ClassesChecked, 50u);

  for (unsigned Threads : {1u, 2u, 4u}) {
    driver::MapResult Map;
    Map.Modules = program();
    driver::ScanResult R =
        driver::runReduce(std::move(Map), Threads, driver::PhaseStats());
    EXPECT_EQ(asJson(R.Reports), Expected) << Threads << " threads";
    EXPECT_EQ(R.Stats.Conflicts.Findings, Want.Findings);
    EXPECT_EQ(R.Stats.Conflicts.ClassesChecked, Want.ClassesChecked);
    EXPECT_EQ(R.Stats.Conflicts.ClassesSkipped, Want.ClassesSkipped);
  }
}

} // namespace
