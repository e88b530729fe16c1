//===- FileOutput.h - Whole files written safely, text sealed -*- C++ -*-===//
//
// Why: every file racecar writes (cache entries, the last scan's result,
// shards, reports, Ninja files, depfiles) must never be seen half-written by
// another process, never be written *through* a symlink planted at its path,
// and a failed write must be an error, not a silent short file. And the one
// cache file that is text (the last scan's reports) needs the same checksum
// as the binary ones, or a flipped bit becomes a wrong report that persists.
//
//   writeFileAtomically(Path, Bytes)   // Path.tmp-<random> + rename(2)
//   std::string S = sealText("racecar-result 2", Payload);
//   llvm::Expected<llvm::StringRef> P = unsealText("racecar-result 2", S);
//
// A path under /dev/ or /proc/, or naming an existing non-regular file (a
// FIFO, a symlink to a device), is written in place: there is nothing to
// rename over. A symlink to a regular file (or to nothing) is replaced. The temporary
// name is made here, not with llvm::sys::fs::createUniqueFile, whose model
// would also randomise any '%' in the directory or file name.
//===----------------------------------------------------------------------===//
#ifndef RACER_SERIALIZE_FILEOUTPUT_H
#define RACER_SERIALIZE_FILEOUTPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/ErrorOr.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <memory>
#include <string>

namespace racer::serialize {

/// Writes \p Data to \p Path through a temporary file beside it and
/// rename(2) (replacing a symlink at \p Path, never following it). Errors
/// name the path and the cause.
/// With \p ReplaceSpecial (files racecar keeps: cache entries, records,
/// stores), a FIFO or a link to a device at \p Path is replaced like any
/// file, never written into (opening a FIFO blocks until a reader comes).
llvm::Error writeFileAtomically(const std::string &Path, llvm::StringRef Data,
                                bool ReplaceSpecial = false);

/// A file written piece by piece through a temporary beside \p Path (as
/// writeFileAtomically does it whole) and renamed into place by finish(),
/// so a large file is never held in memory; dropped unfinished, the
/// temporary is removed. The first error sticks: later appends do nothing
/// and finish() returns it.
class StreamedFile {
public:
  explicit StreamedFile(std::string Path);
  ~StreamedFile();
  StreamedFile(const StreamedFile &) = delete;
  StreamedFile &operator=(const StreamedFile &) = delete;

  void append(llvm::StringRef Data);
  /// Bytes appended so far.
  uint64_t size() const { return Size; }
  /// Closes the temporary and renames it to the path.
  llvm::Error finish();
  /// Removes the temporary: nothing is written.
  void discard();

private:
  std::string Path, Tmp;
  std::unique_ptr<llvm::raw_fd_ostream> OS;
  std::error_code Error;
  const char *ErrorWhat = nullptr;
  uint64_t Size = 0;
};

/// Removes the temporaries writeFileAtomically leaves when killed (SIGKILL,
/// a power cut: "<name>.tmp-<hex>") under \p Dir, down to \p Depth levels
/// of subdirectories, if at least \p MinAge old (younger ones may be
/// another scan's, being written). Returns how many.
unsigned removeStaleTemporaries(const std::string &Dir, unsigned Depth,
                                std::chrono::seconds MinAge);

/// The contents of the regular file \p Path (symlinks followed). Anything
/// else is an error without being opened: a FIFO would block the read for
/// ever and a device (`/dev/zero`) never ends. For the files racecar keeps
/// or is handed (cache entries, manifests, records, shards, configs).
llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
readRegularFile(const std::string &Path, bool IsText = false);

/// "<Magic> xxh3=<16 hex digits> size=<payload bytes>\n<payload>".
std::string sealText(llvm::StringRef Magic, llvm::StringRef Payload);
/// The payload of sealText's output; an error if the magic differs or the
/// size or checksum does not match (truncated or damaged).
llvm::Expected<llvm::StringRef> unsealText(llvm::StringRef Magic,
                                           llvm::StringRef Sealed);

} // namespace racer::serialize

#endif
