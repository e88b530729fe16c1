//===- Confidence.h - How sure the analysis is of a finding ------*- C++ -*-===//
//
// Why: a report a reviewer dismisses costs more trust than a missed race.
// After RacerF's must/may split, every finding is `high` (the analysis
// would bet on it) or `low`, and a low one says why it was downgraded, in
// terms the analysis knows: what it assumed that the program may not do.
// Shown by default: high only; `--confidence=low` shows the rest.
//
//   ShardedLRUCache(size_t n) { for (..) shard_[s].SetCapacity(n); }
//   void LRUCache::SetCapacity(size_t c) { capacity_ = c; }
//     -> unprotected write, low: 'SetCapacity' runs only while its object
//        is being set up (every call is on an object not shared yet)
//
// The reasons are bits so that a finding can carry several. report/ words
// them (report::reasonText); nothing here knows how they are printed.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_CONFIDENCE_H
#define RACER_SUMMARIZE_CONFIDENCE_H

#include "summarize/LibraryModels.h"
#include "summarize/Summary.h"
#include "summarize/ir/AccessPath.h"

#include <cstdint>

namespace racer {

enum class Confidence : uint8_t { High, Low };

/// Why a finding is low. Bit flags of RaceFinding::LowReasons.
enum LowReason : uint32_t {
  /// One side runs only while its object is being set up: every call of its
  /// method is on an object not shared yet (a constructor's `this` or
  /// member, a local), or from a method that itself runs only then.
  LowSetupOnly = 1u << 0,
  /// The class has no lock or annotation of its own: it is checked because
  /// one of its methods is a thread's entry, and the class check does not
  /// see when that thread starts and is joined (the thread check does).
  LowThreadEntryOnly = 1u << 1,
  /// Between threads, the path goes through an array element: all elements
  /// are one location, so threads that each use their own slot look alike.
  LowMergedElements = 1u << 2,
  /// The path was k-limited (`a->b->...->f`): two paths that differ only in
  /// the elided middle are taken for the same memory.
  LowElidedPath = 1u << 3,
  /// Every call of the reported access's method holds a lock (its callers
  /// synchronize it: externally synchronized), and the conflicting access
  /// holds one too; whether the locks are the same is not known.
  LowCallerSynchronized = 1u << 4,
  /// The class locks only mutexes it reaches through a pointer member (its
  /// owner's): not evidence that the class itself is shared (an iterator
  /// locking its database's mutex).
  LowForeignLockOnly = 1u << 5,
  /// A thread of the race busy-waits on shared memory or retries a
  /// compare-and-swap (Dekker, Peterson, ticket and MCS locks, lock-free
  /// stacks): it may order the accesses in a way the analysis does not
  /// model.
  LowHandRolledSync = 1u << 6,
  /// A thread of the race locks a mutex on some paths only and unlocks it
  /// under the same condition: the accesses in between may be protected on
  /// every path that runs them.
  LowConditionalLock = 1u << 7,
  /// One side comes after a thread's wait on a condition variable for a
  /// flag (`while (!done) pthread_cond_wait(..)`): the other thread may
  /// have done its access before setting the flag and signalling.
  LowConditionWait = 1u << 8,
  /// One side is in a thread's once-only initialization: under a flag
  /// tested and then set to another value (`if (!inited) { ...; inited =
  /// 1; }`, `switch (state) { case 0: ...; state = 1; ...`), with a lock
  /// held: the threads that find the flag set run after it.
  LowOnceInit = 1u << 9,
  /// One side is in a branch on a shared flag that the other side's thread
  /// writes (`if (busy == 0) { block = 0; }` against `busy = 1; ..
  /// block = 1;`), with a lock held: the flag's value may order the two.
  LowFlagGuarded = 1u << 10,
  /// The class's methods operate only on locks handed to them as
  /// parameters (`LogAndApply(edit, mu)`): not evidence that the class
  /// itself is shared, but a class used under its caller's lock.
  LowParameterLockOnly = 1u << 11,
  /// A smart pointer member is read (`if (sink_)`, `sink_->Write()`) on one
  /// side and replaced (`sink_ = s`, `sink_.reset()`) on the other, the
  /// pointer itself, not what it points to: real code replaces such a
  /// pointer mostly while its object is set up (Open, a setter called once)
  /// or torn down (Close, the destructor), which racecar does not order.
  LowPointerReplaced = 1u << 12,
  /// One side is a write racecar assumes, not sees: a pointer or reference
  /// to the memory is passed to a function it has no body for (an external
  /// or pure virtual function, an unresolved call through a pointer), which
  /// may write it or only read it.
  LowAssumedWrite = 1u << 13,
  /// One side is the object's teardown: its method reaches the access
  /// through a method the class's destructor calls (`CloseImpl()` ->
  /// `CloseHelper()`, which `~DBImpl()` runs too), or is one. Using an object
  /// while it is torn down is its users' error, not the class's race; code
  /// the teardown reaches only through other methods (a purge that public
  /// methods run too) stays high.
  LowTeardown = 1u << 14,
  /// Both sides run as the front of one queue of waiting threads (`q.push(
  /// &w); while (&w != q.front()) cv.wait(); .. q.pop_front();`): only the
  /// front proceeds, so the two may be ordered by that hand-off, which the
  /// analysis recognizes by its shape but does not verify
  /// (summarize/QueueFront.h).
  LowQueueFront = 1u << 15,
  /// One side runs only on a path that crashes the process: reached through
  /// a call in a block that ends in `abort()`, a failed assertion or a
  /// panic (CallSite::CrashPath), a crash report's `genRedisInfoString()`.
  /// The race happens while the process dies; at worst the report is
  /// garbled.
  LowCrashPath = 1u << 16,
  /// One side is a class's test hook (`TEST_Foo`, `FooForTesting`:
  /// summarize/Witness.h), which only tests call (RocksDB compiles its
  /// `TEST_` methods in debug builds only). Production code racing on the
  /// same memory is the witness when there is one, and then stays high.
  LowTestHook = 1u << 17,
  /// One side is reached only through a call of a slot that structs'
  /// initializers fill, one per kind of object (`d->type->valDestructor`,
  /// 13 dictionary types; `td->io_ops->init`): the call runs the function
  /// of the table its object was made with, and the field-based resolution
  /// takes every table's (summarize/IndirectCalls.h).
  LowTableDispatch = 1u << 18,
  /// One side is in a method that no code in the scanned program calls (its
  /// callers are outside the scan), and the memory is guarded only by
  /// callers' locks: every access to it that has callers in the program is
  /// in a method each call of which holds a lock, and no method locks
  /// around it itself. Its unseen callers are taken to follow the same
  /// contract (`DBImpl::DeleteAllRecoveredTransactions`, called by the
  /// transaction DB's code during Open, against `InsertRecoveredTransaction`,
  /// called with the DB mutex held).
  LowCallersUnseen = 1u << 19,
  /// Both sides are in methods that run only from callables the program
  /// stores and that nothing it resolves runs (`tasks_.emplace(kPersist,
  /// [this] { PersistStats(); })`, run later by a timer's thread): no user
  /// of the class calls them, and whether two runs overlap depends on the
  /// runner the scan does not see. Against a method the class's users call
  /// the race stays high, and so does a callable a seen thread runs.
  LowCallbackOnly = 1u << 20,
  /// One side is before a barrier its thread waits at, the other after the
  /// wait in its own thread (`pthread_barrier_wait`): if both threads are
  /// parties of the same barrier, it orders them.
  LowBarrier = 1u << 21,
};
constexpr unsigned NumLowReasons = 22;

inline Confidence confidenceOf(uint32_t LowReasons) {
  return LowReasons ? Confidence::Low : Confidence::High;
}

/// LowPointerReplaced if one of \p A and \p B reads a smart pointer member
/// itself through an observer (AccessSnapshot::ContainerMethod: `get`,
/// `operator->`, `operator bool`) and the other writes it (`reset()`, or an
/// assignment, which libstdc++ defaults for unique_ptr: a plain write).
/// Two replacements stay high, and so does a replacement under a lock: a
/// pointer its code replaces holding a mutex is one replaced while others
/// use the object (duckdb's temporary directory handle, created on first
/// use under `temp_handle_lock`).
inline uint32_t pointerLowReasons(const AccessSnapshot &A,
                                  const AccessSnapshot &B) {
  auto Observes = [](const AccessSnapshot &X) {
    return isContainer(X.Kind) && !isWrite(X.Kind) &&
           isSmartPointerMethod(X.containerMethod());
  };
  auto ReplacesUnlocked = [](const AccessSnapshot &X) {
    return isWrite(X.Kind) && !X.holdsMutex();
  };
  return (Observes(A) && ReplacesUnlocked(B)) ||
                 (Observes(B) && ReplacesUnlocked(A))
             ? uint32_t(LowPointerReplaced)
             : 0u;
}

/// LowQueueFront if \p A and \p B hold the turn of the same queue's front
/// (HeldLock::QueueFront, with paths in the same terms).
inline uint32_t queueFrontLowReasons(const AccessSnapshot &A,
                                     const AccessSnapshot &B) {
  for (const HeldLock &LA : A.Locks)
    if (LA.QueueFront)
      for (const HeldLock &LB : B.Locks)
        if (LB.QueueFront && LA.Lock == LB.Lock)
          return LowQueueFront;
  return 0;
}

/// LowConditionalLock if one of \p A and \p B holds a lock on some paths
/// only (HeldLock::Conditional, taken and let go under one condition) that
/// the other holds, on every path or on some: on the paths where the two
/// may meet, both may hold it.
inline uint32_t conditionalLockLowReasons(const AccessSnapshot &A,
                                          const AccessSnapshot &B) {
  auto Meets = [](const AccessSnapshot &X, const AccessSnapshot &Y) {
    for (const HeldLock &LX : X.Locks)
      if (LX.Conditional)
        for (const HeldLock &LY : Y.Locks)
          if (!LY.QueueFront && !LY.Unknown && LY.Lock == LX.Lock)
            return true;
    return false;
  };
  return Meets(A, B) || Meets(B, A) ? uint32_t(LowConditionalLock) : 0u;
}

/// Reasons that follow from the two accesses themselves: the smart-pointer
/// rule above, LowAssumedWrite and LowCrashPath. (queueFrontLowReasons is
/// asked apart, with the locks as the reporter judges them: a turn of
/// `this->q_` orders nothing on a global that every object's queue reaches.)
inline uint32_t accessLowReasons(const AccessSnapshot &A,
                                 const AccessSnapshot &B) {
  uint32_t R = pointerLowReasons(A, B);
  if (A.isAssumedWrite() || B.isAssumedWrite())
    R |= LowAssumedWrite;
  if (A.onCrashPath() || B.onCrashPath())
    R |= LowCrashPath;
  return R;
}

/// Reasons that follow from the path alone (\p BetweenThreads: the finding
/// pairs two threads' accesses, not two methods of a class).
inline uint32_t pathLowReasons(const ir::AccessPath &P, bool BetweenThreads) {
  uint32_t R = 0;
  for (const ir::PathStep &S : P.Steps) {
    if (S.kind() == ir::StepKind::Elided)
      R |= LowElidedPath;
    if (BetweenThreads && S.kind() == ir::StepKind::Index)
      R |= LowMergedElements;
  }
  return R;
}

} // namespace racer

#endif
