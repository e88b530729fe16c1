//===- Programs.cpp - Telling a database's programs apart ------------------===//
#include "summarize/Programs.h"
#include "summarize/ir/PackedBody.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>

namespace racer {

ProgramPartition partitionPrograms(const std::vector<ir::Function> &Functions,
                                   llvm::ArrayRef<std::string> Duplicates) {
  ProgramPartition Out;
  std::vector<uint32_t> Mains;
  for (uint32_t I = 0; I < Functions.size(); ++I)
    if (Functions[I].Kind == ir::FunctionKind::Free &&
        Functions[I].Name == "main")
      Mains.push_back(I);
  if (Mains.size() < 2)
    return Out;
  llvm::StringMap<uint32_t> Index;
  for (uint32_t I = 0; I < Functions.size(); ++I)
    Index.try_emplace(Functions[I].Symbol.str(), I);
  auto Followed = [&](ir::Symbol S) -> int64_t {
    if (ir::isIndirectCallee(S.str()) ||
        std::binary_search(Duplicates.begin(), Duplicates.end(), S.str()))
      return -1;
    auto It = Index.find(S.str());
    return It == Index.end() ? -1 : int64_t(It->second);
  };
  // The files each main reaches (sorted).
  std::vector<std::vector<uint32_t>> Reached(Mains.size());
  std::vector<uint32_t> SeenBy(Functions.size(), UINT32_MAX);
  for (uint32_t M = 0; M < Mains.size(); ++M) {
    std::vector<uint32_t> Work{Mains[M]};
    SeenBy[Mains[M]] = M;
    std::vector<uint32_t> &Files = Reached[M];
    while (!Work.empty()) {
      const ir::Function &F = Functions[Work.back()];
      Work.pop_back();
      Files.push_back(F.Location.File);
      for (const std::vector<ir::Symbol> &Next :
           {ir::calleesOf(F), ir::callablesOf(F)})
        for (ir::Symbol S : Next) {
          int64_t T = Followed(S);
          if (T >= 0 && SeenBy[T] != M) {
            SeenBy[T] = M;
            Work.push_back(uint32_t(T));
          }
        }
    }
    std::sort(Files.begin(), Files.end());
    Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  }
  std::vector<uint32_t> Any;
  for (const std::vector<uint32_t> &R : Reached)
    Any.insert(Any.end(), R.begin(), R.end());
  std::sort(Any.begin(), Any.end());
  Any.erase(std::unique(Any.begin(), Any.end()), Any.end());
  for (uint32_t M = 0; M < Mains.size(); ++M) {
    std::vector<uint32_t> Foreign;
    std::set_difference(Any.begin(), Any.end(), Reached[M].begin(),
                        Reached[M].end(), std::back_inserter(Foreign));
    if (!Foreign.empty())
      Out.emplace(Mains[M], std::move(Foreign));
  }
  return Out;
}

} // namespace racer
