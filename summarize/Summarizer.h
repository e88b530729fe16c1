//===- Summarizer.h - Bottom-up summaries for a linked program -*- C++ -*-===//
//
// Why: the link step hands over every function of the program (one copy per
// symbol); this computes their summaries callees-first over the call graph's
// SCCs. Scheduling is left to the caller (driver/ uses TBB tasks that start an
// SCC as soon as its callees are done), so this folder stays free of TBB.
//
//   ProgramSummarizer PS(Functions);
//   PS.summarizeAll();                  // or summarizeSCC(C) from any thread
//   const FunctionSummary &S = PS.summaries()[I];
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_SUMMARIZER_H
#define RACER_SUMMARIZE_SUMMARIZER_H

#include "summarize/CallGraph.h"
#include "summarize/Summary.h"

#include <vector>

namespace racer {

class ProgramSummarizer {
public:
  explicit ProgramSummarizer(const std::vector<ir::Function> &Functions);

  const CallGraph &graph() const { return Graph; }

  /// Summarizes every function of SCC \p C, iterating to a fixpoint (at most
  /// MaxRounds) if it is recursive. Precondition: all SCCs it calls are done.
  /// Safe to call concurrently for different SCCs.
  void summarizeSCC(uint32_t C);
  /// All SCCs, bottom-up, on the calling thread.
  void summarizeAll();

  const std::vector<FunctionSummary> &summaries() const { return Summaries; }
  const std::vector<ir::Function> &functions() const { return Functions; }

  static constexpr unsigned MaxRounds = 4;

private:
  const std::vector<ir::Function> &Functions;
  CallGraph Graph;
  std::vector<FunctionSummary> Summaries;
};

bool operator==(const FunctionSummary &A, const FunctionSummary &B);

} // namespace racer

#endif
