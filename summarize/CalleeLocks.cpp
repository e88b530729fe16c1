//===- CalleeLocks.cpp - The locks at a callee's access, seen from a caller -===//
//
// Applying a callee's summary puts each of its accesses in the caller's
// terms: the locks held at it are the caller's at the call and the callee's
// own (substituted), less those the callee let go before the access; the
// lock nestings at it are the callee's and the caller's that still hold.
// A callee's accesses share a few such lists (Interned.h): applySummary
// (Transfer.cpp) asks for each distinct one once per call.
//===----------------------------------------------------------------------===//
#include "summarize/FunctionAnalysis.h"
#include "summarize/QueueFront.h"

#include <algorithm>

namespace racer::detail {

using ir::AccessPath;

/// \p L is a lock the callee assumes held on entry (`REQUIRES(mu_)`): in a
/// caller, whether it is held is the caller's business.
static bool requiredByCallee(const ir::CallInfo &C, const HeldLock &L) {
  for (const ir::DeclaredLockEffect &E : C.DeclaredEffects)
    if ((E.K == ir::DeclaredLockEffect::Kind::Requires ||
         E.K == ir::DeclaredLockEffect::Kind::RequiresShared) &&
        !L.Unknown && E.Lock == L.Lock)
      return true;
  return false;
}

FunctionAnalysis::CalleeAccessLocks FunctionAnalysis::locksAtCalleeAccess(
    const AccessSnapshot &A, const ir::CallInfo &C,
    const std::vector<HeldLock> &CallerLocks,
    const std::vector<HeldLock> &CalleeReleases, const AbstractState &S) const {
  LockVector Locks;
  Locks.reserve(CallerLocks.size() + A.Locks.size());
  Locks = CallerLocks;
  // A lock of ours that the callee let go before this access (`unlock(&m);
  // x = flag; lock(&m);`, an unlock wrapper's accesses after its unlock)
  // does not protect it; its accesses before the release keep it.
  LockVector Released(S.EntryReleased.begin(), S.EntryReleased.end());
  for (const HeldLock &R : A.releasedBefore()) {
    HeldLock Ours = substituteLock(R, C.Args, S);
    if (Ours.Unknown)
      continue; // as above, only where it is let go on every path
    Ours.Shared = false;
    llvm::erase_if(Locks,
                   [&](const HeldLock &L) { return Ours.Lock == L.Lock; });
    if (!llvm::is_contained(Released, Ours))
      Released.push_back(Ours);
  }
  if (Released.size() > 1)
    llvm::sort(Released);
  for (const HeldLock &L : A.Locks) {
    // A lock the callee requires is the caller's to hold (its own locks
    // say), unless the callee let it go before the access and took it
    // again itself: `DoWork() REQUIRES(mu_) { mu_.Unlock(); Open(); ..}`
    // where Open() locks mu_ around its access.
    const bool Retaken = llvm::any_of(A.releasedBefore(), [&](const HeldLock &R) {
      return !R.Unknown && R.Lock == L.Lock;
    });
    if (Retaken || !requiredByCallee(C, L)) {
      HeldLock Ours = substituteLock(L, C.Args, S);
      if (!(Ours.protectsNothing() && Ours.Unknown)) // one we cannot name
        Locks.push_back(std::move(Ours));
    }
  }
  for (const AccessPath &Q : S.QueueFronts) // sorted with the rest below
    Locks.push_back(queueFrontTurn(Q));
  S.addConditionalHolds(Locks);
  if (Locks.size() > 1) {
    std::sort(Locks.begin(), Locks.end());
    Locks.erase(std::unique(Locks.begin(), Locks.end()), Locks.end());
  }
  CalleeAccessLocks Out;
  Out.Locks = std::move(Locks);
  Out.ReleasedBefore = std::move(Released);
  if (!A.nestings().empty() || !S.Held.nestings().empty())
    Out.Nestings = nestingsAtCalleeAccess(A, C, CallerLocks, CalleeReleases, S);
  return Out;
}

llvm::SmallVector<LockNesting, 0> FunctionAnalysis::nestingsAtCalleeAccess(
    const AccessSnapshot &A, const ir::CallInfo &C,
    const std::vector<HeldLock> &CallerLocks,
    const std::vector<HeldLock> &CalleeReleases, const AbstractState &S) const {
  llvm::SmallVector<LockNesting, 0> Out;
  // The callee's own, in our terms.
  for (const LockNesting &N : A.nestings()) {
    HeldLock Outer, Inner;
    Outer.Lock = N.Outer;
    Inner.Lock = N.Inner;
    Outer = substituteLock(Outer, C.Args, S);
    Inner = substituteLock(Inner, C.Args, S);
    if (!Outer.Unknown && !Inner.Unknown && !(Outer.Lock == Inner.Lock))
      Out.push_back({Outer.Lock, Inner.Lock, N.OuterHeld, N.InnerHeld});
  }
  // Ours, for a lock still held the same way at the callee's access: held
  // at the call (CallerLocks), never let go by the callee, nor taken again
  // there (then the hold at the access is the callee's).
  auto Kept = [&](const ir::AccessPath &P) {
    auto Same = [&](const HeldLock &L) { return !L.Unknown && L.Lock == P; };
    return llvm::any_of(CallerLocks, Same) &&
           !llvm::any_of(CalleeReleases, [&](const HeldLock &L) {
             return L.Unknown || L.Lock == P;
           }) &&
           !llvm::any_of(A.Locks, [&](const HeldLock &L) {
             return Same(substituteLock(L, C.Args, S));
           });
  };
  for (const LockNesting &N : S.Held.nestings()) {
    LockNesting M = N;
    M.OuterHeld = M.OuterHeld && Kept(N.Outer);
    M.InnerHeld = M.InnerHeld && Kept(N.Inner);
    if (M.OuterHeld || M.InnerHeld)
      Out.push_back(std::move(M));
  }
  return Out;
}

void FunctionAnalysis::applyCalleeNestings(
    const ir::CallInfo &C, const LockEffect &E,
    const std::vector<HeldLock> &CallerLocks,
    const std::vector<HeldLock> &CalleeReleases, AbstractState &S) {
  if (E.Taken.empty() && E.Nestings.empty())
    return;
  auto Ours = [&](const ir::AccessPath &P) {
    HeldLock L;
    L.Lock = P;
    return substituteLock(L, C.Args, S);
  };
  // Our holds from before the call that the callee kept (none if it let
  // go of a lock we cannot name).
  std::vector<HeldLock> Kept;
  if (llvm::none_of(CalleeReleases,
                    [](const HeldLock &L) { return L.Unknown; }))
    for (const HeldLock &H : CallerLocks)
      if (!H.Unknown && !H.Shared &&
          llvm::none_of(CalleeReleases,
                        [&](const HeldLock &R) { return R.Lock == H.Lock; }))
        Kept.push_back(H);
  for (const ir::AccessPath &T : E.Taken) {
    HeldLock A = Ours(T);
    if (A.Unknown)
      continue;
    S.Held.addTaken(A.Lock);
    for (const HeldLock &H : Kept) // taken inside each of them
      S.Held.addNesting({H.Lock, A.Lock, true, false});
  }
  for (const LockNesting &N : E.Nestings) {
    HeldLock Outer = Ours(N.Outer), Inner = Ours(N.Inner);
    if (!Outer.Unknown && !Inner.Unknown)
      S.Held.addNesting({Outer.Lock, Inner.Lock, N.OuterHeld, N.InnerHeld});
  }
}

} // namespace racer::detail
