//===- SummaryCache.cpp - Content-addressed per-TU cache ------------------===//
#include "driver/SummaryCache.h"
#include "serialize/ModuleCodec.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <mutex>
#include <sstream>

namespace racer::driver {

namespace {

constexpr const char *ManifestMagic = "racecar-manifest 1";

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

struct FileStamp {
  uint64_t Size = 0;
  int64_t MTimeNs = 0;
};

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

/// Writes \p Data to \p Path via a unique temporary file and rename(2).
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

} // namespace

SummaryCache::SummaryCache(std::string Dir, bool Verbose,
                           llvm::raw_ostream &Log)
    : Dir(std::move(Dir)), Verbose(Verbose), Log(Log) {
  llvm::sys::fs::create_directories(this->Dir);
}

std::string SummaryCache::keyOf(const frontend::TUJob &Job) {
  std::string Text = "racecar " RACECAR_VERSION " format ";
  Text += std::to_string(serialize::FormatVersion);
  Text += " lowering " + std::to_string(frontend::LoweringVersion);
  Text += " paths " + std::to_string(ir::MaxPathSteps);
  Text += "\n";
  Text += Job.Directory + "\n" + Job.File + "\n";
  for (const std::string &A : Job.CommandLine)
    Text += A + "\n";
  return hashBytes(Text);
}

std::string SummaryCache::entryPath(const std::string &Key,
                                    const char *Ext) const {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Key.substr(0, 2), Key + Ext);
  return std::string(P);
}

void SummaryCache::note(const std::string &Message) {
  if (!Verbose)
    return;
  static std::mutex M;
  std::lock_guard<std::mutex> G(M);
  Log << "racecar: cache: " << Message << "\n";
  Log.flush();
}

std::optional<ir::Module> SummaryCache::lookup(const frontend::TUJob &Job) {
  std::string Key = keyOf(Job);
  std::string Manifest = entryPath(Key, ".deps");
  auto Buf = llvm::MemoryBuffer::getFile(Manifest, /*IsText=*/true);
  if (!Buf) {
    ++Misses;
    return std::nullopt;
  }
  // Manifest: magic line, then "size mtime hash path" per input, then a
  // checksum line over everything before it.
  llvm::StringRef Text = (*Buf)->getBuffer();
  size_t LastNL = Text.rtrim('\n').rfind('\n');
  llvm::StringRef Body = LastNL == llvm::StringRef::npos
                             ? llvm::StringRef()
                             : Text.substr(0, LastNL + 1);
  llvm::StringRef Sum = Text.substr(Body.size()).trim();
  if (!Body.starts_with(ManifestMagic) ||
      Sum != "sum " + llvm::utohexstr(llvm::xxh3_64bits(Body))) {
    ++Invalid;
    ++Misses;
    note("corrupt manifest '" + Manifest + "'; re-analysing " + Job.File);
    return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef> Lines;
  Body.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (size_t I = 1; I < Lines.size(); ++I) {
    auto [Size, Rest1] = Lines[I].split(' ');
    auto [MTime, Rest2] = Rest1.split(' ');
    auto [Hash, Path] = Rest2.split(' ');
    uint64_t S;
    int64_t T;
    if (Size.getAsInteger(10, S) || MTime.getAsInteger(10, T) || Path.empty()) {
      ++Invalid;
      ++Misses;
      note("malformed manifest '" + Manifest + "'; re-analysing " + Job.File);
      return std::nullopt;
    }
    std::optional<FileStamp> Now = stampOf(Path.str());
    if (!Now) {
      ++Misses;
      return std::nullopt; // an input disappeared
    }
    if (Now->Size == S && Now->MTimeNs == T)
      continue; // unchanged stamp: trust it, do not re-hash
    std::optional<std::string> H = hashFile(Path.str());
    if (!H || *H != Hash) {
      ++Misses;
      return std::nullopt;
    }
  }
  auto File = serialize::readTUFile(entryPath(Key, ".rcs"));
  if (!File) {
    ++Invalid;
    ++Misses;
    note("unusable entry for " + Job.File + ": " +
         llvm::toString(File.takeError()) + "; re-analysing");
    return std::nullopt;
  }
  ++Hits;
  return std::move(File->Module);
}

void SummaryCache::store(const frontend::TUJob &Job, const ir::Module &M) {
  std::string Key = keyOf(Job);
  llvm::sys::fs::create_directories(
      llvm::sys::path::parent_path(entryPath(Key, ".rcs")));
  serialize::TUFile File;
  File.MainFile = Job.File;
  File.Module = M;
  if (llvm::Error E =
          serialize::writeTUFileAtomically(entryPath(Key, ".rcs"), File)) {
    note("cannot write entry for " + Job.File + ": " +
         llvm::toString(std::move(E)));
    return;
  }
  std::string Body = std::string(ManifestMagic) + "\n";
  std::vector<std::string> Inputs = M.Files;
  if (std::find(Inputs.begin(), Inputs.end(), Job.File) == Inputs.end())
    Inputs.push_back(Job.File);
  for (const std::string &Path : Inputs) {
    std::optional<FileStamp> S = stampOf(Path);
    std::optional<std::string> H = hashFile(Path);
    if (!S || !H)
      return; // an input we cannot read: do not cache this TU
    Body += std::to_string(S->Size) + " " + std::to_string(S->MTimeNs) + " " +
            *H + " " + Path + "\n";
  }
  Body += "sum " + llvm::utohexstr(llvm::xxh3_64bits(Body)) + "\n";
  if (!writeAtomically(entryPath(Key, ".deps"), Body))
    note("cannot write manifest for " + Job.File);
}

} // namespace racer::driver
