//===- FunctionAnalysis.h - The per-function analysis, internals -*- C++ -*-===//
//
// Why: the transfer functions are one class with three concerns, kept in
// three files: Transfer.cpp (accesses, locks, ownership, summary
// application; RacerD), LockHolders.cpp (what holds a lock for its caller:
// a guard's pointer members, a mutex wrapper's object, a callable runner)
// and ThreadTransfer.cpp (threads started and joined, and the function's own
// objects a thread receives; O2's origins). This header is their shared
// declaration; it is private to summarize/ (use Transfer.h).
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_FUNCTIONANALYSIS_H
#define RACER_SUMMARIZE_FUNCTIONANALYSIS_H

#include "summarize/ConcurrencyEvidence.h"
#include "summarize/Domain.h"
#include "summarize/LibraryModels.h"
#include "summarize/Transfer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace racer::detail {

constexpr size_t MaxTraceDepth = CallChain::MaxDepth;
/// How many calls above a lock's acquire a function is still
/// hand-synchronized (FunctionSummary::HandRolledSync, HandRolledDepth): a
/// critical section two or three calls above the acquire (`worker` ->
/// `acquire(tid)` -> `mcs_acquire(l, node)`, which exchanges the queue's
/// tail and then awaits its turn however deep), but only two above a wait
/// that updates nothing (a flag wait, a seqlock read deep in a clock read
/// does not make every thread that reads the clock hand-synchronized).
constexpr uint8_t MaxHandRolledDepth = 3;

using ir::AccessPath;
using ir::Operand;
using ir::RootKind;
using ir::StepKind;

inline AccessPath truncated(AccessPath P) {
  ir::limitSteps(P);
  return P;
}

/// `Base` followed by the steps of \p P after its first \p Skip.
inline AccessPath appendSteps(const AccessPath &Base, const AccessPath &P,
                       size_t Skip) {
  AccessPath Out = Base;
  for (size_t I = Skip; I < P.Steps.size(); ++I)
    Out.Steps.push_back(P.Steps[I]);
  return truncated(std::move(Out));
}

inline bool startsWithDeref(const AccessPath &P) {
  return !P.Steps.empty() && P.Steps.front().kind() == StepKind::Deref;
}

/// \p A reads, through formal k with bit k of \p Walked, the element itself
/// (`c->last_active`, not `c->buf->n` nor `c->out[j]`: no pointer followed
/// and no other subscript; as frontend/ArrayWalks.h marks direct reads).
inline bool readsWalkedElement(const AccessSnapshot &A, uint32_t Walked) {
  const AccessPath &P = *A.Path;
  if (A.Kind != AccessKind::Read || P.Root != RootKind::Formal ||
      P.Index >= 32 || !((Walked >> P.Index) & 1) || !startsWithDeref(P))
    return false;
  return llvm::all_of(llvm::drop_begin(P.Steps), [](const ir::PathStep &Step) {
    return Step.kind() == StepKind::Field;
  });
}

/// A walk through a call (ir::CallInfo::WalkedArgs), unless the callee
/// starts or joins a thread (on each element in turn).
inline uint32_t walkedArgsOf(const ir::CallInfo &C,
                             const FunctionSummary &Callee) {
  return Callee.Spawns->empty() && Callee.Joins->empty() ? C.WalkedArgs : 0;
}

/// The formal whose object \p O designates, or -1: `&fn` for a parameter
/// of class type (a `std::function` handed to a helper), by value
/// (`Formal(k)`, its own storage) or by reference (`Formal(k) Deref`).
inline int32_t formalObjectOf(const ir::Operand &O) {
  if (O.K != ir::Operand::Kind::Object ||
      O.Path.Root != ir::RootKind::Formal || O.Path.Steps.size() > 1 ||
      (O.Path.Steps.size() == 1 && !startsWithDeref(O.Path)))
    return -1;
  return int32_t(O.Path.Index);
}

/// The root's object, or the object its pointer designates, or one
/// embedded in it (`g`, `g.a[]`, `*p`, `this->m_.f`), not one reached
/// through a pointer stored in memory (`this->p_->f`).
inline bool inPlaceOfRoot(const AccessPath &P) {
  for (size_t I = startsWithDeref(P) ? 1 : 0; I < P.Steps.size(); ++I)
    if (P.Steps[I].kind() != ir::StepKind::Field &&
        P.Steps[I].kind() != ir::StepKind::Index)
      return false;
  return true;
}


/// A Fresh operand that names the new object by a path in the function
/// (the local it lives in, or `Local(p) Deref` for an allocation bound to p):
/// still owned, but a thread it is passed to can be paired with it.
inline Operand namedFresh(AccessPath Name) {
  Operand O = Operand::fresh();
  if (Name.Spelling.empty())
    Name.Spelling = ir::Symbol("<local>");
  O.Path = truncated(std::move(Name));
  return O;
}

inline bool isNamedFresh(const Operand &O) {
  return O.K == Operand::Kind::Fresh && !O.Path.Spelling.empty();
}

