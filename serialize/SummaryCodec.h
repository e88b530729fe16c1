//===- SummaryCodec.h - One SCC's summaries as canonical bytes -*- C++ -*-===//
//
// Why: the summary cache (driver/SccCache.h) keeps every SCC's summaries
// between scans, so that an edit re-summarizes only what it changed. On a C
// program like redis that is 3.6 million access snapshots with 26 million
// trace frames (every caller repeats its callees' accesses); through the
// Cap'n Proto codec of ModuleCodec.h they took 3.2 s to encode and 4.6 s to
// decode, as long as summarizing itself. This codec is made for that shape:
// varints, a string table per SCC, and each access written as the
// difference from the previous one (the steps of its path and the frames of
// its trace that it shares with it; consecutive accesses usually come from
// the same callee through the same call).
//
// The bytes are canonical: strings by content and files by path, in a fixed
// walk order, so the same summaries give the same bytes in every process.
// Their hash is what callers' cache keys contain (early cutoff: a callee
// re-summarized to the same bytes leaves its callers' keys unchanged).
//
// Layout: string table | anchors (the functions lines are measured from) |
// member count | every member's head (all of its summary but the accesses)
// | the byte length of every member's accesses | every member's accesses.
// The heads come first so that a reader that needs no accesses (most reused
// SCCs) decodes only a prefix (EncodedSummaries::HeadBytes of it); the
// lengths let a reader that needs some members' accesses skip the others'.
//
//   EncodedSummaries E = encodeSummaries({&S1, &S2}, Program.Files);
//   std::vector<FunctionSummary> Out;
//   if (Error Err = decodeSummaries(E.Bytes, /*HeadsOnly=*/false, Resolve, Out))
//
// This header is free of Cap'n Proto and zstd, so any folder may include it;
// compression and the files the bytes live in are SccStore.h's business.
//===----------------------------------------------------------------------===//
#ifndef RACER_SERIALIZE_SUMMARYCODEC_H
#define RACER_SERIALIZE_SUMMARYCODEC_H

#include "summarize/Summary.h"
#include "summarize/ir/FunctionDigest.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace racer::serialize {

/// Bump on any change to the encoding below; stored entries of another
/// version are never read (SccStore checks it).
constexpr uint32_t SummaryCodecVersion = 30;

struct EncodedSummaries {
  /// The encoding; with a sink (encodeSummaries), its first HeadBytes only.
  std::string Bytes;
  /// Bytes[0, HeadBytes) holds the string table and the heads.
  uint32_t HeadBytes = 0;
  /// The size of the whole encoding.
  uint64_t Size = 0;
  /// The digest of the whole encoding (the digests of its heads and of its
  /// accesses' chunks: computed as they are written, so the same with or
  /// without a sink). Equal bytes, equal digests.
  ir::Digest Digest;
  /// The digest of the bytes with every line left out: two encodings of
  /// one shape differ in lines only (a statement added to a function moves
  /// its accesses, and its callers' copies of them, and nothing else).
  ir::Digest Shape;
};

/// What a place's line is measured from: the function whose text holds it
/// (driver/LineAnchors.h) and that function's first line. A line inside a
/// function is written as its distance from the function's first line, with
/// the function's symbol, so that code moving down its file (lines added
/// above it) keeps the bytes of every summary that names it, and a reader
/// puts each place where its function is now. No function: the line is
/// written as it is.
struct LineAnchor {
  ir::Symbol Function; ///< empty: none
  uint32_t FirstLine = 0;
};
/// The anchor of a place (not called for "no location").
using AnchorOf = llvm::function_ref<LineAnchor(const ir::Loc &)>;

/// Where an encoding's accesses go, a megabyte or so at a time.
using ChunkSink = llvm::function_ref<void(llvm::StringRef)>;

/// Encodes \p Members (an SCC's summaries, in member order); every
/// ir::Loc::File indexes \p Files and is written as that path. With
/// \p Anchors, lines are written relative to their anchors. With \p Sink,
/// the bytes after the heads (the accesses, most of them) go to it as they
/// are written, and the result's Bytes holds the rest: a large SCC's
/// encoding (~35 MB on redis) is never all in memory.
EncodedSummaries encodeSummaries(llvm::ArrayRef<const FunctionSummary *> Members,
                                 llvm::ArrayRef<std::string> Files,
                                 AnchorOf Anchors = nullptr,
                                 ChunkSink Sink = nullptr);

/// The program's file index of a path read from encoded summaries.
using FileResolver = llvm::function_ref<uint32_t(llvm::StringRef Path)>;
/// The first line, in this program, of a function read as an anchor.
using AnchorResolver = llvm::function_ref<uint32_t(llvm::StringRef Function)>;

/// Decodes encoded summaries into \p Out (one per member). With
/// \p HeadsOnly, \p Bytes may be just the first HeadBytes and every
/// summary's Accesses stays empty. With \p Members (one flag per member),
/// only the flagged members' accesses are decoded (the others' bytes are
/// skipped, their Accesses empty). Every anchor the bytes name is resolved
/// (by \p Lines) while the heads are read, whether or not accesses are.
/// Malformed bytes, or anchors without \p Lines, are an llvm::Error, never
/// a crash.
llvm::Error decodeSummaries(llvm::StringRef Bytes, bool HeadsOnly,
                            FileResolver Resolve,
                            std::vector<FunctionSummary> &Out,
                            AnchorResolver Lines = nullptr,
                            const std::vector<bool> *Members = nullptr);

} // namespace racer::serialize

#endif
