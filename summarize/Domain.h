//===- Domain.h - The working state of the per-function analysis -*- C++ -*-===//
//
// Why: the transfer functions need more than what is persisted in a summary:
// which locks are held right now (with identity and a count), which locals
// point where, and which RAII guards own which locks. This is that state and
// its lattice operations (join is pointwise; held locks are a must-set:
// a lock is held after a merge only if it is held on every incoming path).
//
//   { std::lock_guard<std::mutex> g(mu_);   // Held {this->mu_ x1}, Guards {g}
//     Node *n = head_; }                    // Bindings {n -> this->head_ *}
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_DOMAIN_H
#define RACER_SUMMARIZE_DOMAIN_H

#include "summarize/Summary.h"

#include "llvm/ADT/SmallVector.h"

#include <map>
#include <utility>
#include <vector>

namespace racer {

/// A multiset of held locks with bounded counts. Join = intersection with
/// minimum counts (must-hold).
class LockSet final {
public:
  static constexpr unsigned MaxCount = 5;

  /// \p ByUs false: a hold a caller took (REQUIRES, an asserted hold), at
  /// a time we do not know: no nesting, not taken here.
  void acquire(const HeldLock &L, bool ByUs = true);
  /// Releases one hold of \p L in any mode (`unlock` releases a shared or an
  /// exclusive hold). Returns false if it was not held.
  bool release(const HeldLock &L);
  bool holds(const HeldLock &L) const;
  /// The named lock \p Lock is held, in any mode.
  bool holdsNamed(const ir::AccessPath &Lock) const;
  bool empty() const { return Entries.empty(); }
  /// The held locks, sorted, without counts.
  std::vector<HeldLock> locks() const;
  /// Which held (or just released) locks were taken inside which: a
  /// must-fact, kept on every path (see LockNesting).
  const std::vector<LockNesting> &nestings() const { return Nestings; }
  /// \p Lock's current hold ended somewhere (a callee let it go and took it
  /// again): the nestings about it end, whether or not it is held now.
  void endNestings(const ir::AccessPath &Lock);
  void endAllNestings() { Nestings.clear(); }
  /// Adds a nesting known to hold here (a callee's, at its exit).
  void addNesting(const LockNesting &N);
  /// The named locks taken exclusively on every path since the function's
  /// entry (held or not now).
  const std::vector<ir::AccessPath> &taken() const { return Taken; }
  void addTaken(const ir::AccessPath &Lock);
  void joinWith(const LockSet &O);

  friend bool operator==(const LockSet &A, const LockSet &B) {
    return A.Entries == B.Entries && A.nestings() == B.nestings() &&
           A.Taken == B.Taken;
  }

private:
  /// Sorted by lock.
  std::vector<std::pair<HeldLock, unsigned>> Entries;
  /// In order of creation; a fact with neither lock held is dropped.
  std::vector<LockNesting> Nestings;
  /// Sorted; join: intersection.
  std::vector<ir::AccessPath> Taken;
};

/// A lock guard local (`std::lock_guard g(m)`, `std::unique_lock l(m, defer)`).
struct GuardState {
  std::vector<HeldLock> Locks; ///< the mutexes the guard manages
  bool Owns = false;           ///< it currently holds them