/// A callee's joins of its caller's threads, seen from the caller: for each
/// of the callee's first 8 FunctionSummary::Joins, the caller's own thread
/// it joins for sure, or the caller's own outer handle it is.
struct CalleeJoins {
  std::array<uint32_t, 8> Ours; ///< a spawn id, or NoSpawn
  std::array<uint8_t, 8> OuterBit{};
  static constexpr uint32_t NoSpawn = UINT32_MAX;
  CalleeJoins() { Ours.fill(NoSpawn); }

  /// \p Live without the threads joined before an access marked \p Mask.
  llvm::SmallVector<uint32_t, 0>
  liveAfter(const llvm::SmallVector<uint32_t, 0> &Live, uint8_t Mask) const {
    llvm::SmallVector<uint32_t, 0> R;
    for (uint32_t Id : Live) {
      bool Joined = false;
      for (unsigned K = 0; K < 8; ++K)
        Joined |= (Mask >> K & 1) && Ours[K] == Id;
      if (!Joined)
        R.push_back(Id);
    }
    return R;
  }
  /// The caller's JoinedOuter bits for an access the callee marked \p Mask.
  uint8_t outerBits(uint8_t Mask) const {
    uint8_t R = 0;
    for (unsigned K = 0; K < 8; ++K)
      if (Mask >> K & 1)
        R |= OuterBit[K];
    return R;
  }
};

/// Accesses and locks of one function, deduplicated modulo location/trace
/// (the key of AccessSnapshot::sameAbstractAccess): a hash of the key finds
/// the few candidates to compare, so an add costs one hash of the path.
class AccessSet {
public:
  /// Adds \p S unless an access with its key is there; of two, the earliest
  /// location (then the shorter trace) is kept, whatever the order of adds.
  /// \p Segment is part of the key: the part of the function the access
  /// (or the call reaching it) is in, where the function's synchronization
  /// tells the parts apart (FunctionAnalysis::segmentOf: a read below a
  /// reference's drop is not the same as one above it).
  void add(AccessSnapshot S, uint8_t Segment = 0) {
    Probe P = probe(S, Segment);
    if (P.keeps(S.Location, S.Trace.size()))
      put(P, std::move(S));
  }
  /// Where an access with a given key goes, looked up once: whether the
  /// set would keep it (keeps; a caller skips building a trace that would
  /// be dropped), then put it there (put), with nothing added in between.
  class Probe {
  public:
    /// Adding an access with this key, \p Location and a trace of
    /// \p TraceSize calls would change the set.
    bool keeps(const ir::Loc &Location, size_t TraceSize) const {
      return keeps(Location, [&] { return TraceSize; });
    }
    /// The same, with the trace's size asked for only where the locations
    /// tie (reading a chain is a cache miss).
    template <class SizeFn>
    bool keeps(const ir::Loc &Location, SizeFn TraceSize) const {
      if (!Known || Location < Known->Location)
        return true;
      if (Known->Location < Location)
        return false;
      return TraceSize() < Known->Trace.size();
    }

  private:
    friend class AccessSet;
    uint64_t Hash = 0;
    AccessSnapshot *Known = nullptr;
    uint8_t Segment = 0;
  };
  Probe probe(const AccessSnapshot &Key, uint8_t Segment = 0) {
    Probe P;
    P.Hash = keyHash(Key, Segment);
    P.Known = find(Key, P.Hash, Segment);
    P.Segment = Segment;
    return P;
  }
  /// Adds \p S, whose key \p P looked up, or replaces the access kept
  /// with that key (P.keeps(S's location and trace) held).
  void put(const Probe &P, AccessSnapshot S) {
    if (P.Known) {
      *P.Known = std::move(S);
      return;
    }
    auto [It, New] = Head.try_emplace(P.Hash, NoItem);
    Next.push_back(It->second);
    It->second = static_cast<uint32_t>(Items.size());
    Items.push_back(std::move(S));
    Segments.push_back(P.Segment);
  }
  std::vector<AccessSnapshot> take() {
    Head.clear();
    Next.clear();
    Segments.clear();
    return std::move(Items);
  }

private:
  static uint64_t pathHash(const ir::AccessPath &P) {
    uint64_t H = mixHash(static_cast<uint64_t>(P.Root),
                     P.Root == ir::RootKind::Global
                         ? reinterpret_cast<uintptr_t>(P.Symbol.c_str())
                         : static_cast<uintptr_t>(P.Index));
    for (const ir::PathStep &St : P.Steps)
      H = mixHash(H, reinterpret_cast<uintptr_t>(St.name().c_str()) ^
                     (static_cast<uint64_t>(St.kind()) << 60));
    return H;
  }
  static uint64_t keyHash(const AccessSnapshot &S, uint8_t Segment) {
    uint64_t H = keyHash(S);
    return Segment ? mixHash(H, Segment) : H;
  }
  static uint64_t keyHash(const AccessSnapshot &S) {
    uint64_t H = mixHash(static_cast<uint64_t>(S.Kind) |
                         (static_cast<uint64_t>(S.Threads) << 8),
                     reinterpret_cast<uintptr_t>(S.containerMethod().c_str()));
    H = mixHash(H, pathHash(S.Path));
    for (const HeldLock &L : S.Locks)
      H = mixHash(H, pathHash(L.Lock) ^ (uint64_t(L.Shared) << 62) ^
                     (uint64_t(L.Unknown) << 63));
    for (uint32_t Id : S.live())
      H = mixHash(H, Id);
    return H;
  }
  AccessSnapshot *find(const AccessSnapshot &S, uint64_t H, uint8_t Segment) {
    auto It = Head.find(H);
    if (It == Head.end())
      return nullptr;
    for (uint32_t I = It->second; I != NoItem; I = Next[I])
      if (Segments[I] == Segment && Items[I].sameAbstractAccess(S))
        return &Items[I];
    return nullptr;
  }

