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

/// The location key: `this` is the same object for every method of a class.
std::optional<ir::AccessPath> locationKey(const ir::Function &F,
                                          const AccessSnapshot &A) {
  if (A.Path.Root == ir::RootKind::Global)
    return A.Path;
  if (A.Path.Root == ir::RootKind::Formal && A.Path.Index == 0 &&
      F.Kind == ir::FunctionKind::Method) {
    ir::AccessPath P = A.Path;
    P.Spelling = "this";
    return P;
  }
  return std::nullopt;
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
      if (std::optional<ir::AccessPath> Key = locationKey(F, A))
        Locations[*Key].push_back({I, &A});
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
      // is one (the more useful pointer), else one in the same method.
      auto ConflictFor = [&](const Entry &A) -> const Entry * {
        const Entry *Same = nullptr;
        for (const Entry &B : Entries) {
          if (!isWrite(B.Access->Kind) ||
              !threadsCanConflict(ThreadsKind::AnyThread, B.Access->Threads))
            continue;
          if (B.Function != A.Function)
            return &B;
          if (!Same)
            Same = &B;
        }
        return Same;
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
        Sink.handleRace(R);
        ++Stats.Findings;
      }
    }
  }
  return Stats;
}

} // namespace racer
