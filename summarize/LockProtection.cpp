//===- LockProtection.cpp - When locks order two accesses -----------------===//
#include "summarize/LockProtection.h"

#include <algorithm>

namespace racer {

namespace {
/// A queue-front turn or a conditional hold protects nothing.
bool protects(const HeldLock &L, AccessKind K) {
  return !L.protectsNothing() && (!L.Shared || !isWrite(K));
}
bool holdsUnknownProtecting(const AccessSnapshot &A) {
  return std::any_of(A.Locks.begin(), A.Locks.end(), [&](const HeldLock &L) {
    return L.Unknown && protects(L, A.Kind);
  });
}
/// Named directly, so a different path is a different mutex.
bool identifiable(const HeldLock &L, LockScope Scope) {
  if (L.protectsNothing())
    return false; // no mutex: excludes nothing
  const ir::AccessPath &P = L.Lock;
  if (P.Root == ir::RootKind::Formal && Scope == LockScope::Class &&
      P.Index != 0)
    return false;
  for (size_t I = 0; I < P.Steps.size(); ++I) {
    ir::StepKind K = P.Steps[I].kind();
    // `m[i]` may be any element; `m[3]` is that one (a lock argument's
    // constant index, frontend/PathBuilder).
    if ((K == ir::StepKind::Index && P.Steps[I].name().empty()) ||
        ir::standsForLoads(K))
      return false;
    if (K == ir::StepKind::Deref &&
        (I != 0 || P.Root == ir::RootKind::Global))
      return false;
  }
  return true;
}
bool allIdentifiable(const AccessSnapshot &A, LockScope Scope) {
  return std::all_of(A.Locks.begin(), A.Locks.end(), [&](const HeldLock &L) {
    return !protects(L, A.Kind) || identifiable(L, Scope);
  });
}
/// The object a path starts from is one object to every thread: a global,
/// or `this` among one class's methods (`*this` the only pointer followed).
bool fromOneObject(const ir::AccessPath &P, LockScope Scope) {
  if (P.Root == ir::RootKind::Global)
    return true;
  return P.Root == ir::RootKind::Formal && P.Index == 0 &&
         Scope == LockScope::Class;
}
bool followsNoPointer(const ir::AccessPath &P, size_t I) {
  ir::StepKind K = P.Steps[I].kind();
  return !ir::standsForLoads(K) && (K != ir::StepKind::Deref ||
                                    (I == 0 && P.Root != ir::RootKind::Global));
}
/// One mutex of an array of them, whichever element an index chose
/// (`pthread_mutex_lock(&stripe[h % N])`, `shards_[i].mu`): lock striping.
bool stripe(const HeldLock &L, LockScope Scope) {
  const ir::AccessPath &P = L.Lock;
  if (L.Unknown || L.protectsNothing() || !fromOneObject(P, Scope))
    return false;
  bool Indexed = false;
  for (size_t I = 0; I < P.Steps.size(); ++I) {
    if (!followsNoPointer(P, I))
      return false;
    Indexed |=
        P.Steps[I].kind() == ir::StepKind::Index && P.Steps[I].name().empty();
  }
  return Indexed;
}
/// Memory that is one location to every thread: a global's own fields, or
/// (in a class) `this`'s, no element, no pointer followed (`g_nitems`,
/// `this->size_`). A stripe the accessing thread picked guards it only if
/// every thread picks the same one, and then the array would not be needed.
bool oneLocation(const ir::AccessPath &P, LockScope Scope) {
  if (!fromOneObject(P, Scope))
    return false;
  for (size_t I = 0; I < P.Steps.size(); ++I)
    if (!followsNoPointer(P, I) || P.Steps[I].kind() == ir::StepKind::Index)
      return false;
  return true;
}
/// X and Y protect one location with stripes of lock arrays and named
/// mutexes only, and share no named one (judgePair tested that): two
/// threads may hold different stripes.
bool onlyStripesInCommon(const AccessSnapshot &X, const AccessSnapshot &Y,
                         LockScope Scope) {
  if (!oneLocation(*X.Path, Scope) || !oneLocation(*Y.Path, Scope))
    return false;
  bool Striped = false;
  for (const AccessSnapshot *A : {&X, &Y})
    for (const HeldLock &L : A->Locks) {
      if (!protects(L, A->Kind))
        continue;
      if (stripe(L, Scope))
        Striped = true;
      else if (L.Unknown || !identifiable(L, Scope))
        return false;
    }
  return Striped;
}
} // namespace

bool shareProtectingLock(const AccessSnapshot &X, const AccessSnapshot &Y) {
  for (const HeldLock &LX : X.Locks) {
    if (LX.Unknown || !protects(LX, X.Kind))
      continue;
    for (const HeldLock &LY : Y.Locks)
      if (!LY.Unknown && protects(LY, Y.Kind) && LX.Lock == LY.Lock)
        return true;
  }
  return false;
}

bool shareIdentifiableLock(const AccessSnapshot &X, const AccessSnapshot &Y,
                           LockScope Scope) {
  for (const HeldLock &LX : X.Locks) {
    if (LX.Unknown || !identifiable(LX, Scope))
      continue;
    for (const HeldLock &LY : Y.Locks)
      if (!LY.Unknown && LX.Lock == LY.Lock &&
          ((protects(LX, X.Kind) && protects(LY, Y.Kind)) || !LX.Shared ||
           !LY.Shared))
        return true;
  }
  return false;
}

/// X and Y hold one (nameable) lock, at least one of them exclusively: a
/// writer's lock excludes readers, so even a write under a read lock is
/// ordered with an access under the write lock.
static bool excludeEachOther(const AccessSnapshot &X, const AccessSnapshot &Y,
                             LockScope Scope) {
  for (const HeldLock &LX : X.Locks) {
    if (LX.Unknown || !identifiable(LX, Scope))
      continue;
    for (const HeldLock &LY : Y.Locks)
      if (!LY.Unknown && LX.Lock == LY.Lock && (!LX.Shared || !LY.Shared))
        return true;
  }
  return false;
}

/// X holds D and took A inside its current D-section; Y holds A, taken while
/// it held D. D's sections are ordered: if Y's comes first, X's thread
/// takes A after it and waits for Y's hold of A to end; if X's comes first,
/// X is over before Y's thread takes D, then A, then reaches Y.
static bool orderedByNesting(const AccessSnapshot &X, const AccessSnapshot &Y,
                             LockScope Scope) {
  for (const LockNesting &NX : X.nestings()) {
    if (!NX.OuterHeld)
      continue;
    for (const LockNesting &NY : Y.nestings()) {
      if (!NY.InnerHeld || !(NX.Outer == NY.Outer) || !(NX.Inner == NY.Inner))
        continue;
      HeldLock Outer, Inner;
      Outer.Lock = NX.Outer;
      Inner.Lock = NX.Inner;
      if (identifiable(Outer, Scope) && identifiable(Inner, Scope))
        return true;
    }
  }
  return false;
}

bool orderedByIdentifiableLocks(const AccessSnapshot &X,
                                const AccessSnapshot &Y, LockScope Scope) {
  return shareIdentifiableLock(X, Y, Scope) || orderedByNesting(X, Y, Scope) ||
         orderedByNesting(Y, X, Scope);
}

PairVerdict judgePair(const AccessSnapshot &X, const AccessSnapshot &Y,
                      LockScope Scope) {
  if (excludeEachOther(X, Y, Scope) || orderedByNesting(X, Y, Scope) ||
      orderedByNesting(Y, X, Scope))
    return PairVerdict::Safe;
  if (!X.isProtected())
    return PairVerdict::Unprotected;
  if (!Y.isProtected())
    return PairVerdict::ReportedAtOther;
  if (onlyStripesInCommon(X, Y, Scope))
    return PairVerdict::DifferentLocks;
  if (holdsUnknownProtecting(X) || holdsUnknownProtecting(Y) ||
      shareProtectingLock(X, Y) || !allIdentifiable(X, Scope) ||
      !allIdentifiable(Y, Scope))
    return PairVerdict::Safe;
  return PairVerdict::DifferentLocks;
}

uint32_t LockVerdicts::classOf(const AccessSnapshot &A) {
  auto [It, New] = Classes.try_emplace(
      {A.Locks.identity(), A.nestings().identity(),
       unsigned(isWrite(A.Kind)) | unsigned(oneLocation(*A.Path, Scope)) << 1},
      static_cast<uint32_t>(Members.size()));
  if (New)
    Members.push_back(&A);
  return It->second;
}

LockVerdicts::Verdict LockVerdicts::judge(uint32_t CX, uint32_t CY) {
  auto [It, New] = Known.try_emplace(uint64_t(CX) << 32 | CY);
  if (New) {
    const AccessSnapshot &X = *Members[CX], &Y = *Members[CY];
    It->second = {judgePair(X, Y, Scope),
                  orderedByIdentifiableLocks(X, Y, Scope)};
  }
  return It->second;
}

void GuardingLock::add(const AccessSnapshot &A, uint32_t Holder,
                       LockScope Scope) {
  if (A.Atomic)
    return; // needs no lock: says nothing of which one guards the memory
  std::vector<ir::AccessPath> Set;
  for (const HeldLock &L : A.Locks)
    if (!L.Unknown && protects(L, A.Kind) && identifiable(L, Scope)) {
      Holders[L.Lock].insert(Holder);
      if (isWrite(A.Kind))
        Set.push_back(L.Lock);
    }
  llvm::sort(Set);
  Set.erase(std::unique(Set.begin(), Set.end()), Set.end());
  if (Set.size() >= 2)
    WriteSets[std::move(Set)].insert(Holder);
  Computed = false;
}

namespace {
/// The key that strictly the most holders hold; none on a tie.
template <typename Key>
std::optional<Key> mostHeld(const std::map<Key, std::set<uint32_t>> &M) {
  std::optional<Key> Out;
  size_t Most = 0;
  bool Tie = false;
  for (const auto &[K, Who] : M) {
    if (Who.size() > Most) {
      Most = Who.size();
      Out = K;
      Tie = false;
    } else if (Who.size() == Most) {
      Tie = true;
    }
  }
  return Tie ? std::nullopt : Out;
}
} // namespace

void GuardingLock::compute() const {
  // The writers' lock set (two locks or more) and the guarding lock.
  // A protocol is what several writers follow: one writer taking two
  // locks (an outer lock held for other reasons) sets none.
  WritersSet.clear();
  if (auto W = mostHeld(WriteSets); W && WriteSets.at(*W).size() >= 2)
    WritersSet = *W;
  Guard = mostHeld(Holders);
}

bool GuardingLock::heldBy(const AccessSnapshot &A) const {
  if (!Computed) {
    compute();
    Computed = true;
  }
  if (!WritersSet.empty()) {
    size_t Held = 0;
    for (const ir::AccessPath &W : WritersSet)
      Held += llvm::any_of(A.Locks, [&](const HeldLock &L) {
        return !L.Unknown && protects(L, A.Kind) && L.Lock == W;
      });
    if (Held && !isWrite(A.Kind))
      return true; // a reader holding one of the writers' locks
    if (Held == WritersSet.size())
      return true;
    if (Held && isWrite(A.Kind))
      return false; // a writer holding some of them only: the bug
    // Holding none of them, it follows another protocol than the writers':
    // never counted as holding what it should, so two accesses under
    // different locks are never both taken as right.
    return false;
  }
  if (!Guard)
    return false;
  return std::any_of(A.Locks.begin(), A.Locks.end(), [&](const HeldLock &L) {
    return !L.Unknown && protects(L, A.Kind) && L.Lock == *Guard;
  });
}

} // namespace racer