  static constexpr uint32_t NoItem = ~uint32_t(0);
  std::vector<AccessSnapshot> Items; ///< in order of first add
  std::vector<uint8_t> Segments;     ///< each item's segment
  /// The items of one key hash: the last added (Head), then each one's
  /// Next, to NoItem.
  llvm::DenseMap<uint64_t, uint32_t> Head;
  std::vector<uint32_t> Next;
};


/// Sorted union of two id sets.
llvm::SmallVector<uint32_t, 0> idUnion(llvm::ArrayRef<uint32_t> A,
                                       llvm::ArrayRef<uint32_t> B);
/// Blocks that lie on a CFG cycle.
std::vector<int32_t> loopsOfBlocks(const ir::Function &F);
/// The call at \p Idx of \p B makes a lambda that a later call of the block
/// starts as a thread (`std::thread t([&] { .. })`, or a helper that starts
/// one with the `std::function` it is handed): its body runs there only.
bool startedAsThread(const ir::Block &B, size_t Idx,
                     const SummaryLookup &Callees);
/// True if the function may start or join threads itself or through a callee:
/// only then are accesses to its own objects and thread ids tracked.
bool tracksThreads(const ir::Function &F, const SummaryLookup &Callees);

/// A mutex wrapper's method (ir::Function::LockWrapper): its locks inside
/// `*this` (`this->mu_`, `this->mutex_.mu_`) are named `*this`.
void nameLocksByWrapper(FunctionSummary &Sum);

/// The most spawns one summary keeps (recursion could otherwise add a new
/// copy of a callee's spawns in every round).
constexpr size_t MaxSpawns = 64;

class FunctionAnalysis {
public:
  FunctionAnalysis(const ir::Function &F, const SummaryLookup &Callees)
      : F(F), Callees(Callees),
        ThisOwned(F.Kind == ir::FunctionKind::Constructor ||
                  F.Kind == ir::FunctionKind::Destructor),
        HasThis(F.Kind == ir::FunctionKind::Method ||
                F.Kind == ir::FunctionKind::Constructor ||
                F.Kind == ir::FunctionKind::Destructor),
        TrackThreads(tracksThreads(F, Callees)),
        NextSyntheticLocal(static_cast<uint32_t>(F.Locals.size())) {
    if (TrackThreads)
      LoopOf = loopsOfBlocks(F);
  }

  FunctionSummary run();
  /// The work run() did (summarize/WorkLimit.h).
  uint64_t Units = 0;

private:
  /// The summary of a function past its work limit: nothing seen, and the
  /// WorkLimit assumption (UnseenCalls.cpp).
  FunctionSummary givenUp() const;
  /// Effect of a block's condition call on its true edge.
  struct CondEffect {
    std::vector<HeldLock> Acquire; ///< locks held if the call succeeded
    int32_t Guard = -1;            ///< guard that then owns them
    bool OnZero = false;           ///< success is a zero (false) result
    bool ForkChild = false; ///< `fork()`: the success edge is the child
    /// Threads the call started only if it returned zero (ZeroResultStarts):
    /// not running on the non-zero edge.
    llvm::SmallVector<uint32_t, 2> StartedOnZero;
  };

