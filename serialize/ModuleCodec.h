//===- ModuleCodec.h - Per-TU IR/summary files (Cap'n Proto + zstd) -*- C++ -*-===//
//
// Why: a cache or a build farm keeps each translation unit's lowered module
// (and optionally its functions' summaries) on disk, one file per TU, so an
// unchanged TU is never parsed again and per-TU work can run elsewhere. The
// file must be hermetic (same input, same bytes, so files can be content-
// addressed and compared) and self-checking: a truncated, corrupt or
// old-format file is rejected with an llvm::Error, never a crash or a
// silently wrong module.
//
// On-disk form (all integers little-endian):
//
//   offset size
//        0    4  magic "RCS1"
//        4    4  format version (FormatVersion)
//        8    8  size of the uncompressed Cap'n Proto message, in bytes
//       16    8  xxh3-64 of the payload (bytes 24..end)
//       24    *  payload: one zstd frame (with its content size, without
//                zstd's own checksum) holding the Cap'n Proto message
//                `TUFile` of serialize/schema/racecar.capnp in the standard
//                unpacked stream form (segment table, then segments)
//
//   serialize::TUFile F{"src/a.cpp", std::move(Module), {}};
//   if (llvm::Error E = serialize::writeTUFileAtomically(Path, F)) ...
//   llvm::Expected<serialize::TUFile> G = serialize::readTUFile(Path);
//
// This header is free of Cap'n Proto and zstd (only serialize/*.cpp include
// them), so any folder may include it.
//===----------------------------------------------------------------------===//
#ifndef RACER_SERIALIZE_MODULECODEC_H
#define RACER_SERIALIZE_MODULECODEC_H

#include "summarize/Summary.h"
#include "summarize/ir/IR.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace racer::serialize {

/// Version of the on-disk format (header and schema). Bump it on any change
/// an older reader would misread; readers reject every other version.
constexpr uint32_t FormatVersion = 47;

/// The four magic bytes every file starts with.
constexpr char Magic[4] = {'R', 'C', 'S', '1'};
/// Size of the fixed header before the zstd payload.
constexpr size_t HeaderSize = 24;
/// Largest uncompressed message a writer produces and a reader accepts (a
/// guard against absurd sizes; a 10,000-function TU is about 30 MB).
constexpr uint64_t MaxMessageBytes = uint64_t(1) << 30;
/// A reader also refuses a message more than MaxExpansion times its
/// compressed payload (plus ExpansionSlack): so a small crafted file cannot
/// make the decoder allocate a gigabyte. Real files expand 3-7x.
constexpr uint64_t MaxExpansion = 256;
constexpr uint64_t ExpansionSlack = uint64_t(1) << 20;

/// What one file holds: a TU's main file, its module and, optionally, the
/// summaries of (some of) its functions.
struct TUFile {
  std::string MainFile;
  ir::Module Module;
  std::vector<FunctionSummary> Summaries;
};

/// Encoder knobs. The defaults are what the cache uses.
struct EncodeOptions {
  /// zstd compression level (1..19; 3 is zstd's default).
  int ZstdLevel = 3;
  /// Store each distinct string once in the file's string table (the
  /// format's normal form). false gives every occurrence its own table
  /// entry: still a valid file that decodes to the same TUFile, but larger;
  /// it exists only to measure what the deduplication buys (perf/).
  bool DedupStrings = true;
};

/// The decoded fixed header of a file (see peekHeader).
struct FileHeader {
  uint32_t Version = 0;
  uint64_t MessageBytes = 0; ///< uncompressed Cap'n Proto message size
  uint64_t PayloadBytes = 0; ///< compressed payload size (file size - header)
  uint64_t Checksum = 0;     ///< xxh3-64 of the payload, as stored
};

/// Encodes \p F to the on-disk form. Deterministic: the same TUFile (and
/// options) always gives the same bytes, for given Cap'n Proto and zstd
/// library versions. A TUFile beyond the format's limits (a message over
/// MaxMessageBytes, a list over 2^29 elements) is a fatal error here;
/// writeTUFileAtomically reports it as an llvm::Error instead.
std::vector<uint8_t> encodeTUFile(const TUFile &F, int ZstdLevel = 3);
std::vector<uint8_t> encodeTUFile(const TUFile &F, const EncodeOptions &Opts);

/// Decodes and validates a whole file: magic, version, checksum, zstd frame,
/// Cap'n Proto structure and value ranges (enums, string-table indexes,
/// block successors). Any failure is an llvm::Error whose message says what
/// is wrong; nothing throws.
llvm::Expected<TUFile> decodeTUFile(llvm::ArrayRef<uint8_t> Bytes);

/// Validates only the fixed header (magic, version, sizes) of \p Bytes,
/// without touching the payload or its checksum.
llvm::Expected<FileHeader> peekHeader(llvm::ArrayRef<uint8_t> Bytes);

/// Validates the header and the payload's checksum of \p Bytes without
/// decompressing or decoding it: a file that passes has the content its
/// checksum names (the cheap check of a cache entry that is not read).
llvm::Expected<FileHeader> verifyChecksum(llvm::ArrayRef<uint8_t> Bytes);

/// Writes \p F to \p Path through a unique temporary file in the same
/// directory and rename(2): readers see the old file or the complete new
/// one, never a partial file. The temporary is removed on failure.
/// With \p Checksum, the written file's FileHeader::Checksum.
llvm::Error writeTUFileAtomically(const std::string &Path, const TUFile &F,
                                  uint64_t *Checksum = nullptr);

/// Reads and decodes \p Path. Error messages start with the path.
llvm::Expected<TUFile> readTUFile(const std::string &Path);

} // namespace racer::serialize

#endif
