//===- ThreadRaces.h - Races between threads (O2 origins) ------*- C++ -*-===//
//
// Why: RacerD reports inside classes only, so a C program with pthreads, or
// C++ code sharing plain objects between std::threads, gets no report. O2
// (PLDI'21) names every thread by its origin (the call that started it) and
// pairs the accesses of origins that may run at once. racecar does this on
// top of the same compositional summaries: a summary lists the threads a
// function starts (ThreadSpawn: entry, actuals, handle, which other spawns
// may be running then) and stamps each access with the spawns that may be
// running at it (started, not joined). Here, for every root function (one
// that starts threads and that nobody calls, typically `main`), the origin
// tree is expanded: each spawn's entry summary is instantiated with the
// spawn's actuals, nested spawns likewise (to a bounded depth), and accesses
// to the same memory from origins that may be concurrent are judged by
// LockProtection.
//
//   int hits;                                      // origin tree of main:
//   void *worker(void *) { hits++; return 0; }     //   main
//   int main() {                                   //   +- worker #0 (t1)
//     pthread_create(&t1, 0, worker, 0);           //   +- worker #1 (t2)
//     pthread_create(&t2, 0, worker, 0);           // #0 and #1 overlap:
//     pthread_join(t1, 0); pthread_join(t2, 0);    //   hits++ races; main's
//     return hits;                                 //   read is after both
//   }                                              //   joins: ordered.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_THREADRACES_H
#define RACER_SUMMARIZE_THREADRACES_H

#include "summarize/CallGraph.h"
#include "summarize/Programs.h"
#include "summarize/FindingSink.h"
#include "summarize/Summary.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSet.h"

#include <vector>

namespace racer {

struct ThreadRaceStats {
  unsigned Roots = 0;    ///< root functions that start threads
  unsigned Threads = 0;  ///< thread origins expanded under them
  unsigned Findings = 0; ///< races handed to the sink
  /// Of Threads, the jobs a flag keeps to one at a time (ThreadSpawn::Serial).
  unsigned SerialJobs = 0;
};

/// The global variables whose address the program takes
/// (ir::Module::AddressTaken, merged by the link): memory reached through a
/// pointer is never one of the others.
struct TakenAddresses {
  llvm::StringSet<> Globals;
  bool mayBeTaken(llvm::StringRef Global) const {
    return Globals.contains(Global);
  }
  /// ir::ThreadLocalAddress.
  bool threadLocalTaken() const {
    return Globals.contains(ir::ThreadLocalAddress);
  }
};

/// \p Summaries[i] is the summary of \p Functions[i]; \p Graph their call
/// graph. Accesses located in \p AlreadyReported (innermost locations that
/// the class-based analysis reported; sorted) are not reported again.
/// Without \p Addresses, any global's address may be taken. \p Programs:
/// the files each `main` leaves to the database's other programs
/// (summarize/Programs.h); without it, only the files holding other mains.
/// \p TableSlots: the names of the dispatchers of slots of callback tables
/// (summarize/IndirectCalls.h), sorted.
ThreadRaceStats findThreadRaces(const std::vector<ir::Function> &Functions,
                                const std::vector<FunctionSummary> &Summaries,
                                const CallGraph &Graph,
                                llvm::ArrayRef<ir::Loc> AlreadyReported,
                                FindingSink &Sink,
                                const TakenAddresses *Addresses = nullptr,
                                const ProgramPartition *Programs = nullptr,
                                llvm::ArrayRef<std::string> TableSlots = {});

} // namespace racer

#endif
