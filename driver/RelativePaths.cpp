//===- RelativePaths.cpp - File names relative to a root ------------------===//
#include "driver/RelativePaths.h"

#include "llvm/Support/Path.h"

namespace racer::driver {

std::string relativeTo(llvm::StringRef Path, llvm::StringRef Root) {
  Root = Root.rtrim('/');
  if (Root.empty() || !Path.starts_with(Root))
    return Path.str();
  llvm::StringRef Rest = Path.drop_front(Root.size());
  // Under Root only at a component boundary, and not Root itself.
  if (!Rest.consume_front("/"))
    return Path.str();
  Rest = Rest.ltrim('/');
  return Rest.empty() ? Path.str() : Rest.str();
}

void relativizeModule(ir::Module &M, llvm::StringRef Root) {
  if (Root.empty())
    return;
  M.MainFile = relativeTo(M.MainFile, Root);
  relativizePaths(M.Files, Root);
}

void relativizePaths(std::vector<std::string> &Paths, llvm::StringRef Root) {
  if (Root.empty())
    return;
  for (std::string &P : Paths)
    P = relativeTo(P, Root);
}

} // namespace racer::driver
