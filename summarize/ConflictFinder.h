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
#include "summarize/ConcurrencyEvidence.h"
#include "summarize/FindingSink.h"
#include "summarize/ThreadRaces.h"
#include "summarize/Summary.h"
#include "summarize/ir/IR.h"

#include <string>
#include <vector>

namespace racer {

/// An access the class check pairs (it has a location key): a global's,
/// or a method's on `this` (the same object for every method of a class).
/// Not an object the caller linked into a global structure (`head->...`
/// made of its own allocation): two calls link two objects; the thread
/// check pairs it with other threads' walks.
bool hasLocationKey(const ir::Function &F, const AccessSnapshot &A);

/// An access to a field of the object a public method's pointer parameter
/// points to (`bool IsReady(Handle *h) { return h->flags & 1; }`): a handle the
/// class may have handed out to its users, to an object it also holds
/// (`Cache::Lookup` returns an entry of its table). The class check pairs
/// it with the same field of the objects the class holds behind pointers
/// (`this->table_.list_[]->flags`).
bool isHandleAccess(const ir::Function &F, const AccessSnapshot &A);

/// What the class check reads of a method's accesses: hasLocationKey's and
/// isHandleAccess's.
bool classCheckReads(const ir::Function &F, const AccessSnapshot &A);

struct ConflictStats {
  unsigned ClassesChecked = 0;   ///< classes with evidence of concurrency
  unsigned ClassesSkipped = 0;   ///< classes without: not reported on
  unsigned Findings = 0;         ///< races handed to the sink
  ThreadRaceStats Threads;       ///< the thread-origin analysis
};

/// One class to check and its non-private methods: the unit of work of the
/// class analysis. Classes are independent of each other, so a driver may
/// check them in any order or in parallel.
struct ClassCheck {
  std::string Name;             ///< qualified class name
  std::vector<uint32_t> Methods; ///< indexes into Functions, ascending
  EvidenceKind Evidence = EvidenceKind::None; ///< why it is checked
  /// Methods (of Methods) that run only while their object is being set up
  /// (CallerContexts::SetupOnly), ascending: their findings are low.
  std::vector<uint32_t> SetupOnly;
  /// Methods (of Methods) every call of which holds a lock
  /// (CallerContexts::Synchronized), ascending.
  std::vector<uint32_t> Synchronized;
  /// Methods (of Methods) every call of which holds the object itself as a
  /// lock (CallerContexts::ReceiverLocked), ascending: their accesses are
  /// under `*this`.
  std::vector<uint32_t> ReceiverLocked;
  /// Methods (of Synchronized) every call of which holds a named lock
  /// outside the object (CallerContexts::LockedOutside), ascending.
  std::vector<uint32_t> LockedOutside;
  /// The class's own methods its destructor calls (by qualified name,
  /// sorted): the object's teardown (LowTeardown).
  std::vector<std::string> Teardown;
  /// Methods (of Methods) no code in the program calls and no thread runs
  /// (CallerContexts::Uncalled), ascending.
  std::vector<uint32_t> Uncalled;
  /// Methods (of Methods) that run only from callables the program stores
  /// (CallerContexts::CallbackOnly), ascending, and for each the stored
  /// callable (a function index) that reaches it.
  std::vector<uint32_t> CallbackOnly;
  std::vector<uint32_t> CallbackVia;
  /// Methods (of Methods) some of whose formals get, at every call in the
  /// program, an object the caller owns and has not shared (a local, a
  /// fresh allocation: CallerContexts::FreshFormals), with those formals'
  /// bits, ascending by method: not a handle the class handed out.
  std::vector<std::pair<uint32_t, uint32_t>> FreshFormals;
  /// Methods (of Methods) of a base class the class derives from publicly
  /// (ir::ClassInfo::Bases) that it does not override or hide, ascending:
  /// its users call them on it. Paired only with the class's own methods
  /// (two of the base's are the base's check).
  std::vector<uint32_t> Inherited;
};

/// The classes with evidence of concurrent use that have reportable methods,
/// sorted by name; counts checked and skipped classes into \p Stats. With
/// \p Graph, methods that run only during setup are marked.
std::vector<ClassCheck>
planClassChecks(const std::vector<ir::Function> &Functions,
                const std::vector<FunctionSummary> &Summaries,
                const std::vector<ir::ClassInfo> &Classes,
                ConflictStats &Stats, const CallGraph *Graph = nullptr);

/// What the callers of each method say about it. Only methods with at least
/// one caller in the program, outside their own SCC, that are not thread
/// entries, qualify; from the callers' FunctionSummary::CallContexts:
struct CallerContexts {
  /// It runs only while its object is being set up, before another thread
  /// can see it: every call of it is on an object its caller has not shared
  /// (a constructor's members, a local), or on `this` (or a member) in a
  /// caller that itself runs only during setup.
  std::vector<bool> SetupOnly;
  /// It runs only under its callers' locks: every call of it holds a lock,
  /// or is in a caller that itself runs only under its callers' locks
  /// (`VersionSet::LogAndApply`, called with `DBImpl::mutex_` held).
  std::vector<bool> Synchronized;
  /// Every call of it holds its receiver object itself, exclusively, as a
  /// lock (CallContext::HoldsReceiver): a mutex wrapper's accessor called
  /// with the wrapper locked. Its accesses are under `*this`.
  std::vector<bool> ReceiverLocked;
  /// Every call of it holds a named lock that lies outside its receiver
  /// object (CallContext::LockedOutsideReceiver): none of the object's own.
  std::vector<bool> LockedOutside;
  /// Code outside its class calls it (another class's method, a free
  /// function; not a lambda, not a class nested in its own): its users are
  /// in the program. A private method so called is an entry of the class
  /// check (a friend's call).
  std::vector<bool> CalledOutside;
  /// No function in the program calls it, and no thread runs it: a method
  /// of the class's interface whose users are outside the scan
  /// (LowCallersUnseen).
  std::vector<bool> Uncalled;
  /// It runs only from callables the program stores and nothing in it is
  /// seen to run: every call of it is in a lambda that no function calls
  /// and no thread runs (`tasks_.emplace(k, [this] { PersistStats(); })`,
  /// run later by a timer), or in a method that itself runs only so. Which
  /// thread runs such a callable, and whether two runs overlap, is up to
  /// code the scan does not resolve (LowCallbackOnly).
  std::vector<bool> CallbackOnly;
  /// For a CallbackOnly method, the stored lambda that reaches it; else
  /// UINT32_MAX.
  std::vector<uint32_t> CallbackVia;
  /// Bit j: every call of it (there is one at least) hands its formal j an
  /// object the caller owns and has not shared yet (CallContext::FreshArgs).
  std::vector<uint32_t> FreshFormals;
};
CallerContexts callerContexts(const std::vector<ir::Function> &Functions,
                              const std::vector<FunctionSummary> &Summaries,
                              const CallGraph &Graph);

/// Pairs the accesses of one class's methods; findings go to \p Sink in a
/// deterministic order. Appends the innermost location of every reported
/// access to \p Reported. Returns the number of findings.
unsigned findClassConflicts(const ClassCheck &Class,
                            const std::vector<ir::Function> &Functions,
                            const std::vector<FunctionSummary> &Summaries,
                            FindingSink &Sink, std::vector<ir::Loc> &Reported);

/// Sorts \p Locs and drops duplicates (findThreadRaces' AlreadyReported).
void sortUnique(std::vector<ir::Loc> &Locs);

/// All of it, on the calling thread: planClassChecks, findClassConflicts for
/// every class, then (with \p Graph, the functions' call graph) races
/// between threads, where an access the class analysis reported is not
/// reported again. \p Summaries[i] is the summary of \p Functions[i].
ConflictStats findConflicts(const std::vector<ir::Function> &Functions,
                            const std::vector<FunctionSummary> &Summaries,
                            const std::vector<ir::ClassInfo> &Classes,
                            FindingSink &Sink,
                            const CallGraph *Graph = nullptr);

} // namespace racer

#endif
