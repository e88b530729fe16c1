//===- CacheFiles.h - File helpers shared by the caches -------*- C++ -*-===//
//
// Why: the per-TU cache (SummaryCache) and the whole-scan result cache
// (ResultCache) hash inputs the same way and write entries the same way:
// through a temporary file and rename(2), so that concurrent scans sharing a
// cache directory never see a partial file.
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_CACHEFILES_H
#define RACER_DRIVER_CACHEFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace racer::driver {

/// BLAKE3 (128 bits) of \p Bytes, in hex.
std::string hashBytes(llvm::StringRef Bytes);
/// hashBytes of a file's contents, or nullopt if it cannot be read or is
/// not a regular file (never read: a FIFO blocks, `/dev/zero` never ends).
std::optional<std::string> hashFile(const std::string &Path);

struct FileStamp {
  uint64_t Size = 0;
  int64_t MTimeNs = 0;
};
/// Size and modification time, or nullopt if the file is missing or not a
/// regular file.
std::optional<FileStamp> stampOf(const std::string &Path);

/// The running binary, by path, size and modification time: a rebuilt
/// racecar may summarize or report differently on the same inputs, so every
/// cache of results (not of parses) is keyed by it.
const std::string &binaryIdentity();

/// True the first time it is called in the process: the caches' write
/// failures are one warning a scan between them (every one with -v).
bool firstCacheWriteWarning();

/// Writes \p Data to \p Path via a unique temporary file and rename(2),
/// replacing whatever is there (a FIFO, a link to a device)
/// (serialize::writeFileAtomically).
llvm::Error writeAtomically(const std::string &Path, llvm::StringRef Data);

} // namespace racer::driver

#endif
