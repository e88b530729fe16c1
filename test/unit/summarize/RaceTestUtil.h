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
  std::vector<Assumption> Assumptions; ///< one per kind, earliest place
  void handleRace(const RaceFinding &F) override { Races.push_back(F); }
  void noteAssumption(const Assumption &A) override {
    addAssumption(Assumptions, A);
  }
};

/// The same, keeping the program's assumptions (what the verdict reads).
inline CollectingSink findRacesAndAssumptions(std::vector<ir::Function> Fns) {
  ProgramSummarizer PS(Fns);
  PS.summarizeAll();
  CollectingSink Sink;
  findConflicts(Fns, PS.summaries(), {}, Sink, &PS.graph());
  return Sink;
}

/// True if \p Sink noted an assumption of kind \p K.
inline bool assumed(const CollectingSink &Sink, AssumptionKind K) {
  for (const Assumption &A : Sink.Assumptions)
    if (A.Kind == K)
      return true;
  return false;
}

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
