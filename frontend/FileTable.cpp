//===- FileTable.cpp - Source files and positions of one TU ---------------===//
#include "frontend/FileTable.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;

namespace racer::frontend {

FileTable::FileTable(const SourceManager &SM, llvm::vfs::FileSystem &FS,
                     std::string MainFile)
    : SM(SM), FS(FS) {
  ByPath[MainFile] = 0;
  Files.push_back(std::move(MainFile));
}

std::optional<uint32_t> FileTable::fileIndex(FileID FID) {
  if (FID.isInvalid())
    return std::nullopt;
  auto It = ByFID.find(FID);
  if (It != ByFID.end())
    return It->second;
  std::optional<uint32_t> Result;
  if (FID == SM.getMainFileID()) {
    Result = 0;
  } else if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID)) {
    llvm::SmallString<256> Path(FE->getName());
    FS.makeAbsolute(Path);
    llvm::SmallString<256> Lexical(Path);
    llvm::sys::path::remove_dots(Lexical, /*remove_dot_dot=*/true);
    bool DotDot = llvm::any_of(
        llvm::make_range(llvm::sys::path::begin(Path),
                         llvm::sys::path::end(Path)),
        [](llvm::StringRef C) { return C == ".."; });
    if (DotDot) {
      // `a/b/../c` is `a/c` only if b is not a symlink (e.g. /lib -> usr/lib).
      llvm::ErrorOr<llvm::vfs::Status> Orig = FS.status(Path);
      llvm::ErrorOr<llvm::vfs::Status> Lex = FS.status(Lexical);
      llvm::SmallString<256> Real;
      if (Orig && Lex && Orig->equivalent(*Lex))
        Path = Lexical;
      else if (!FS.getRealPath(Path, Real))
        Path = Real;
      else
        Path = Lexical;
    } else {
      Path = Lexical;
    }
    auto [PIt, Inserted] = ByPath.try_emplace(Path, uint32_t(Files.size()));
    if (Inserted)
      Files.push_back(std::string(Path));
    Result = PIt->second;
  }
  ByFID[FID] = Result;
  return Result;
}

std::vector<std::string> FileTable::contentDigests() const {
  std::vector<std::string> Out(Files.size());
  auto digest = [&](FileID FID, uint32_t I) {
    if (I >= Out.size() || !Out[I].empty())
      return;
    if (std::optional<llvm::StringRef> Data = SM.getBufferDataOrNone(FID)) {
      auto H = llvm::BLAKE3::hash<16>(llvm::arrayRefFromStringRef(*Data));
      Out[I] = llvm::toHex(H, /*LowerCase=*/true);
    }
  };
  digest(SM.getMainFileID(), 0);
  for (const auto &[FID, Index] : ByFID)
    if (Index)
      digest(FID, *Index);
  return Out;
}

ir::Loc FileTable::loc(SourceLocation L) {
  ir::Loc R;
  if (L.isInvalid())
    return R;
  SourceLocation E = SM.getExpansionLoc(L);
  std::optional<uint32_t> Idx = fileIndex(SM.getFileID(E));
  PresumedLoc P = SM.getPresumedLoc(E, /*UseLineDirectives=*/false);
  if (!Idx || P.isInvalid())
    return R;
  R.File = *Idx;
  R.Line = P.getLine();
  R.Col = P.getColumn();
  return R;
}

} // namespace racer::frontend
