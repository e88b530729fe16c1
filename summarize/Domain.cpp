//===- Domain.cpp - Lattice operations of the working state ---------------===//
#include "summarize/Domain.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <iterator>

namespace racer {

namespace {
/// Locks match by identity, whatever the mode they are held in.
bool sameLock(const HeldLock &A, const HeldLock &B) {
  return A.Unknown == B.Unknown && A.Lock == B.Lock;
}
} // namespace

namespace {
/// A lock the nesting rule can name: one mutex, held exclusively.
bool nestable(const HeldLock &L) { return !L.Unknown && !L.Shared; }
} // namespace

void LockSet::addTaken(const ir::AccessPath &Lock) {
  auto T = std::lower_bound(Taken.begin(), Taken.end(), Lock);
  if (T == Taken.end() || !(*T == Lock))
    Taken.insert(T, Lock);
}

void LockSet::acquire(const HeldLock &L, bool ByUs) {
  if (ByUs && nestable(L)) {
    addTaken(L.Lock);
    // Taken inside each named lock held now.
    for (const auto &E : Entries)
      if (nestable(E.first) && !(E.first.Lock == L.Lock))
        addNesting({E.first.Lock, L.Lock, true, true});
  }
  auto It = std::lower_bound(
      Entries.begin(), Entries.end(), L,
      [](const std::pair<HeldLock, unsigned> &E, const HeldLock &K) {
        return E.first < K;
      });
  if (It != Entries.end() && It->first == L) {
    It->second = std::min(It->second + 1, MaxCount);
    return;
  }
  Entries.insert(It, {L, 1});
}

bool LockSet::release(const HeldLock &L) {
  // Prefer the exact mode, then any mode of the same lock.
  auto Match = std::find_if(Entries.begin(), Entries.end(),
                            [&](const auto &E) { return E.first == L; });
  if (Match == Entries.end())
    Match = std::find_if(Entries.begin(), Entries.end(), [&](const auto &E) {
      return sameLock(E.first, L);
    });
  // `unlock(p)` of `lock(&m[3])` with p = &m[3]: the index is a constant
  // on one side only.
  if (Match == Entries.end() && !L.Unknown)
    Match = std::find_if(Entries.begin(), Entries.end(), [&](const auto &E) {
      return !E.first.Unknown && ir::mayBeSameElement(E.first.Lock, L.Lock);
    });
  if (Match == Entries.end())
    return false;
  if (--Match->second == 0) {
    // Taken inside it no longer means inside its current section, and a
    // lock taken under it is no longer the same hold.
    endNestings(Match->first.Lock);
    Entries.erase(Match);
  }
  return true;
}

void LockSet::addNesting(const LockNesting &N) {
  if (N.Outer == N.Inner || (!N.OuterHeld && !N.InnerHeld))
    return;
  for (LockNesting &M : Nestings)
    if (M.Outer == N.Outer && M.Inner == N.Inner) {
      M.OuterHeld |= N.OuterHeld;
      M.InnerHeld |= N.InnerHeld;
      return;
    }
  Nestings.push_back(N);
}

void LockSet::endNestings(const ir::AccessPath &Lock) {
  if (Nestings.empty())
    return;
  for (LockNesting &N : Nestings) {
    if (N.Outer == Lock)
      N.OuterHeld = false;
    if (N.Inner == Lock)
      N.InnerHeld = false;
  }
  llvm::erase_if(Nestings, [](const LockNesting &N) {
    return !N.OuterHeld && !N.InnerHeld;
  });
}

bool LockSet::holds(const HeldLock &L) const {
  return std::any_of(Entries.begin(), Entries.end(),
                     [&](const auto &E) { return E.first == L; });
}

bool LockSet::holdsNamed(const ir::AccessPath &Lock) const {
  return std::any_of(Entries.begin(), Entries.end(), [&](const auto &E) {
    return !E.first.Unknown && !E.first.protectsNothing() &&
           E.first.Lock == Lock;
  });
}

std::vector<HeldLock> LockSet::locks() const {
  std::vector<HeldLock> Out;
  Out.reserve(Entries.size());
  for (const auto &E : Entries)
    Out.push_back(E.first);
  return Out;
}

void LockSet::joinWith(const LockSet &O) {
  std::vector<std::pair<HeldLock, unsigned>> Out;
  for (const auto &E : Entries)
    for (const auto &F : O.Entries)
      if (E.first == F.first) {
        Out.push_back({E.first, std::min(E.second, F.second)});
        break;
      }
  Entries = std::move(Out);
  if (!Taken.empty()) {
    std::vector<ir::AccessPath> Both;
    std::set_intersection(Taken.begin(), Taken.end(), O.Taken.begin(),
                          O.Taken.end(), std::back_inserter(Both));
    Taken = std::move(Both);
  }
  if (Nestings.empty())
    return;
  std::vector<LockNesting> Both;
  for (const LockNesting &N : Nestings)
    for (const LockNesting &M : O.nestings())
      if (N.Outer == M.Outer && N.Inner == M.Inner) {
        LockNesting J = N;
        J.OuterHeld &= M.OuterHeld;
        J.InnerHeld &= M.InnerHeld;
        if (J.OuterHeld || J.InnerHeld)
          Both.push_back(std::move(J));
        break;
      }
  Nestings = std::move(Both);
}

namespace {
void unionInto(llvm::SmallVector<uint32_t, 2> &Into,
               const llvm::SmallVector<uint32_t, 2> &From) {
  if (From.empty())
    return;
  llvm::SmallVector<uint32_t, 2> Out;
  std::set_union(Into.begin(), Into.end(), From.begin(), From.end(),
                 std::back_inserter(Out));
  Into = std::move(Out);
}

/// Keeps the entries of \p Into that \p From has, equal (a must-join).
template <typename Map> void keepEqualEntries(Map &Into, const Map &From) {
  for (auto It = Into.begin(); It != Into.end();) {
    auto OIt = From.find(It->first);
    if (OIt == From.end() || !(OIt->second == It->second))
      It = Into.erase(It);
    else
      ++It;
  }
}
} // namespace

void insertId(llvm::SmallVector<uint32_t, 2> &Set, uint32_t Id) {
  auto It = std::lower_bound(Set.begin(), Set.end(), Id);
  if (It == Set.end() || *It != Id)
    Set.insert(It, Id);
}

void eraseId(llvm::SmallVector<uint32_t, 2> &Set, uint32_t Id) {
  auto It = std::lower_bound(Set.begin(), Set.end(), Id);
  if (It != Set.end() && *It == Id)
    Set.erase(It);
}

void insertLock(llvm::SmallVectorImpl<ir::AccessPath> &Set,
                const ir::AccessPath &Lock) {
  auto It = llvm::lower_bound(Set, Lock);
  if (It == Set.end() || !(*It == Lock))
    Set.insert(It, Lock);
}

void eraseLock(llvm::SmallVectorImpl<ir::AccessPath> &Set,
               const ir::AccessPath &Lock) {
  auto It = llvm::lower_bound(Set, Lock);
  if (It != Set.end() && *It == Lock)
    Set.erase(It);
}

llvm::SmallVector<uint32_t, 0> AbstractState::live() const {
  llvm::SmallVector<uint32_t, 0> Out;
  std::set_difference(Started.begin(), Started.end(), Joined.begin(),
                      Joined.end(), std::back_inserter(Out));
  return Out;
}

llvm::SmallVector<uint32_t, 0>
AbstractState::liveForObject(uint32_t Named) const {
  llvm::SmallVector<uint32_t, 0> Out = live();
  auto It = StartedSinceAlloc.find(Named);
  if (It != StartedSinceAlloc.end())
    llvm::erase_if(Out, [&](uint32_t Id) {
      return !std::binary_search(It->second.begin(), It->second.end(), Id);
    });
  return Out;
}

void AbstractState::start(uint32_t Id) {
  insertId(Started, Id);
  eraseId(Joined, Id);
  for (auto &Entry : StartedSinceAlloc)
    insertId(Entry.second, Id);
}

void AbstractState::unstart(uint32_t Id) {
  eraseId(Started, Id);
  for (auto &Entry : StartedSinceAlloc)
    eraseId(Entry.second, Id);
}

void AbstractState::noteEntryReleased(const HeldLock &L) {
  auto It = std::lower_bound(EntryReleased.begin(), EntryReleased.end(), L);
  if (It == EntryReleased.end() || !(*It == L))
    EntryReleased.insert(It, L);
}

void AbstractState::joinWith(const AbstractState &O) {
  unionInto(Started, O.Started);
  unionInto(Joined, O.Joined);
  if (ForkBlock != O.ForkBlock)
    ForkBlock = -1;
  JoinedOuter &= O.JoinedOuter;
  ThisStarted |= O.ThisStarted;
  PublishedFormals |= O.PublishedFormals;
  keepEqualEntries(PendingResults, O.PendingResults);
  for (auto It = StartedSinceAlloc.begin(); It != StartedSinceAlloc.end();) {
    auto OIt = O.StartedSinceAlloc.find(It->first);
    if (OIt == O.StartedSinceAlloc.end()) {
      It = StartedSinceAlloc.erase(It);
      continue;
    }
    unionInto(It->second, OIt->second);
    ++It;
  }
  llvm::erase_if(QueueFronts, [&](const ir::AccessPath &Q) {
    return !llvm::is_contained(O.QueueFronts, Q);
  });
  llvm::erase_if(LoadedUnderLock, [&](uint32_t L) {
    return !std::binary_search(O.LoadedUnderLock.begin(),
                               O.LoadedUnderLock.end(), L);
  });
  Held.joinWith(O.Held);
  Released.joinWith(O.Released);
  for (const ir::AccessPath &L : O.MayHeld)
    insertLock(MayHeld, L);
  for (const ir::AccessPath &L : O.MayHeldEnded)
    insertLock(MayHeldEnded, L);
  for (const ir::AccessPath &L : O.ModeHeld)
    insertLock(ModeHeld, L);
  llvm::erase_if(MayHeld, [&](const ir::AccessPath &L) {
    return std::binary_search(MayHeldEnded.begin(), MayHeldEnded.end(), L) &&
           !Held.holdsNamed(L);
  });
  llvm::erase_if(ModeHeld, [&](const ir::AccessPath &L) {
    return !std::binary_search(MayHeld.begin(), MayHeld.end(), L);
  });
  for (const HeldLock &L : O.EntryReleased)
    noteEntryReleased(L);
  keepEqualEntries(GuardFields, O.GuardFields);
  for (auto &[Local, Value] : Bindings) {
    auto It = O.Bindings.find(Local);
    if (It != O.Bindings.end() && It->second == Value)
      continue;
    // A pointer walked along a list: `for (l = head; l; l = l->next)`.
    std::optional<ir::AccessPath> Walk;
    if (It != O.Bindings.end() && Value.K == ir::Operand::Kind::Object &&
        It->second.K == ir::Operand::Kind::Object)
      Walk = ir::widenWalk(Value.Path, It->second.Path);
    Value = Walk ? ir::Operand::object(std::move(*Walk))
                 : ir::Operand::unknown();
  }
  for (const auto &[Local, Value] : O.Bindings)
    if (!Bindings.count(Local))
      Bindings[Local] = ir::Operand::unknown();
  for (auto It = Guards.begin(); It != Guards.end();) {
    auto OIt = O.Guards.find(It->first);
    if (OIt == O.Guards.end() || OIt->second.Locks != It->second.Locks) {
      It = Guards.erase(It);
      continue;
    }
    It->second.Owns = It->second.Owns && OIt->second.Owns;
    ++It;
  }
}

void AbstractState::addConditionalHolds(std::vector<HeldLock> &Locks) const {
  bool Added = false;
  for (const ir::AccessPath &L : ModeHeld)
    if (!Held.holdsNamed(L)) {
      HeldLock C;
      C.Lock = L;
      C.Conditional = true;
      Locks.push_back(std::move(C));
      Added = true;
    }
  if (Added) {
    std::sort(Locks.begin(), Locks.end());
    Locks.erase(std::unique(Locks.begin(), Locks.end()), Locks.end());
  }
}

bool operator==(const AbstractState &A, const AbstractState &B) {
  return A.Held == B.Held && A.Released == B.Released &&
         A.EntryReleased == B.EntryReleased && A.GuardFields == B.GuardFields &&
         A.Bindings == B.Bindings && A.Guards == B.Guards &&
         A.Started == B.Started && A.Joined == B.Joined &&
         A.ForkBlock == B.ForkBlock && A.JoinedOuter == B.JoinedOuter &&
         A.ThisStarted == B.ThisStarted &&
         A.PublishedFormals == B.PublishedFormals &&
         A.PendingResults == B.PendingResults &&
         A.StartedSinceAlloc == B.StartedSinceAlloc &&
         A.QueueFronts == B.QueueFronts && A.MayHeld == B.MayHeld &&
         A.MayHeldEnded == B.MayHeldEnded && A.ModeHeld == B.ModeHeld &&
         A.LoadedUnderLock == B.LoadedUnderLock;
}

} // namespace racer