  /// Sets PartialJoin where a thread is joined on some paths into a block
  /// only (\p Out: per block, the threads started and joined at its end).
  void findPartialJoins(
      const std::vector<std::optional<AbstractState>> &In,
      const std::vector<std::pair<llvm::SmallVector<uint32_t, 2>,
                                  llvm::SmallVector<uint32_t, 2>>> &Out);
  void transferBlock(const ir::Block &B, AbstractState &S,
                     std::optional<CondEffect> &Cond);
  /// A call of a function with no body and no model: the C library's
  /// effects on memory (CLibraryEffects.cpp), or an assumption.
  void applyUnseenCall(const ir::Instr &I, const AbstractState &S);
  /// Of such a call (or one through a pointer racecar could not resolve):
  /// a write assumed of each object of ours passed to it by a pointer or
  /// reference to non-const (CallInfo::WritableArgs), low if it races.
  void recordAssumedWrites(const ir::Instr &I, const AbstractState &S);
  void transferCall(const ir::Instr &I, AbstractState &S, bool IsCond,
                    std::optional<CondEffect> &Cond);
  bool applyModel(const ir::Instr &I, const CallModel &M, AbstractState &S,
                  bool IsCond, std::optional<CondEffect> &Cond);
  void applySummary(const ir::Instr &I, const FunctionSummary &Callee,
                    AbstractState &S);
  /// The lock nestings at a callee's access \p A seen from here: the
  /// callee's own, and ours whose locks the callee neither released
  /// (\p CallerLocks: ours that still hold at its accesses) nor took again.
  /// What the callee's lock effect tells of nestings after the call: the
  /// locks it took on every path are taken inside our holds it kept, and
  /// its nestings at exit hold here too.
  void applyCalleeNestings(const ir::CallInfo &C, const LockEffect &E,
                           const std::vector<HeldLock> &CallerLocks,
                           const std::vector<HeldLock> &CalleeReleases,
                           AbstractState &S);
  /// The locks at a callee's access \p A seen from here: ours at the call
  /// and its own in our terms, less those it let go before the access
  /// (ReleasedBefore), and the nestings among them.
  struct CalleeAccessLocks {
    LockList Locks, ReleasedBefore;
    NestingList Nestings;
  };
  CalleeAccessLocks
  locksAtCalleeAccess(const AccessSnapshot &A, const ir::CallInfo &C,
                      const std::vector<HeldLock> &CallerLocks,
                      const std::vector<HeldLock> &CalleeReleases,
                      const AbstractState &S) const;
  llvm::SmallVector<LockNesting, 0>
  nestingsAtCalleeAccess(const AccessSnapshot &A, const ir::CallInfo &C,
                         const std::vector<HeldLock> &CallerLocks,
                         const std::vector<HeldLock> &CalleeReleases,
                         const AbstractState &S) const;
  void applyDeclaredEffects(const ir::Instr &I, AbstractState &S,
                            bool IsCond, std::optional<CondEffect> &Cond);
  /// A SCOPED_CAPABILITY guard (`MutexLock l(&mu_)`, its destructor,
  /// `l.Release()`): the guard local holds the constructor's locks, and a
  /// RELEASE()/ACQUIRE() with no argument on it releases/re-acquires them.
  /// Returns false if \p I is not such a call.
  bool applyScopedGuard(const ir::Instr &I, AbstractState &S);

  /// Resolves a path to memory others may see, or nullopt if it is owned by
  /// this function (its stack, its allocations) or cannot be resolved.
  std::optional<AccessPath> resolveShared(const AccessPath &P,
                                          const AbstractState &S) const;
  /// Resolves what an operand designates in terms of formals/globals.
  Operand resolveOperand(const Operand &O, const AbstractState &S) const;
  /// The identity of a lock designated by \p O (locals' own mutexes keep a
  /// local-rooted path: they protect, but never leave this function).
  HeldLock lockOf(const Operand &O, bool Shared, const AbstractState &S) const;
  /// Maps a callee path over its formals into this function, or nullopt.
  std::optional<AccessPath> substitute(const AccessPath &P,
                                       const std::vector<Operand> &Actuals,
                                       const AbstractState &S) const;
  HeldLock substituteLock(const HeldLock &L,
                          const std::vector<Operand> &Actuals,
                          const AbstractState &S) const;

  /// A callable handed to us is run here (FunctionSummary::CallableRuns).
  void noteCallableRun(CallableRun R);
  void noteDirectRun(const ir::CallInfo &C, const AbstractState &S);
  /// If the call at \p Idx creates a lambda that the next call (perhaps
  /// through a `std::function` made of it) runs under locks of its own
  /// (its CallableRuns), those locks in our terms.
  std::optional<std::vector<HeldLock>>
  runnerLocksFor(const ir::Block &B, size_t Idx, const AbstractState &S) const;
  /// A constructor's store into a member of `this` (MemberPointers).
  void noteMemberStore(const ir::Instr &I, const AbstractState &S);
  /// A pointer stored into a location rooted at a global (a Write with a
  /// value): the object it points to is linked there (Publication.cpp).
  void noteLinkingStore(const ir::Instr &I, AbstractState &S);
  /// The callee's FunctionSummary::Publications, over our actuals.
  void applyCalleePublications(const ir::CallInfo &C,
                               const FunctionSummary &Callee,
                               AbstractState &S);
  /// \p Value (resolved) is linked where \p Name says: our own allocation
  /// is named so from now on; a caller's object is a publication of ours.
  void link(const Operand &Value, const AccessPath &Name, AbstractState &S);
  /// `pthread_setspecific(key, v)` links v under the key's name;
  /// `l = pthread_getspecific(key)` binds l to it.
  void applyThreadSpecific(const ir::Instr &I, const CallModel &M,
                           AbstractState &S);
  /// \p P through the pointer members of our own guard objects
  /// (AbstractState::GuardFields): `Local(l) .mu_ Deref .mu_` is
  /// `this->cache_mu_ .mu_` after `MutexLock l(&cache_mu_)`.
  AccessPath throughGuardFields(AccessPath P, const AbstractState &S) const;
  /// A constructor call on a local object: what its pointer members hold
  /// (the callee's FunctionSummary::MemberPointers) in our terms.
  void bindGuardFields(const ir::CallInfo &C, const FunctionSummary &Callee,
                       AbstractState &S) const;

