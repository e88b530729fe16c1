//===- ConflictFinder.h - Phase 2: pair accesses into races ----*- C++ -*-===//
//
// Why: RacerD's reporting phase. Summaries say what each function touches and
// under which locks; this groups the accesses of every class that shows
// evidence of concurrent use (it takes a lock, has GUARDED_BY fields or a
// capability attribute, or is annotated racecar_thread_safe) by memory
// location, over its non-private methods, and reports:
//   - an unprotected write (no exclusive lock), racing with any write to the
//     same location (the same method on two threads included);
//   - an unprotected read (no lock at all) racing with a write;
//   - two accesses (one a write) that both hold locks, but none in common
//     (LockProtection.h).
// Given the call graph, it then pairs accesses of threads (ThreadRaces.h)
// for programs that start threads, C included.
// Constructors and destructors are excluded (their object is not shared yet);
// accesses through other parameters are the caller's responsibility.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_CONFLICTFINDER_H
#define RACER_SUMMARIZE_CONFLICTFINDER_H

#include "summarize/CallGraph.h"
#include "summarize/FindingSink.h"
#include "summarize/ThreadRaces.h"
#include "summarize/Summary.h"
#include "summarize/ir/IR.h"

#include <vector>

namespace racer {

struct ConflictStats {
  unsigned ClassesChecked = 0;   ///< classes with evidence of concurrency
  unsigned ClassesSkipped = 0;   ///< classes without: not reported on
  unsigned Findings = 0;         ///< races handed to the sink
  ThreadRaceStats Threads;       ///< the thread-origin analysis
};

/// \p Summaries[i] is the summary of \p Functions[i]. Findings go to \p Sink.
/// With \p Graph (the functions' call graph), races between threads are
/// found too; an access the class analysis reported is not reported again.
ConflictStats findConflicts(const std::vector<ir::Function> &Functions,
                            const std::vector<FunctionSummary> &Summaries,
                            const std::vector<ir::ClassInfo> &Classes,
                            FindingSink &Sink,
                            const CallGraph *Graph = nullptr);

} // namespace racer

#endif
