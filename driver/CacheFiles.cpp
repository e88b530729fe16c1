//===- CacheFiles.cpp - File helpers shared by the caches -----------------===//
#include "driver/CacheFiles.h"
#include "serialize/FileOutput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

#include <atomic>

namespace racer::driver {

std::string hashBytes(llvm::StringRef Bytes) {
  auto H = llvm::BLAKE3::hash<16>(llvm::arrayRefFromStringRef(Bytes));
  return llvm::toHex(H, /*LowerCase=*/true);
}

std::optional<std::string> hashFile(const std::string &Path) {
  auto Buf = racer::serialize::readRegularFile(Path);
  if (!Buf)
    return std::nullopt;
  return hashBytes((*Buf)->getBuffer());
}

std::optional<FileStamp> stampOf(const std::string &Path) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Path, St) ||
      St.type() != llvm::sys::fs::file_type::regular_file)
    return std::nullopt;
  FileStamp S;
  S.Size = St.getSize();
  S.MTimeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                  St.getLastModificationTime().time_since_epoch())
                  .count();
  return S;
}

const std::string &binaryIdentity() {
  static const std::string Id = [] {
    static int Anchor;
    std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, &Anchor);
    std::optional<FileStamp> S = stampOf(Exe);
    return Exe + " " + (S ? std::to_string(S->Size) + " " +
                                std::to_string(S->MTimeNs)
                          : std::string("?"));
  }();
  return Id;
}

bool firstCacheWriteWarning() {
  static std::atomic<bool> Warned{false};
  return !Warned.exchange(true);
}

llvm::Error writeAtomically(const std::string &Path, llvm::StringRef Data) {
  return serialize::writeFileAtomically(Path, Data, /*ReplaceSpecial=*/true);
}

} // namespace racer::driver
