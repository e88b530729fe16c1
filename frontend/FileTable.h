//===- FileTable.h - Source files and positions of one TU ------*- C++ -*-===//
//
// Why: IR locations must not depend on Clang's FileIDs (they differ between
// runs and TUs); every ir::Loc names a file by its index in Module::Files,
// and each file appears once, under one absolute, dot-free path:
//
//   #include "../util/log.h"    (from /src/app/main.cpp)
//   Files = {"/src/app/main.cpp", "/src/util/log.h"}   Loc{1, 12, 3}
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_FILETABLE_H
#define RACER_FRONTEND_FILETABLE_H

#include "summarize/ir/IR.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
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
  /// Per entry of files(): the BLAKE3-128 (hex) of the bytes Clang read for
  /// it, the same digest driver/CacheFiles' hashBytes computes, so a cache
  /// entry records the content that was parsed, not what is on disk later.
  /// Empty for a file whose buffer is unavailable.
  std::vector<std::string> contentDigests() const;
  std::vector<std::string> takeFiles() { return std::move(Files); }

private:
  const clang::SourceManager &SM;
  llvm::vfs::FileSystem &FS;
  std::vector<std::string> Files;
  llvm::StringMap<uint32_t> ByPath;
  llvm::DenseMap<clang::FileID, std::optional<uint32_t>> ByFID;
};

} // namespace racer::frontend

#endif
