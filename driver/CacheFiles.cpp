//===- CacheFiles.cpp - File helpers shared by the caches -----------------===//
#include "driver/CacheFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

namespace racer::driver {

std::string hashBytes(llvm::StringRef Bytes) {
  auto H = llvm::BLAKE3::hash<16>(llvm::arrayRefFromStringRef(Bytes));
  return llvm::toHex(H, /*LowerCase=*/true);
}

std::optional<std::string> hashFile(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  return hashBytes((*Buf)->getBuffer());
}

std::optional<FileStamp> stampOf(const std::string &Path) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Path, St))
    return std::nullopt;
  FileStamp S;
  S.Size = St.getSize();
  S.MTimeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                  St.getLastModificationTime().time_since_epoch())
                  .count();
  return S;
}

bool writeAtomically(const std::string &Path, llvm::StringRef Data) {
  llvm::SmallString<256> Tmp;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Path + ".tmp-%%%%%%%%", FD, Tmp))
    return false;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Data;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      llvm::sys::fs::remove(Tmp);
      return false;
    }
  }
  if (llvm::sys::fs::rename(Tmp, Path)) {
    llvm::sys::fs::remove(Tmp);
    return false;
  }
  return true;
}

} // namespace racer::driver
