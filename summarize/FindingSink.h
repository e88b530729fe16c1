//===- FindingSink.h - Where the conflict finder reports races -*- C++ -*-===//
//
// Why: the analysis must not know how findings are printed, deduplicated or
// ranked (Clang's ThreadSafetyHandler has the same role). ConflictFinder calls
// one virtual per kind of finding; report/ReportCollector turns them into
// diagnostics.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_FINDINGSINK_H
#define RACER_SUMMARIZE_FINDINGSINK_H

#include "summarize/Confidence.h"
#include "summarize/Summary.h"

#include <string>

namespace racer {

enum class RaceKind : uint8_t {
  /// A write with no exclusive lock that may run concurrently with another
  /// write (possibly the same method on two threads):
  ///   void inc_bad() { n_++; }
  UnprotectedWrite,
  /// A read with no lock that may run concurrently with a write:
  ///   int get_bad() { return n_; }  // while set() writes n_ under mu_
  ReadWriteRace,
  /// Both accesses hold locks, but no lock in common (RacerF's lock
  /// identity):
  ///   { lock(mu_a); n = 1; }   // thread 1
  ///   { lock(mu_b); n = 2; }   // thread 2
  DifferentLocks,
};

/// One side of a race: the access as seen from a top-level (non-private)
/// function, with the call chain from that function down to the access.
struct RaceSide {
  std::string Function;      ///< qualified name of the top-level function
  ir::Loc FunctionLocation;  ///< where it is defined
  AccessSnapshot Access;     ///< path, kind, locks, location, trace
  /// For a thread (an origin other than the root function): how it was
  /// started, from the root function down to the thread-creating call; the
  /// last frame names the thread's entry (`Callee`) and the call's location.
  /// Empty for the root function's own thread and for class-based races.
  std::vector<CallSite> Started;
  /// The root function (`main`, or a function nobody calls that starts
  /// threads) whose threads race; empty for class-based races.
  std::string Root;
  /// Function runs only while its object is being set up (LowSetupOnly).
  bool SetupOnly = false;
  /// Function runs only under its callers' locks (LowCallerSynchronized).
  bool CallerSynchronized = false;
  /// No code in the program calls the function (LowCallersUnseen).
  bool Uncalled = false;
  /// The method of the destructor's this side goes through (LowTeardown),
  /// or "".
  std::string Teardown;
  /// The function whose once-only update by value holds this side
  /// (LowOnceInit; ir::Function::OnceInitVar), or "".
  std::string OnceUpdate;
  /// The slot of callback tables this side is reached through
  /// (LowTableDispatch), or "".
  std::string TableSlot;
  /// The stored callable (a lambda nothing calls) this side's method runs
  /// from (LowCallbackOnly), or "".
  std::string Callback;
};

struct RaceFinding {
  RaceKind Kind = RaceKind::UnprotectedWrite;
  /// The class whose methods race (qualified), "" for races between threads.
  std::string Class;
  RaceSide Reported;    ///< the side that needs fixing (the unprotected one)
  RaceSide Conflicting; ///< the access it races with (a write)
  /// Why the finding is low-confidence (LowReason bits); 0: high.
  uint32_t LowReasons = 0;
  /// A method whose callers all hold a lock around the memory
  /// (LowCallersUnseen), or "".
  std::string LockedByCallersIn;

  Confidence confidence() const { return confidenceOf(LowReasons); }
};

/// Receives findings. Implementations decide wording, dedup and order.
class FindingSink {
public:
  virtual ~FindingSink();
  virtual void handleRace(const RaceFinding &F) = 0;
  /// The same, for a finding the caller no longer needs; sinks that store
  /// findings override it to avoid a copy.
  virtual void takeRace(RaceFinding &&F) { handleRace(F); }
  /// An unsound shortcut the program-level analysis took (Assumptions.h):
  /// what keeps the verdict from saying race-free. Sinks that do not give
  /// a verdict ignore it.
  virtual void noteAssumption(const Assumption &) {}
};

} // namespace racer

#endif
