//===- LineMoves.cpp - Stored summaries follow their callees' lines -------===//
#include "driver/LineMoves.h"

namespace racer::driver {

// forEachPlace visits every ir::Loc of a summary. If one of these fires, a
// summary type changed: visit its new places (both versions), then update
// the size (as serialize/SummaryCodec.cpp does).
#if defined(__x86_64__) && defined(__GLIBCXX__) && !defined(_GLIBCXX_DEBUG)
static_assert(sizeof(FunctionSummary) == 512, "visit the new field's places");
static_assert(sizeof(AccessSnapshot) == 176, "visit the new field's places");
static_assert(sizeof(ThreadSpawn) == 200, "visit the new field's places");
static_assert(sizeof(Assumption) == 16, "visit the new field's places");
#endif

void forEachPlace(FunctionSummary &S, llvm::function_ref<void(ir::Loc &)> Visit) {
  auto Each = [&](ir::Loc &L) {
    if (!(L == ir::Loc()))
      Visit(L);
  };
  for (AccessSnapshot &A : S.Accesses) {
    Each(A.Location);
    if (A.Trace.empty())
      continue;
    // Traces are shared and immutable: a changed one is made anew.
    std::vector<CallSite> Frames = A.Trace.frames();
    std::vector<ir::Loc> Before;
    Before.reserve(Frames.size());
    for (CallSite &C : Frames) {
      Before.push_back(C.Location);
      Each(C.Location);
    }
    bool Changed = false;
    for (size_t I = 0; I < Frames.size(); ++I)
      Changed |= !(Frames[I].Location == Before[I]);
    if (Changed)
      A.Trace = CallChain(Frames, uint32_t(A.Trace.hidden()));
  }
  for (ThreadSpawn &T : S.Spawns) {
    Each(T.Location);
    for (CallSite &C : T.Trace)
      Each(C.Location);
  }
  for (Assumption &A : S.Assumptions)
    Each(A.Location);
  Each(S.HandRolledSync);
  Each(S.ConditionalLock);
}

void forEachPlace(const FunctionSummary &S,
                  llvm::function_ref<void(const ir::Loc &)> Visit) {
  auto Each = [&](const ir::Loc &L) {
    if (!(L == ir::Loc()))
      Visit(L);
  };
  for (const AccessSnapshot &A : S.Accesses) {
    Each(A.Location);
    for (const CallSite &C : A.Trace)
      Each(C.Location);
  }
  for (const ThreadSpawn &T : S.Spawns) {
    Each(T.Location);
    for (const CallSite &C : T.Trace)
      Each(C.Location);
  }
  for (const Assumption &A : S.Assumptions)
    Each(A.Location);
  Each(S.HandRolledSync);
  Each(S.ConditionalLock);
}

bool LineMoves::add(const std::vector<FunctionSummary> &Old,
                    llvm::ArrayRef<const FunctionSummary *> New) {
  if (Old.size() != New.size())
    return false;
  // Where each old place goes, those that stay included: one place cannot
  // both stay and move, or move to two lines.
  llvm::DenseMap<std::pair<uint64_t, uint32_t>, uint32_t> To;
  for (size_t M = 0; M < Old.size(); ++M) {
    std::vector<ir::Loc> Now;
    forEachPlace(*New[M], [&](const ir::Loc &L) { Now.push_back(L); });
    size_t K = 0;
    bool Aligned = true;
    forEachPlace(Old[M], [&](const ir::Loc &L) {
      if (!Aligned)
        return;
      if (K >= Now.size() || Now[K].File != L.File || Now[K].Col != L.Col) {
        Aligned = false;
        return;
      }
      auto [It, First] = To.try_emplace(keyOf(L), Now[K++].Line);
      if (!First && It->second != Now[K - 1].Line)
        Aligned = false;
    });
    if (!Aligned || K != Now.size())
      return false;
  }
  for (const auto &[Place, Line] : To)
    if (uint32_t(Place.first) != Line) {
      auto [It, First] = Moves.try_emplace(Place, Line);
      if (!First && It->second != Line)
        return false;
    }
  return true;
}

bool LineMoves::merge(const LineMoves &Other) {
  for (const auto &[Place, Line] : Other.Moves) {
    auto [It, First] = Moves.try_emplace(Place, Line);
    if (!First && It->second != Line)
      return false;
  }
  return true;
}

void LineMoves::apply(std::vector<FunctionSummary> &S) const {
  if (Moves.empty())
    return;
  for (FunctionSummary &F : S)
    forEachPlace(F, [&](ir::Loc &L) {
      auto It = Moves.find(keyOf(L));
      if (It != Moves.end())
        L.Line = It->second;
    });
}

} // namespace racer::driver
