//===- RelativePaths.h - File names relative to a root ---------*- C++ -*-===//
//
// Why: a build farm (Bazel, a remote executor) runs each map step in a
// sandbox whose absolute path differs per action and per machine, and caches
// its output by the action's inputs. If the .rcs recorded absolute names,
// the same TU would give different bytes on every machine, and the merged
// SARIF would name sandbox directories. With --relative-paths, every file
// under the working directory (Bazel's execroot) is recorded relative to it
// ("lib/racy.cc"); files outside it (system headers) keep their absolute
// name. Reports then read sources relative to the working directory too.
//
//   relativeTo("/x/execroot/ws/lib/a.cc", "/x/execroot/ws") == "lib/a.cc"
//   relativeTo("/usr/include/stdio.h", "/x/execroot/ws")  (unchanged)
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_RELATIVEPATHS_H
#define RACER_DRIVER_RELATIVEPATHS_H

#include "summarize/ir/IR.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace racer::driver {

/// \p Path relative to \p Root if it is strictly under it (component-wise:
/// "/a/bc" is not under "/a/b"), else \p Path unchanged. \p Root is an
/// absolute, dot-free directory; empty: \p Path unchanged.
std::string relativeTo(llvm::StringRef Path, llvm::StringRef Root);

/// Every file name of \p M (MainFile and Files) through relativeTo.
void relativizeModule(ir::Module &M, llvm::StringRef Root);

/// Each path through relativeTo.
void relativizePaths(std::vector<std::string> &Paths, llvm::StringRef Root);

} // namespace racer::driver

#endif
