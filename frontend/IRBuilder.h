//===- IRBuilder.h - Lower Clang function bodies to racecar IR -*- C++ -*-===//
//
// Why: the analysis is Clang-free; this is where a FunctionDecl's CFG becomes
// an ir::Function (reads, writes, calls, binds, returns per CFG block). The
// rules (access paths, operands, receivers, lambdas, capability attributes)
// are documented in IRBuilder.cpp next to their code.
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_IRBUILDER_H
#define RACER_FRONTEND_IRBUILDER_H

#include "summarize/ir/IR.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class SourceManager;
} // namespace clang
namespace llvm::vfs {
class FileSystem;
} // namespace llvm::vfs

namespace racer::frontend {

/// Module::Files and SourceLocation -> ir::Loc. Files[0] is the main file;
/// other files are absolute, dot-free paths (relative names are resolved
/// against the job's working directory), each recorded once.
class FileTable {
public:
  FileTable(const clang::SourceManager &SM, llvm::vfs::FileSystem &FS,
            std::string MainFile);

  /// Expansion location, physical line/column (1-based); Line 0 if invalid.
  ir::Loc loc(clang::SourceLocation L);
  /// Records the file of FID (if it is a real file) and returns its index.
  std::optional<uint32_t> fileIndex(clang::FileID FID);

  const std::vector<std::string> &files() const { return Files; }
  std::vector<std::string> takeFiles() { return std::move(Files); }

private:
  const clang::SourceManager &SM;
  llvm::vfs::FileSystem &FS;
  std::vector<std::string> Files;
  llvm::StringMap<uint32_t> ByPath;
  llvm::DenseMap<clang::FileID, std::optional<uint32_t>> ByFID;
};

/// Lowers the body of the definition FD (which must have one).
ir::Function lowerFunction(const clang::FunctionDecl *FD, FileTable &Files);

/// Lock effects declared on FD (and its redeclarations) with Clang's
/// capability attributes, as paths over FD's formals.
std::vector<ir::DeclaredLockEffect>
declaredEffects(const clang::FunctionDecl *FD);

} // namespace racer::frontend

#endif