  /// The part of the function \p At is in, for AccessSet: 1 below its last
  /// release store or reference drop (ir::SyncPatterns::PublishLine), which
  /// orders what is above it only (ThreadRaces' publications); else 0.
  uint8_t segmentOf(const ir::Loc &At) const {
    const uint32_t P = F.Patterns->PublishLine;
    return P && At.File == F.Location.File && At.Line > P ? 1 : 0;
  }
  /// \p Flags: bit 0, atomic; ir::WalksEveryElement.
  void record(AccessKind K, const AccessPath &Path, ir::Loc Loc,
              const std::string &ContainerMethod, const AbstractState &S,
              unsigned Flags = 0);
  /// The function operates on lock \p L (acquires, releases, tries,
  /// asserts or requires it): evidence for its class (ConcurrencyEvidence.h).
  void noteLock(const HeldLock &L) {
    UsesLocks = true;
    LockOwners |= classifyLock(L, HasThis);
  }
  void acquire(AbstractState &S, const HeldLock &L) {
    S.Held.acquire(L);
    S.forgetEntryReleased(L);
    noteLock(L);
    if (!L.Unknown) {
      insertLock(S.MayHeld, L.Lock);
      eraseLock(S.MayHeldEnded, L.Lock);
      if (AcquiringUnderModeTest)
        insertLock(S.ModeHeld, L.Lock);
      if (std::find(LockedHere.begin(), LockedHere.end(), L.Lock) ==
          LockedHere.end())
        LockedHere.push_back(L.Lock);
    }
  }
  /// \p Lock is no longer held on any path (AbstractState::MayHeld).
  static void dropMayHeld(AbstractState &S, const AccessPath &Lock) {
    eraseLock(S.MayHeld, Lock);
    eraseLock(S.ModeHeld, Lock);
  }
  /// A write of \p Written (a shared pointer) under a lock: a local that
  /// took the object it pointed to under that hold (`j = q_head; if (j)
  /// q_head = j->next;`) now holds an object no other thread reaches
  /// through it: a queue's node handed to the one consumer that popped it.
  void noteUnlink(const ir::Instr &I, AbstractState &S);
  /// A store of such a node into shared memory makes it shared again.
  void noteRelink(const ir::Instr &I, AbstractState &S);
  /// Locals noteUnlink made their thread's own, and the shared name they
  /// had (flow-insensitive: a relink anywhere restores it).
  std::map<uint32_t, AccessPath> Unlinked;
  /// The call being transferred is under a mode test
  /// (ir::CallInfo::UnderModeTest): a lock it takes goes to ModeHeld.
  bool AcquiringUnderModeTest = false;
  /// `mu_.AssertHeld()`: held from here on, but acquired by the caller --
  /// unless this function already holds it (then callers need not).
  void assume(AbstractState &S, const HeldLock &L) {
    noteLock(L);
    S.forgetEntryReleased(L); // held again, as the assertion says
    if (S.Held.holds(L))
      return;
    S.Held.acquire(L, /*ByUs=*/false); // taken by a caller, whenever
    if (std::find(AssumedLocks.begin(), AssumedLocks.end(), L) ==
        AssumedLocks.end())
      AssumedLocks.push_back(L);
  }
  void release(AbstractState &S, const HeldLock &L) {
    if (L.Unknown && !S.Held.empty())
      noteAssumption(AssumptionKind::UnknownLock, CurLoc);
    S.LoadedUnderLock.clear(); // another thread may take it now
    // A lock our caller may hold (one we did not take, one it holds on
    // entry, or one we cannot name) ends its hold here.
    std::vector<HeldLock> HeldBefore;
    if (L.Unknown && !S.MayHeld.empty())
      HeldBefore = S.Held.locks();
    bool WasHeld = S.Held.release(L);
    // What an unlock we cannot name let go is no longer ours on any path.
    for (const HeldLock &B : HeldBefore)
      if (!B.Unknown && !S.Held.holdsNamed(B.Lock))
        dropMayHeld(S, B.Lock);
    // Not held on every path, but taken here on some: the paths are
    // correlated (`if (needs) Lock(); ..; if (needs) Unlock();`), and the
    // unlock ends our own hold, not one our caller has.
    // (Unless the function lets go of its caller's hold of it elsewhere,
    // first: `while (..) { Unlock(); ..; Lock(); }` may hold it again at
    // the loop's head, which is the caller's hold it releases.)
    const bool MayBeOurs =
        !L.Unknown && std::binary_search(S.MayHeld.begin(), S.MayHeld.end(),
                                         L.Lock);
    const bool ReleasesCallers =
        !L.Unknown && llvm::is_contained(CallersReleased, L.Lock);
    const bool OwnConditional = !WasHeld && MayBeOurs && !ReleasesCallers;
    if (!WasHeld && !MayBeOurs && !L.Unknown && !ReleasesCallers)
      CallersReleased.push_back(L.Lock);
    if (MayBeOurs && !S.Held.holdsNamed(L.Lock))
      dropMayHeld(S, L.Lock);
    if (OwnConditional)
      insertLock(S.MayHeldEnded, L.Lock);
    if (!OwnConditional &&
        (!WasHeld || L.Unknown || llvm::is_contained(EntryLocks, L) ||
         llvm::is_contained(AssumedLocks, L))) {
      noteMayRelease(L);
      // A lock we cannot name takes the caller's locks away only where it
      // is let go on every path (LockEffect::Released, applySummary).
      if (!L.Unknown) {
        HeldLock Any = L;
        Any.Shared = false; // an unlock ends a hold in any mode
        S.noteEntryReleased(Any);
      }
    }
    if (!WasHeld) {
      if (!OwnConditional)
        S.Released.acquire(L);
      // Unlocked where it is not held, though this function locks it: it
      // was locked on some paths only (correlated branches).
      if (!L.Unknown && !ConditionalLock.Line &&
          std::find(LockedHere.begin(), LockedHere.end(), L.Lock) !=
              LockedHere.end())
        ConditionalLock = CurLoc;
    }
    noteLock(L);
  }

