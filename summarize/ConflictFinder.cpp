//===- ConflictFinder.cpp - Pairing accesses per class --------------------===//
#include "summarize/ConflictFinder.h"

#include "llvm/ADT/StringMap.h"

#include <map>
#include <set>

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

ConflictStats findConflicts(const std::vector<ir::Function> &Functions,
                            const std::vector<FunctionSummary> &Summaries,
                            const std::vector<ir::ClassInfo> &Classes,
                            FindingSink &Sink) {
  ConflictStats Stats;

  // Evidence of concurrent use, per class.
  llvm::StringMap<bool> Checked;
  for (const ir::ClassInfo &C : Classes)
    Checked[C.Name] |=
        C.HasGuardedFields || C.IsCapability || C.MarkedThreadSafe;
  for (size_t I = 0; I < Functions.size(); ++I)
    if (!Functions[I].Class.empty() && Summaries[I].UsesLocksDirectly)
      Checked[Functions[I].Class] = true;

  // Class -> location -> accesses from its non-private methods. std::map
  // keeps the iteration order independent of input order.
  std::map<std::string, std::map<ir::AccessPath, std::vector<Entry>>> ByClass;
  for (uint32_t I = 0; I < Functions.size(); ++I) {
    const ir::Function &F = Functions[I];
    if (!isReportable(F) || !Checked.lookup(F.Class))
      continue;
    auto &Locations = ByClass[F.Class];
    for (const AccessSnapshot &A : Summaries[I].Accesses)
      if (hasLocationKey(F, A))
        // Keys compare without the root's spelling: the path is the key.
        Locations[A.Path].push_back({I, &A});
  }
  for (const auto &[Name, IsChecked] : Checked)
    ++(IsChecked ? Stats.ClassesChecked : Stats.ClassesSkipped);

  for (auto &[Class, Locations] : ByClass) {
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
      for (const Entry &A : Entries) {
        const AccessSnapshot &Acc = *A.Access;
        RaceKind Kind;
        if (isWrite(Acc.Kind) && !Acc.isProtected())
          Kind = RaceKind::UnprotectedWrite;
        else if (!isWrite(Acc.Kind) && Acc.Locks.empty())
          Kind = RaceKind::ReadWriteRace;
        else
          continue;
        const Entry *B = ConflictFor(A);
        if (!B)
          continue;
        RaceFinding R;
        R.Kind = Kind;
        R.Class = Class;
        R.Reported = sideOf(Functions[A.Function], Acc);
        R.Conflicting = sideOf(Functions[B->Function], *B->Access);
        Sink.takeRace(std::move(R));
        ++Stats.Findings;
      }
    }
  }
  return Stats;
}

} // namespace racer
