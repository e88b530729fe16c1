//===- LineMoves.cpp - Stored summaries follow their callees' lines -------===//
#include "driver/LineMoves.h"

namespace racer::driver {

bool LineMoves::add(const std::vector<FunctionSummary> &Old,
                    llvm::ArrayRef<const FunctionSummary *> New, bool Known) {
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
      if ((!First && It->second != Line) || Stays.count(Place))
        return false;
    } else if (Known) {
      if (Moves.count(Place))
        return false;
      Stays.insert(Place);
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