  friend bool operator==(const GuardState &A, const GuardState &B) {
    return A.Owns == B.Owns && A.Locks == B.Locks;
  }
};

/// Adds \p Id to, or removes it from, a sorted set of thread ids.
void insertId(llvm::SmallVector<uint32_t, 2> &Set, uint32_t Id);
void eraseId(llvm::SmallVector<uint32_t, 2> &Set, uint32_t Id);
/// The same, for a sorted set of lock paths (AbstractState::MayHeld).
void insertLock(llvm::SmallVectorImpl<ir::AccessPath> &Set,
                const ir::AccessPath &Lock);
void eraseLock(llvm::SmallVectorImpl<ir::AccessPath> &Set,
               const ir::AccessPath &Lock);

/// The abstract state at a program point.
struct AbstractState final {
  LockSet Held;
  /// Locks released without having been acquired here (unlock wrappers).
  LockSet Released;
  /// Locks a caller may hold that this function (or a callee) let go on
  /// some path to here and has not taken again since
  /// (AccessSnapshot::ReleasedBefore): sorted, join is union. Named locks
  /// only.
  std::vector<HeldLock> EntryReleased;
  /// Pointer members of this function's own guard objects, by (local,
  /// field): `MutexLock l(&cache_mu_)` stores `&this->cache_mu_` in
  /// `l.mu_` (its constructor's FunctionSummary::MemberPointers), so the
  /// lock its methods take through `this->mu_` is this->cache_mu_. Join:
  /// the entries equal on both sides.
  std::map<std::pair<uint32_t, ir::PathStep>, ir::Operand> GuardFields;
  /// Local pointer/reference -> what it designates (already resolved: never
  /// rooted at a local).
  std::map<uint32_t, ir::Operand> Bindings;
  std::map<uint32_t, GuardState> Guards;
  /// Threads (ThreadSpawn ids) that may have been started, and that may have
  /// been joined, on some path here; both sorted, join is union. A thread may
  /// be running iff started and not joined: joining on one path counts (a
  /// join loop over a handle array joins every thread started into it).
  llvm::SmallVector<uint32_t, 2> Started, Joined;
  /// >= 0: on every path here, this code runs in a child process that the
  /// `fork()` in this block started (the branch where it returned 0). A
  /// process shares no ordinary memory with its parent, and none of the
  /// parent's threads exist in it: Started/Joined are cleared on that edge,
  /// and accesses and spawns from here on are marked InForkChild, so that
  /// callers do not pair them with their own threads either. Join: -1 unless
  /// both sides are the same child.
  int32_t ForkBlock = -1;
  /// Bit k: on every path here, this function (or a callee) has joined the
  /// thread behind FunctionAnalysis::Joins[k], a handle our caller's thread
  /// lives in (`void module_exit() { pthread_join(t1, 0); ... }`, t1
  /// global). Join: intersection. Only the first 8 such handles are tracked.
  uint8_t JoinedOuter = 0;
  /// On some path here, a constructor or destructor handed its object to
  /// a thread it started (`Worker() : t_([this] { Run(); }) { limit_ = 3; }`):
  /// the object is no longer its own, and its accesses to it from here on
  /// are shared (FunctionAnalysis::ownsThis). Join: or.
  bool ThisStarted = false;
  /// Bit k (k < 32): on some path to here, this function stored formal k's
  /// pointer somewhere or handed it to a call (not as its receiver): the
  /// caller's object may be reachable by others from then on.
  uint32_t PublishedFormals = 0;
  /// Calls whose result a scalar local holds (ir::CallInfo::ScalarResult),
  /// for a branch in a later block (ir::Block::CondLocal) or a return of
  /// the local, by local: what the result tells. A try-lock's: the locks
  /// held on the success edge of that branch, and whether success is a zero
  /// result. A thread start's (or a callee's that returns zero exactly when
  /// it started them): the threads started only if the result is zero, not
  /// running on the branch where it is not. Another call stored into the
  /// local removes its entry. Join: the entries equal on both sides.
  struct PendingResult {
    std::vector<HeldLock> Acquire;
    bool OnZero = false;
    llvm::SmallVector<uint32_t, 2> StartedOnZero;
    friend bool operator==(const PendingResult &A, const PendingResult &B) {
      return A.OnZero == B.OnZero && A.Acquire == B.Acquire &&
             A.StartedOnZero == B.StartedOnZero;
    }
  };
  std::map<uint32_t, PendingResult> PendingResults;
  /// Objects this function allocated, by the local that names them (the
  /// root of their named Fresh operand): the threads started since. Only
  /// those can have been handed the object; a thread running before it was
  /// allocated (one a previous loop iteration started with an object of its
  /// own) cannot reach it under its name. Join: union; an object allocated
  /// on one side only is dropped (no filtering).
  std::map<uint32_t, llvm::SmallVector<uint32_t, 2>> StartedSinceAlloc;
  /// Queues this function waited to be the front of, and has not left
  /// (summarize/QueueFront.h): sorted; join is intersection. Not locks:
  /// Held never has them, and no lock effect of the function does (a
  /// turn ends with the function that took it).
  llvm::SmallVector<ir::AccessPath, 0> QueueFronts;
  /// Named locks this function took on some path to here and has not let
  /// go since: sorted, join is union. An unlock of one that is not held on
  /// every path (`if (needs) mu.Lock(); ..; if (needs) mu.Unlock();`) ends
  /// the function's own hold, taken under the same condition: it does not
  /// let go of a hold its caller has.
  llvm::SmallVector<ir::AccessPath, 0> MayHeld;
  /// Of those, the ones such an unlock let go on some path to here: sorted,
  /// join is union, and a lock in it is no longer in MayHeld after a join
  /// (the paths are correlated: where one path ended the hold, the others
  /// that took it ended it too, and those that did not take it hold none).
  llvm::SmallVector<ir::AccessPath, 0> MayHeldEnded;
  /// Of MayHeld, the locks taken by a call under a mode test
  /// (ir::CallInfo::UnderModeTest): held in one mode of the object only.
  /// Sorted; join is union, kept within MayHeld.
  llvm::SmallVector<ir::AccessPath, 0> ModeHeld;
  /// Pointer locals bound, while some lock was held, to the object a shared
  /// pointer points to (`j = q_head;`, `e = this->free_;`), with no unlock
  /// since: sorted; join is intersection. A write of that pointer before
  /// the unlock (`q_head = j->next;`) unlinks the object: the local's
  /// object is then this thread's own (FunctionAnalysis::noteUnlink).
  llvm::SmallVector<uint32_t, 2> LoadedUnderLock;
  /// Appends to \p Locks a conditional hold (HeldLock::Conditional) of
  /// each lock of ModeHeld not held here; keeps \p Locks sorted and unique.
  void addConditionalHolds(std::vector<HeldLock> &Locks) const;

