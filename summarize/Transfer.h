//===- Transfer.h - Per-function analysis: IR -> summary -------*- C++ -*-===//
//
// Why: phase 1 of RacerD. One function body is interpreted over the
// AbstractState (Domain.h) until a fixpoint over its CFG; every access is
// recorded with the locks held at that point; calls apply the callee's
// summary or a library model. The result depends only on the function and
// its callees' summaries, never on callers, so it can be computed once,
// cached, and reused by every caller.
//
//   FunctionSummary S = summarizeFunction(F, Lookup);
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_TRANSFER_H
#define RACER_SUMMARIZE_TRANSFER_H

#include "summarize/Summary.h"
#include "summarize/ir/IR.h"

#include "llvm/ADT/StringRef.h"

namespace racer {

/// Finds the summary of a callee by symbol; nullptr if it has none (no body
/// anywhere, or not yet computed in a recursive cycle).
class SummaryLookup {
public:
  virtual ~SummaryLookup();
  virtual const FunctionSummary *lookup(ir::Symbol Symbol) const = 0;
};

/// Summarizes \p F. Pure: safe to call concurrently on different functions.
/// \p Units, if given, receives the work it took (summarize/WorkLimit.h).
FunctionSummary summarizeFunction(const ir::Function &F,
                                  const SummaryLookup &Callees,
                                  uint64_t *Units = nullptr);

} // namespace racer

#endif
