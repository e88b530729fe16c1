//===- AccessPath.cpp - Canonical memory paths ----------------------------===//
#include "summarize/ir/AccessPath.h"

#include <algorithm>
#include <string_view>

namespace racer::ir {

bool AccessPath::isPrefixOf(const AccessPath &Other) const {
  if (!sameRoot(Other) || Steps.size() > Other.Steps.size())
    return false;
  for (size_t I = 0; I < Steps.size(); ++I)
    if (!(Steps[I] == Other.Steps[I]))
      return false;
  return true;
}

bool AccessPath::holdsInPlace(const AccessPath &Part) const {
  if (Steps.size() >= Part.Steps.size() || !isPrefixOf(Part))
    return false;
  for (size_t I = Steps.size(); I < Part.Steps.size(); ++I) {
    StepKind K = Part.Steps[I].kind();
    if (K != StepKind::Field && K != StepKind::Index)
      return false;
  }
  return true;
}

void limitSteps(AccessPath &P) {
  if (P.Steps.size() <= MaxPathSteps)
    return;
  PathStep Last = P.Steps.back();
  P.Steps.resize(MaxPathSteps - 2);
  P.Steps.push_back({StepKind::Elided, {}});
  P.Steps.push_back(Last);
}

std::optional<AccessPath> widenWalk(const AccessPath &A, const AccessPath &B) {
  const AccessPath &Short = A.Steps.size() <= B.Steps.size() ? A : B;
  const AccessPath &Long = &Short == &A ? B : A;
  if (Short.Steps.size() == Long.Steps.size() || !Short.isPrefixOf(Long))
    return std::nullopt;
  bool Loads = false;
  for (size_t I = Short.Steps.size(); I < Long.Steps.size(); ++I)
    Loads |= Long.Steps[I].kind() == StepKind::Deref ||
             standsForLoads(Long.Steps[I].kind());
  if (!Loads)
    return std::nullopt;
  AccessPath Out = Short;
  // Past a thread's own linked object, the walk reaches everyone's.
  if (!Out.Steps.empty() && Out.Steps.back().kind() == StepKind::Linked)
    Out.Steps.back() = PathStep(StepKind::Walk);
  else if (Out.Steps.empty() || Out.Steps.back().kind() != StepKind::Walk)
    Out.Steps.push_back({StepKind::Walk, {}});
  limitSteps(Out);
  return Out;
}

std::optional<AccessPath> linkedName(const AccessPath &Dest) {
  if (Dest.Root != RootKind::Global || Dest.isUnnamed())
    return std::nullopt;
  AccessPath Out = Dest;
  for (size_t I = 0; I < Out.Steps.size(); ++I)
    if (Out.Steps[I].kind() != StepKind::Field &&
        Out.Steps[I].kind() != StepKind::Index) {
      Out.Steps.resize(I);
      break;
    }
  Out.Steps.push_back({StepKind::Deref, {}});
  Out.Steps.push_back({StepKind::Linked, {}});
  limitSteps(Out);
  return Out;
}

AccessPath asWalked(AccessPath P) {
  for (PathStep &S : P.Steps)
    if (S.kind() == StepKind::Linked)
      S = PathStep(StepKind::Walk);
  return P;
}

bool throughLinked(const AccessPath &P) {
  for (const PathStep &S : P.Steps)
    if (S.kind() == StepKind::Linked)
      return true;
  return false;
}

bool operator<(const AccessPath &A, const AccessPath &B) {
  if (&A == &B) // one interned copy (summaries compare those)
    return false;
  if (A.Root != B.Root)
    return A.Root < B.Root;
  if (A.Root == RootKind::Global) {
    if (A.Symbol != B.Symbol)
      return A.Symbol < B.Symbol;
  } else if (A.Index != B.Index) {
    return A.Index < B.Index;
  }
  // Lexicographic, each pair of steps compared once: equal steps are the
  // same bits.
  const size_t N = std::min(A.Steps.size(), B.Steps.size());
  for (size_t I = 0; I < N; ++I)
    if (!(A.Steps[I] == B.Steps[I]))
      return A.Steps[I] < B.Steps[I];
  return A.Steps.size() < B.Steps.size();
}

/// Field names are stored qualified ("Counter::n_"); print the last part.
static std::string_view unqualified(const std::string &Name) {
  std::string_view V = Name;
  size_t Pos = V.rfind("::");
  return Pos == std::string_view::npos ? V : V.substr(Pos + 2);
}

std::string AccessPath::str() const {
  std::string Out = Spelling.empty() ? std::string("<root>") : Spelling.str();
  size_t PendingDerefs = 0;
  bool AfterElided = false;
  for (const PathStep &S : Steps) {
    switch (S.kind()) {
    case StepKind::Elided:
    case StepKind::Walk:
    case StepKind::Linked:
      Out += "->...";
      PendingDerefs = 0;
      AfterElided = true;
      continue;
    case StepKind::Deref:
      ++PendingDerefs;
      break;
    case StepKind::Field:
      if (AfterElided) {
        Out += "->";
        PendingDerefs = 0;
      } else if (PendingDerefs > 0) {
        // `p->f`; any extra derefs wrap the base: `(*p)->f`.
        for (size_t I = 1; I < PendingDerefs; ++I)
          Out = "(*" + Out + ")";
        Out += "->";
        PendingDerefs = 0;
      } else {
        Out += ".";
      }
      Out += unqualified(S.name());
      break;
    case StepKind::Index:
      // `p[]` for a pointer's elements, `a[]` for an array.
      for (size_t I = 1; I < PendingDerefs; ++I)
        Out = "(*" + Out + ")";
      PendingDerefs = 0;
      Out += "[" + S.name().str() + "]";
      break;
    }
    AfterElided = false;
  }
  for (size_t I = 0; I < PendingDerefs; ++I)
    Out = "*" + Out;
  return Out;
}

bool withinRootPointee(const AccessPath &P) {
  if (P.Steps.empty() || P.Steps.front().kind() != StepKind::Deref)
    return false;
  for (size_t I = 1; I < P.Steps.size(); ++I)
    if (P.Steps[I].kind() == StepKind::Deref ||
        standsForLoads(P.Steps[I].kind()))
      return false;
  return true;
}

bool disjointEmbedded(const AccessPath &A, const AccessPath &B) {
  auto Embedded = [](const AccessPath &P) {
    size_t From = 0;
    if (P.Root != RootKind::Global) {
      if (P.Steps.empty() || P.Steps.front().kind() != StepKind::Deref)
        return false;
      From = 1;
    }
    for (size_t I = From; I < P.Steps.size(); ++I)
      if (P.Steps[I].kind() != StepKind::Field)
        return false;
    return true;
  };
  if (!Embedded(A) || !Embedded(B))
    return false;
  if (A.Root == RootKind::Global && B.Root == RootKind::Global &&
      A.Symbol != B.Symbol)
    return true; // two globals
  if (A.Root != B.Root || A.Index != B.Index || A.Symbol != B.Symbol)
    return false;
  size_t N = std::min(A.Steps.size(), B.Steps.size());
  for (size_t I = 0; I < N; ++I)
    if (A.Steps[I] != B.Steps[I])
      return true; // siblings from here
  return false; // one contains the other
}

bool mayBeSameElement(const AccessPath &A, const AccessPath &B) {
  if (A.Root != B.Root || A.Index != B.Index || A.Symbol != B.Symbol ||
      A.Steps.size() != B.Steps.size())
    return false;
  for (size_t I = 0; I < A.Steps.size(); ++I) {
    const PathStep &X = A.Steps[I], &Y = B.Steps[I];
    if (X == Y)
      continue;
    if (X.kind() != StepKind::Index || Y.kind() != StepKind::Index ||
        (!X.name().empty() && !Y.name().empty()))
      return false;
  }
  return true;
}

} // namespace racer::ir