  // LLVM's SmallVector move is not noexcept; without these std::vector<AbstractState>
  // would deep-copy every element when it grows.
  AbstractState() = default;
  AbstractState(const AbstractState &) = default;
  AbstractState &operator=(const AbstractState &) = default;
  AbstractState(AbstractState &&) noexcept = default;
  AbstractState &operator=(AbstractState &&) noexcept = default;

  /// The branch where `fork()` (in block \p B) returned 0: a new process.
  void enterForkChild(uint32_t B) {
    Started.clear();
    Joined.clear();
    for (auto &Entry : StartedSinceAlloc)
      Entry.second.clear();
    ForkBlock = static_cast<int32_t>(B);
  }

  /// Started minus Joined.
  llvm::SmallVector<uint32_t, 0> live() const;
  /// live(), less the threads started before the object named by local
  /// \p Named was allocated (StartedSinceAlloc), if it was here.
  llvm::SmallVector<uint32_t, 0> liveForObject(uint32_t Named) const;
  /// Thread \p Id may be running from here on.
  void start(uint32_t Id);
  /// Thread \p Id, started by the call just before, did not start after all
  /// (the branch where that call failed).
  void unstart(uint32_t Id);
  /// Local \p Named now names an object allocated here.
  void allocate(uint32_t Named) { StartedSinceAlloc[Named].clear(); }

  /// Adds \p L to EntryReleased.
  void noteEntryReleased(const HeldLock &L);
  /// \p L is held again: removes it from EntryReleased.
  void forgetEntryReleased(const HeldLock &L) {
    if (!L.Unknown && !EntryReleased.empty())
      llvm::erase_if(EntryReleased, [&](const HeldLock &R) {
        return R.Lock == L.Lock;
      });
  }

  void joinWith(const AbstractState &O);
  friend bool operator==(const AbstractState &A, const AbstractState &B);
};

} // namespace racer

#endif