  /// LockEffect::MayRelease gains \p L (an Unknown one: any lock).
  void noteMayRelease(const HeldLock &L) {
    if (!llvm::any_of(MayRelease, [&](const HeldLock &M) {
          return M.Unknown == L.Unknown && M.Lock == L.Lock;
        }))
      MayRelease.push_back(L);
  }

  /// An unsound shortcut taken at \p At (Assumptions.h); recorded in the
  /// last, recording pass only.
  void noteAssumption(AssumptionKind K, ir::Loc At) {
    if (Recording)
      addAssumption(Assumed, Assumption{K, At});
  }
  /// \p P goes through a local pointer whose target is not known (not a
  /// fresh object of ours, not memory a caller can name).
  bool throughUnknownPointer(const AccessPath &P, const AbstractState &S) const;

  // Threads (O2 origins). Only when TrackThreads.
  /// A path naming memory this function can see, keeping its own objects
  /// (locals, allocations bound to locals) as Local-rooted names; nullopt if
  /// it cannot be named.
  std::optional<AccessPath> namedPath(const AccessPath &P,
                                      const AbstractState &S) const;
  /// namedPath of what \p O designates, as an Object operand, else Unknown.
  Operand namedOperand(const Operand &O, const AbstractState &S) const;
  /// Maps a callee's path into this function keeping named local objects:
  /// formals through the actuals, the callee's own locals (kept in its
  /// summary because a thread received them) to fresh local ids of ours.
  std::optional<AccessPath> substituteNamed(const AccessPath &P,
                                            const ir::Instr &Call,
                                            const AbstractState &S);
  Operand substituteNamedOperand(const Operand &O, const ir::Instr &Call,
                                 const AbstractState &S);
  uint32_t syntheticLocal(const ir::Instr &Call, uint32_t CalleeLocal);
  /// The id of the spawn made by \p Call (Callee spawn \p CalleeId, or 0
  /// for the call itself), registering it on first sight.
  ThreadSpawn *spawnFor(const ir::Instr &Call, uint32_t CalleeId);
  /// A zero stored into \p Path here: a flag cleared under each lock held
  /// (FunctionSummary::FlagClears).
  void noteFlagClear(const AccessPath &Path, const AbstractState &S);
  /// The callee's FlagClears, in our terms, and under our locks too.
  void applyCalleeFlagClears(const ir::Instr &I, const FunctionSummary &Callee,
                             const AbstractState &S);
  void addFlagClear(MemberPointer C);
  /// Adds the locks held exclusively here to a serial job's
  /// (ThreadSpawn::Serial), after its flag.
  void addSerialLocks(ThreadSpawn &T, const AbstractState &S) const;
  uint32_t mapSpawnId(const ir::Instr &Call, uint32_t CalleeId);
  void startThread(const ir::Instr &I, const CallModel &M, AbstractState &S);
  void joinThread(const ir::Instr &I, const CallModel &M, AbstractState &S);
  /// `worker_ = std::thread(f)`: the thread the temporary holds (started
  /// on this line, its handle not named), or the one of a named handle
  /// moved from, is the destination's from here on (joins through it
  /// match it).
  void moveThread(const ir::Instr &I, const CallModel &M,
                  const AbstractState &S);
  /// Joins the threads whose handle matches \p Handle (Unknown: those whose
  /// handle is not known either).
  /// \p Range: the join's counted loop (ir::CallInfo::LoopRange), if any.
  /// \p Direct: the join call itself, not a callee's summary of joins.
  void applyJoin(const Operand &Handle, AbstractState &S, ir::Loc At,
                 ir::Symbol Range, bool Direct, bool OnlyUnnamed = false);
  void applyCalleeThreads(const ir::Instr &I, const FunctionSummary &Callee,
                          AbstractState &S);
  /// \p CS, a thread the callee starts running a callable wrapper it was
  /// handed as a formal (`void Start(std::function<void()> fn) {
  /// threads_.emplace_back(std::move(fn)); }`): our call's callable for
  /// that formal (a lambda, a function, or a wrapper of our own formal) is
  /// what \p T runs. False if the call hands none we can name.
  bool bindWrappedEntry(const ir::Instr &I, const ThreadSpawn &CS,
                        ThreadSpawn &T, const AbstractState &S);
  /// What \p Callee's joins of its caller's threads (FunctionSummary::Joins)
  /// designate here, for its accesses' AccessSnapshot::JoinedOuter marks.
  CalleeJoins calleeJoins(const ir::Instr &I, const FunctionSummary &Callee,
                          const AbstractState &S);
  /// The bit of outer handle \p Handle in JoinedOuter marks (appending it to
  /// Joins), 0 past the first 8.
  uint8_t outerJoinBit(const Operand &Handle);
  bool inLoop() const { return loopOf(CurBlock) >= 0; }
  /// Block \p BI ends the process by crashing (CallSite::CrashPath).
  bool onCrashPath(uint32_t BI) const;
  int32_t loopOf(uint32_t B) const { return B < LoopOf.size() ? LoopOf[B] : -1; }
  /// A thread started here may be started again while it runs: the block
  /// is in a loop, and (in a forked child, \p S) that loop does not also
  /// repeat the fork, which would start each instance in a new process.
  /// A thread whose start reports success by a zero result
  /// (ZeroResultStarts) repeats only if a path from its earlier start comes
  /// back here with it started: `if (pthread_create(..) == 0) break;` leaves
  /// the loop once it started, and the branch where it failed does not
  /// count it (AbstractState::unstart).
  bool startsRepeatedly(const AbstractState &S, uint32_t Id) const {
    return inLoop() &&
           (S.ForkBlock < 0 || loopOf(CurBlock) != loopOf(S.ForkBlock)) &&
           (!ZeroResultStarts.count(Id) ||
            std::binary_search(S.Started.begin(), S.Started.end(), Id));
  }
  /// The threads started since \p Before (S.Started before a call) that the
  /// call started only if its result is zero.
  llvm::SmallVector<uint32_t, 2>
  startedOnZero(llvm::ArrayRef<uint32_t> Before, const AbstractState &S) const;
  /// A return: the threads running on its path whose start this return does
  /// not report with a zero result (FunctionSummary spawns' OnlyOnZeroResult).
  void noteReturnedThreads(const ir::Instr &Return, const AbstractState &S);
  /// A program-wide pseudo-lock by name (CallModel::LockWithoutArg).
  static HeldLock namedLock(const char *Name) {
    HeldLock L;
    L.Lock = AccessPath::global(ir::Symbol(Name), ir::Symbol(Name));
    return L;
  }
  /// The one pseudo-lock of all SV-COMP atomic sections.
  static HeldLock atomicLock() { return namedLock(AtomicLockName); }
  /// `Local(Id) Deref`: the object local pointer Id points to.
  AccessPath localObject(uint32_t Id) const {
    return AccessPath::local(Id, Id < F.Locals.size()
                                     ? ir::Symbol(F.Locals[Id])
                                     : ir::Symbol())
        .deref();
  }

