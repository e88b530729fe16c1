//===- FileOutput.cpp - Whole files written safely, text sealed -----------===//
#include "serialize/FileOutput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <random>

namespace racer::serialize {

namespace {

llvm::Error fail(std::error_code EC, const std::string &Path,
                 const char *What) {
  return llvm::createStringError(EC, "cannot write '%s': %s: %s",
                                 Path.c_str(), What, EC.message().c_str());
}

llvm::Error writeAll(int FD, llvm::StringRef Data, const std::string &Path) {
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Data;
  OS.close();
  if (OS.has_error()) {
    std::error_code EC = OS.error();
    OS.clear_error();
    return fail(EC, Path, "write failed");
  }
  return llvm::Error::success();
}

/// Opens a new file "<Path>.tmp-<16 hex digits>" (O_EXCL).
std::error_code createTempBeside(const std::string &Path, int &FD,
                                 std::string &Tmp) {
  static thread_local std::mt19937_64 Rng(std::random_device{}());
  std::error_code EC;
  for (int Try = 0; Try < 64; ++Try) {
    Tmp = Path + ".tmp-" + llvm::utohexstr(Rng(), /*LowerCase=*/true);
    EC = llvm::sys::fs::openFileForWrite(Tmp, FD,
                                         llvm::sys::fs::CD_CreateNew,
                                         llvm::sys::fs::OF_None, 0666);
    if (EC != std::errc::file_exists)
      return EC;
  }
  return EC;
}

/// /dev/stdout, /dev/full, /proc/self/fd/N, a FIFO, or a symlink to a
/// device: there is nothing to rename over (and /dev must never be written
/// into), so they are opened and written.
bool writesInPlace(const std::string &Path) {
  llvm::StringRef P(Path);
  if (P.starts_with("/dev/") || P.starts_with("/proc/"))
    return true;
  llvm::sys::fs::file_status St;
  return !llvm::sys::fs::status(Path, St, /*follow=*/true) &&
         llvm::sys::fs::exists(St) && !llvm::sys::fs::is_regular_file(St) &&
         !llvm::sys::fs::is_directory(St);
}

} // namespace

llvm::Error writeFileAtomically(const std::string &Path, llvm::StringRef Data,
                                bool ReplaceSpecial) {
  if (!ReplaceSpecial && writesInPlace(Path)) {
    int FD = -1;
    if (std::error_code EC = llvm::sys::fs::openFileForWrite(
            Path, FD, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_None))
      return fail(EC, Path, "cannot open");
    return writeAll(FD, Data, Path);
  }
  StreamedFile File(Path);
  File.append(Data);
  return File.finish();
}

StreamedFile::StreamedFile(std::string P) : Path(std::move(P)) {
  int FD = -1;
  if ((Error = createTempBeside(Path, FD, Tmp))) {
    ErrorWhat = "cannot create a temporary file";
    return;
  }
  // SIGINT or SIGTERM before the rename: removed, not left behind (a
  // SIGKILL's are swept by removeStaleTemporaries).
  llvm::sys::RemoveFileOnSignal(Tmp);
  OS = std::make_unique<llvm::raw_fd_ostream>(FD, /*shouldClose=*/true);
}

StreamedFile::~StreamedFile() {
  if (OS)
    discard();
}

void StreamedFile::append(llvm::StringRef Data) {
  if (!OS || Error)
    return;
  *OS << Data;
  OS->flush(); // on disk now, not in a buffer
  Size += Data.size();
  if (OS->has_error()) {
    Error = OS->error();
    ErrorWhat = "write failed";
  }
}

void StreamedFile::discard() {
  if (!OS)
    return;
  OS->close();
  OS->clear_error();
  OS.reset();
  llvm::sys::fs::remove(Tmp);
  llvm::sys::DontRemoveFileOnSignal(Tmp);
}

llvm::Error StreamedFile::finish() {
  if (!OS)
    return fail(Error ? Error : std::make_error_code(std::errc::io_error),
                Path, ErrorWhat ? ErrorWhat : "already finished");
  OS->close();
  if (!Error && OS->has_error()) {
    Error = OS->error();
    ErrorWhat = "write failed";
  }
  OS->clear_error();
  OS.reset();
  auto Done = llvm::make_scope_exit([&] {
    llvm::sys::DontRemoveFileOnSignal(Tmp);
  });
  if (Error) {
    llvm::sys::fs::remove(Tmp);
    return fail(Error, Path, ErrorWhat);
  }
  if (std::error_code EC = llvm::sys::fs::rename(Tmp, Path)) {
    llvm::sys::fs::remove(Tmp);
    return fail(EC, Path, "cannot rename into place");
  }
  return llvm::Error::success();
}

unsigned removeStaleTemporaries(const std::string &Dir, unsigned Depth,
                                std::chrono::seconds MinAge) {
  unsigned Removed = 0;
  std::error_code EC;
  auto Now = std::chrono::system_clock::now();
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC)) {
    llvm::ErrorOr<llvm::sys::fs::basic_file_status> St = It->status();
    if (!St)
      continue;
    if (St->type() == llvm::sys::fs::file_type::directory_file) {
      if (Depth)
        Removed += removeStaleTemporaries(It->path(), Depth - 1, MinAge);
      continue;
    }
    if (llvm::StringRef(llvm::sys::path::filename(It->path()))
            .contains(".tmp-") &&
        St->type() == llvm::sys::fs::file_type::regular_file &&
        Now - St->getLastModificationTime() >= MinAge &&
        !llvm::sys::fs::remove(It->path()))
      ++Removed;
  }
  return Removed;
}

llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
readRegularFile(const std::string &Path, bool IsText) {
  llvm::sys::fs::file_status St;
  if (std::error_code EC = llvm::sys::fs::status(Path, St))
    return EC;
  if (St.type() != llvm::sys::fs::file_type::regular_file)
    return std::make_error_code(std::errc::invalid_argument);
  return llvm::MemoryBuffer::getFile(Path, IsText,
                                     /*RequiresNullTerminator=*/IsText);
}

std::string sealText(llvm::StringRef Magic, llvm::StringRef Payload) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << Magic << " xxh3="
     << llvm::format_hex_no_prefix(llvm::xxh3_64bits(Payload), 16)
     << " size=" << Payload.size() << "\n"
     << Payload;
  return Out;
}

llvm::Expected<llvm::StringRef> unsealText(llvm::StringRef Magic,
                                           llvm::StringRef Sealed) {
  auto Bad = [](const char *What) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s", What);
  };
  auto [Header, Payload] = Sealed.split('\n');
  llvm::StringRef H = Header;
  uint64_t Sum = 0, Size = 0;
  if (!H.consume_front(Magic) || !H.consume_front(" xxh3=") || H.size() < 16 ||
      H.take_front(16).getAsInteger(16, Sum))
    return Bad("not a racecar file of this version (bad header)");
  H = H.drop_front(16);
  if (!H.consume_front(" size=") || H.getAsInteger(10, Size))
    return Bad("bad header");
  if (Payload.size() != Size)
    return Bad("size mismatch: the file is truncated or damaged");
  if (llvm::xxh3_64bits(Payload) != Sum)
    return Bad("checksum mismatch: the file is damaged");
  return Payload;
}

} // namespace racer::serialize
