//===- Assumptions.h - The unsound shortcuts the analysis took -*- C++ -*-===//
//
// Why: a checker that says "race-free" must be able to back it. Every
// place where the analysis gives up knowing what the program does and
// carries on as if nothing happened (RacerD's "unknown => owned", an
// indirect call it cannot resolve, a join it cannot match to a thread, a
// lock it cannot name) is recorded as an *assumption*, where it is taken,
// in the function's summary, and carried to callers the way accesses are.
// The verdict (`--verdict`) says `race-free` only when the program has no
// finding at any level and no assumption; otherwise it lists the ones that
// block it.
//
//   int *p = lookup(key);   // lookup has no body and no model
//   *p = 1;                 // -> Assumption{ExternalResult, line 1}
//
// At most one assumption per kind is kept per summary (the earliest place):
// what matters for the verdict is which kinds were taken, and one place each
// tells the user where to look.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_ASSUMPTIONS_H
#define RACER_SUMMARIZE_ASSUMPTIONS_H

#include "summarize/ir/IR.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace racer {

enum class AssumptionKind : uint8_t {
  /// An indirect call (through a function pointer) whose target is unknown:
  /// its accesses, locks and threads are not seen.
  UnresolvedCall,
  /// Memory others can see (a global, a parameter's pointee) passed to a
  /// function with no body and no model: what it does there is not seen.
  ExternalCall,
  /// A pointer returned by a function with no body and no model is taken
  /// for a fresh object of the caller's (RacerD's "unknown => owned").
  ExternalResult,
  /// An access through a pointer whose target is not known (arithmetic, a
  /// cast from an integer, a pointer loaded from memory): not recorded.
  UnknownPointer,
  /// An access through a pointer loaded from shared memory (`g->f`,
  /// `a->next->f`): paths are compared by name, so another path to the same
  /// memory is taken for different memory.
  PointerAlias,
  /// An unlock of a mutex that cannot be named (`unlock(m)` where m may be
  /// either of two): the locks it may release are taken to stay held.
  UnknownLock,
  /// A counting primitive (a semaphore) taken for a mutex: right only if
  /// it admits one thread at a time.
  CountingLock,
  /// A lock guard that outlives the function (returned by value): the lock
  /// is taken to stay held to the end of the caller.
  EscapingGuard,
  /// Two accesses hold locks that cannot be told apart or identified (an
  /// element of an array of mutexes, a mutex reached through a pointer): the
  /// pair was taken to be protected.
  LockIdentity,
  /// A join whose thread cannot be matched to the thread it joins (an
  /// unknown handle, an element of an array of handles): the threads it may
  /// join are taken to be joined.
  UnmatchedJoin,
  /// A thread whose entry function is not known or has no body.
  UnknownThread,
  /// More threads, deeper thread trees or more spawns than the analysis
  /// expands (or a thread that starts its own entry again).
  ThreadLimit,
  /// A translation unit that could not be analysed.
  FailedUnit,
  /// A method was taken to run under a lock its callers hold: every call of
  /// it in the program holds it (a mutex wrapper's accessor), or it lets the
  /// lock go without taking it (an unlock wrapper). A caller outside the
  /// program (a library's user) may not.
  CallerHeldLock,
  /// A function whose summarization went past its work limit
  /// (summarize/WorkLimit.h): its accesses, locks and threads are not seen.
  WorkLimit,
};
constexpr unsigned NumAssumptionKinds = 15;

struct Assumption {
  AssumptionKind Kind = AssumptionKind::UnresolvedCall;
  ir::Loc Location; ///< where it was first taken (0 line: unknown)

  friend bool operator==(const Assumption &A, const Assumption &B) {
    return A.Kind == B.Kind && A.Location == B.Location;
  }
};

/// Adds \p A to \p Set (sorted by kind, one per kind): of two places of one
/// kind, the earlier is kept, whatever the order of adds.
inline void addAssumption(std::vector<Assumption> &Set, const Assumption &A) {
  auto It = std::lower_bound(
      Set.begin(), Set.end(), A.Kind,
      [](const Assumption &X, AssumptionKind K) { return X.Kind < K; });
  if (It != Set.end() && It->Kind == A.Kind) {
    if (A.Location.Line && (!It->Location.Line || A.Location < It->Location))
      It->Location = A.Location;
    return;
  }
  Set.insert(It, A);
}

inline void addAssumptions(std::vector<Assumption> &Set,
                           const std::vector<Assumption> &More) {
  for (const Assumption &A : More)
    addAssumption(Set, A);
}

} // namespace racer

#endif