  /// The object `this` points to is ours at \p S: a constructor's or
  /// destructor's, not handed to a thread it started (RacerD's ownership
  /// of the object under construction, which ends where it escapes).
  bool ownsThis(const AbstractState &S) const {
    return ThisOwned && !S.ThisStarted;
  }

  const ir::Function &F;
  const SummaryLookup &Callees;
  bool ThisOwned;
  bool HasThis; ///< Formals[0] is `this`
  bool UsesLocks = false;
  /// LockOwner bits of the locks noted (noteLock).
  uint8_t LockOwners = 0;
  /// Per callee: the kinds of receivers it is called on (ReceiverKind bits)
  /// and, for owned receivers that are named locals, which locals (one a
  /// thread receives is shared after all).
  struct ReceiverUse {
    uint8_t Kinds = 0;
    bool AllLocked = true; ///< every call held a lock
    /// Every call held its receiver object as a lock (CallContext flag).
    bool AllHoldReceiver = true;
    /// Every call held a named lock outside its receiver (CallContext flag).
    bool AllLockedOutside = true;
    /// Every call made a closure (CallContext::MakesClosure).
    bool AllMakeClosure = true;
    /// The formal whose object the FormalReceiver calls are on, or -1.
    int8_t Formal = -1;
    llvm::SmallVector<uint32_t, 2> Locals;
    /// Bit i: at every call, actual i is an object of ours not shared yet
    /// (CallContext::FreshArgs); which named locals those are, by actual.
    uint32_t FreshArgs = ~0u;
    llvm::SmallVector<std::pair<uint8_t, uint32_t>, 2> FreshArgLocals;
  };
  std::map<ir::Symbol, ReceiverUse> Receivers;
  /// FormalReceiver: the object of one of our formals (not `this`) that
  /// this function has not handed anywhere yet (CallContext::OnFormal).
  enum ReceiverKind : uint8_t { OwnedReceiver = 1, ThisReceiver = 2,
                                SharedReceiver = 4, FormalReceiver = 8 };
  /// The formal whose object (or an object embedded in it) \p R is, if
  /// this function has not stored or passed on that formal's pointer on
  /// the path \p S stands for; else -1. Not `this`.
  int32_t unpublishedFormalOf(const Operand &R, const AbstractState &S) const;
  /// \p V, stored or passed to a call, makes a formal's object reachable
  /// from elsewhere (AbstractState::PublishedFormals).
  void notePublishedFormal(const Operand &V, AbstractState &S) const;
  /// Records how \p C is called (FunctionSummary::CallContexts).
  void noteCallContext(const ir::CallInfo &C, const AbstractState &S);
  /// A thread started before this point (on the path \p S stands for) was
  /// handed our object \p Local.
  bool handedToStartedThread(uint32_t Local, const AbstractState &S) const;
  AccessSet Accesses;
  /// What a call added to its callee's accesses (applySummary), per callee
  /// summary: the locks held, the locks let go on entry, the queue-front
  /// turns, the threads running, the joins and the fork. A later call of
  /// the same callee that adds the same gives each of the callee's
  /// accesses that nothing else of the call changes (isContextFree) the
  /// key, place and depth it gave before, which Accesses would drop.
  struct AppliedContext {
    std::vector<HeldLock> Locks, EntryReleased;
    llvm::SmallVector<ir::AccessPath, 0> QueueFronts;
    llvm::SmallVector<uint32_t, 0> Live;
    uint8_t JoinedOuter = 0;
    bool InFork = false;
    friend bool operator==(const AppliedContext &A,
                           const AppliedContext &B) {
      return A.Locks == B.Locks && A.EntryReleased == B.EntryReleased &&
             A.QueueFronts == B.QueueFronts && A.Live == B.Live &&
             A.JoinedOuter == B.JoinedOuter && A.InFork == B.InFork;
    }
  };
  llvm::DenseMap<const FunctionSummary *, std::vector<AppliedContext>>
      AppliedContexts;
  /// Records \p Ctx for \p Callee; false if it was recorded before.
  bool noteAppliedContext(const FunctionSummary &Callee, AppliedContext Ctx);
  std::optional<Operand> Return;
  /// Guards constructed as temporaries in the current block, innermost last.
  std::vector<GuardState> TempGuards;

