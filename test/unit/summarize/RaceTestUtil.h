//===- RaceTestUtil.h - Summarize hand-built IR and collect races -*- C++ -*-===//
#ifndef RACER_TEST_UNIT_RACETESTUTIL_H
#define RACER_TEST_UNIT_RACETESTUTIL_H

#include "summarize/ConflictFinder.h"
#include "summarize/Summarizer.h"

#include <vector>

namespace racer::test {

/// Keeps every finding, in the order it arrives.
struct CollectingSink : FindingSink {
  std::vector<RaceFinding> Races;
  void handleRace(const RaceFinding &F) override { Races.push_back(F); }
};

/// Summarizes \p Fns bottom-up and returns every finding of the class check
/// and (with the call graph) the thread check, as the driver would.
inline std::vector<RaceFinding>
findRaces(std::vector<ir::Function> Fns,
          std::vector<ir::ClassInfo> Classes = {}) {
  ProgramSummarizer PS(Fns);
  PS.summarizeAll();
  CollectingSink Sink;
  findConflicts(Fns, PS.summaries(), Classes, Sink, &PS.graph());
  return Sink.Races;
}

} // namespace racer::test

#endif
