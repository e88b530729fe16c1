//===- ConflictFinder.cpp - Pairing accesses per class --------------------===//
#include "summarize/ConflictFinder.h"
#include "summarize/LockProtection.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <map>

namespace racer {

FindingSink::~FindingSink() = default;

namespace {

bool isReportable(const ir::Function &F) {
  return !F.Class.empty() && F.Access != ir::AccessSpec::Private &&
         (F.Kind == ir::FunctionKind::Method ||
          F.Kind == ir::FunctionKind::StaticMethod);
}

/// Accesses with a location key: globals, and `this` paths of methods
/// (`this` is the same object for every method of a class).
bool hasLocationKey(const ir::Function &F, const AccessSnapshot &A) {
  if (A.Path.Root == ir::RootKind::Global)
    return true;
  return A.Path.Root == ir::RootKind::Formal && A.Path.Index == 0 &&
         F.Kind == ir::FunctionKind::Method;
}

struct Entry {
  uint32_t Function;
  const AccessSnapshot *Access;
};

RaceSide sideOf(const ir::Function &F, const AccessSnapshot &A) {
  RaceSide S;
  S.Function = F.Name;
  S.FunctionLocation = F.Location;
  S.Access = A;
  return S;
}

} // namespace

void sortUnique(std::vector<ir::Loc> &Locs) {
  std::sort(Locs.begin(), Locs.end());
  Locs.erase(std::unique(Locs.begin(), Locs.end()), Locs.end());
}

std::vector<ClassCheck>
planClassChecks(const std::vector<ir::Function> &Functions,
                const std::vector<FunctionSummary> &Summaries,
                const std::vector<ir::ClassInfo> &Classes,
                ConflictStats &Stats) {
  // Evidence of concurrent use, per class.
  llvm::StringMap<bool> Checked;
  for (const ir::ClassInfo &C : Classes)
    Checked[C.Name] |= C.declaresConcurrentUse();
  for (size_t I = 0; I < Functions.size(); ++I)
    if (!Functions[I].Class.empty() && Summaries[I].UsesLocksDirectly)
      Checked[Functions[I].Class] = true;
  for (const auto &[Name, IsChecked] : Checked)
    ++(IsChecked ? Stats.ClassesChecked : Stats.ClassesSkipped);

  llvm::StringMap<uint32_t> Slot;
  std::vector<ClassCheck> Plan;
  for (uint32_t I = 0; I < Functions.size(); ++I) {
    const ir::Function &F = Functions[I];
    if (!isReportable(F) || !Checked.lookup(F.Class))
      continue;
    auto [It, New] = Slot.try_emplace(F.Class, uint32_t(Plan.size()));
    if (New)
      Plan.push_back({F.Class, {}});
    Plan[It->second].Methods.push_back(I);
  }
  // By name: the order of findings never depends on the input order.
  std::sort(Plan.begin(), Plan.end(),
            [](const ClassCheck &A, const ClassCheck &B) {
              return A.Name < B.Name;
            });
  return Plan;
}

unsigned findClassConflicts(const ClassCheck &Class,
                            const std::vector<ir::Function> &Functions,
                            const std::vector<FunctionSummary> &Summaries,
                            FindingSink &Sink, std::vector<ir::Loc> &Reported) {
  // Location -> accesses from the class's methods. Keys compare without the
  // root's spelling (the path is the key) and point into the summaries.
  struct PathLess {
    bool operator()(const ir::AccessPath *A, const ir::AccessPath *B) const {
      return *A < *B;
    }
  };
  std::map<const ir::AccessPath *, std::vector<Entry>, PathLess> Locations;
  for (uint32_t I : Class.Methods)
    for (const AccessSnapshot &A : Summaries[I].Accesses)
      if (hasLocationKey(Functions[I], A))
        Locations[&A.Path].push_back({I, &A});

  unsigned Findings = 0;
  for (auto &[Key, Entries] : Locations) {
    std::sort(Entries.begin(), Entries.end(),
              [&](const Entry &A, const Entry &B) {
                return std::tie(Functions[A.Function].Name,
                                A.Access->Location, A.Access->Kind) <
                       std::tie(Functions[B.Function].Name,
                                B.Access->Location, B.Access->Kind);
              });
    // The conflicting write for \p A: a write in another method if there
    // is one (the more useful pointer), else one in the same method. In
    // sorted order: the first write, or if it is in A's method, the first
    // write of any other method, else that first write.
    const Entry *First = nullptr, *FirstOther = nullptr;
    for (const Entry &B : Entries) {
      if (!isWrite(B.Access->Kind) ||
          !threadsCanConflict(ThreadsKind::AnyThread, B.Access->Threads))
        continue;
      if (!First) {
        First = &B;
      } else if (B.Function != First->Function) {
        FirstOther = &B;
        break;
      }
    }
    auto ConflictFor = [&](const Entry &A) -> const Entry * {
      if (!First || First->Function != A.Function)
        return First;
      return FirstOther ? FirstOther : First;
    };
    // For a protected access: the first conflicting access (another
    // method's preferred) holding protecting locks, none in common with
    // it. Memoized per (method, kind, locks): most entries share them.
    std::map<std::tuple<uint32_t, bool, std::vector<HeldLock>>,
             const Entry *>
        Memo;
    GuardingLock Guard;
    for (const Entry &E : Entries)
      Guard.add(*E.Access, E.Function, LockScope::Class);
    auto DifferentLocksFor = [&](const Entry &A) -> const Entry * {
      const AccessSnapshot &X = *A.Access;
      if (Guard.heldBy(X))
        return nullptr; // the other side is the one to fix
      auto Key = std::make_tuple(A.Function, isWrite(X.Kind), X.Locks);
      auto It = Memo.find(Key);
      if (It != Memo.end())
        return It->second;
      // Prefer another method's access, then a write.
      const Entry *Best = nullptr;
      int BestRank = -1;
      for (const Entry &B : Entries) {
        const AccessSnapshot &Y = *B.Access;
        if (!isWrite(X.Kind) && !isWrite(Y.Kind))
          continue;
        if (!threadsCanConflict(ThreadsKind::AnyThread, Y.Threads))
          continue;
        if (judgePair(X, Y, LockScope::Class) != PairVerdict::DifferentLocks)
          continue;
        int Rank = (B.Function != A.Function ? 2 : 0) +
                   (isWrite(Y.Kind) ? 1 : 0);
        if (Rank > BestRank) {
          BestRank = Rank;
          Best = &B;
          if (Rank == 3)
            break;
        }
      }
      return Memo[Key] = Best;
    };
    for (const Entry &A : Entries) {
      const AccessSnapshot &Acc = *A.Access;
      RaceKind Kind;
      const Entry *B = nullptr;
      if (isWrite(Acc.Kind) && !Acc.isProtected()) {
        Kind = RaceKind::UnprotectedWrite;
        B = ConflictFor(A);
      } else if (!isWrite(Acc.Kind) && Acc.Locks.empty()) {
        Kind = RaceKind::ReadWriteRace;
        B = ConflictFor(A);
      } else {
        Kind = RaceKind::DifferentLocks;
        B = DifferentLocksFor(A);
      }
      if (!B)
        continue;
      Reported.push_back(Acc.Location);
      RaceFinding R;
      R.Kind = Kind;
      R.Class = Class.Name;
      R.Reported = sideOf(Functions[A.Function], Acc);
      R.Conflicting = sideOf(Functions[B->Function], *B->Access);
      Sink.takeRace(std::move(R));
      ++Findings;
    }
  }
  return Findings;
}

ConflictStats findConflicts(const std::vector<ir::Function> &Functions,
                            const std::vector<FunctionSummary> &Summaries,
                            const std::vector<ir::ClassInfo> &Classes,
                            FindingSink &Sink, const CallGraph *Graph) {
  ConflictStats Stats;
  std::vector<ir::Loc> Reported;
  for (const ClassCheck &C :
       planClassChecks(Functions, Summaries, Classes, Stats))
    Stats.Findings +=
        findClassConflicts(C, Functions, Summaries, Sink, Reported);
  if (Graph) {
    sortUnique(Reported);
    Stats.Threads =
        findThreadRaces(Functions, Summaries, *Graph, Reported, Sink);
  }
  return Stats;
}

} // namespace racer