  bool TrackThreads;
  /// Accesses are recorded (off during the fixpoint of a function that
  /// tracks threads; see run()).
  bool Recording = true;
  /// Accesses to this function's own objects (see namedPath); kept in the
  /// summary only for objects a thread receives.
  AccessSet LocalAccesses;
  std::vector<ThreadSpawn> Spawns;
  std::map<std::pair<const ir::Instr *, uint32_t>, uint32_t> SpawnIds;
  std::map<std::pair<const ir::Instr *, uint32_t>, uint32_t> SyntheticLocals;
  uint32_t NextSyntheticLocal;
  std::vector<Operand> Joins;
  std::vector<int32_t> LoopOf;
  /// Spawns whose starting call returns zero exactly when it started them
  /// (`pthread_create`, a callee's ThreadSpawn::OnlyOnZeroResult).
  std::set<uint32_t> ZeroResultStarts;
  /// Spawns possibly started on the path of a return whose value may be
  /// non-zero (or that does not say which); ReturnsValue: the body has a
  /// Return at all.
  std::set<uint32_t> StartedAtNonZeroReturn;
  bool ReturnsValue = false;
  /// Locals bound to a new object inside a loop: each iteration has its
  /// own (a thread started in the same loop gets its own, FreshArgs).
  std::set<uint32_t> FreshInLoop;
  /// Locals bound somewhere to the pointer or reference an unseen function
  /// returns (`auto &bm = BufferManager::Get(db);`): owned for its
  /// accesses (RacerD), but a call on it is not one on an object not shared
  /// yet (CallContext::Unshared): the object may be anyone's.
  std::set<uint32_t> OpaqueResults;
  uint32_t CurBlock = 0;
  /// The instruction being transferred (for assumptions' places).
  ir::Loc CurLoc;
  /// The unsound shortcuts taken (FunctionSummary::Assumptions).
  std::vector<Assumption> Assumed;
  /// The nearest callee's FunctionSummary::HandRolledSync, and how many
  /// calls deep its loop is.
  ir::Loc HandRolledSync;
  uint8_t HandRolledDepth = 0;
  /// FunctionSummary::ConditionalLock, and the locks acquired here.
  ir::Loc ConditionalLock;
  std::vector<AccessPath> LockedHere;
  /// Named locks this function lets go of where it has not taken them on
  /// any path (its caller's hold), in the order the fixpoint met them.
  std::vector<AccessPath> CallersReleased;
  /// A merge where a join happened on one path only (not a loop's back
  /// edge): the thread is taken as joined (an assumption).
  ir::Loc PartialJoin;
  /// Locks the caller holds on entry (REQUIRES attributes).
  std::vector<HeldLock> EntryLocks;
  /// Locks asserted held (ASSERT_EXCLUSIVE_LOCK), here or in callees.
  std::vector<HeldLock> AssumedLocks;
  /// LockEffect::MayRelease of this function so far.
  std::vector<HeldLock> MayRelease;
  /// The once_flags a `std::call_once` here has run (held shared after it,
  /// within this function only: no lock of the function's).
  std::vector<HeldLock> OnceHolds;
  /// The call whose summary is being applied (for callee-local names).
  const ir::Instr *CurCall = nullptr;
  /// A constructor: what each pointer member of `this` holds at its exit,
  /// over all its stores (Unknown: stored with two values, or one we
  /// cannot name): FunctionSummary::MemberPointers.
  std::map<ir::PathStep, Operand> MemberPointers;
  /// The locks of the guards this function returns (LockEffect::Returned).
  std::vector<HeldLock> ReturnedGuardLocks;
  /// FunctionSummary::CallableRuns so far.
  std::vector<CallableRun> CallableRuns;
  /// FunctionSummary::Publications so far (unsorted, unique).
  std::vector<MemberPointer> Publications;
  /// FunctionSummary::FlagClears so far (unsorted, unique).
  std::vector<MemberPointer> FlagClears;
};


} // namespace racer::detail

#endif
