//===- Bundle.h - Many TU files in one: shards and map outputs -*- C++ -*-===//
//
// Why: `racecar summarize` writes one TU's result, `racecar scan --shard K/N`
// writes a shard's, and `racecar merge` reads any number of either. A bundle
// holds the TU files (each one a checksummed TUFile encoding, see
// ModuleCodec.h) plus the TUs that could not be analysed, so a merged scan
// still reports them and exits with the same status as a single scan.
//
// A shard records which one it is (K of N), so that merge can refuse an
// incomplete or duplicated set.
//
//   Layout: "RCB2" | u32 version | u32 shard index K | u32 shard count N
//           (0 0: not a shard, e.g. `racecar summarize`) | u32 failed count |
//           failed paths (u32 length + bytes each) | u32 TU count | TUs (u64
//           length + TUFile bytes each) | u64 xxh3 of everything before it
//===----------------------------------------------------------------------===//
#ifndef RACER_SERIALIZE_BUNDLE_H
#define RACER_SERIALIZE_BUNDLE_H

#include "serialize/ModuleCodec.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace racer::serialize {

struct Bundle {
  std::vector<TUFile> TUs;
  std::vector<std::string> FailedTUs;
  /// Shard K (1-based) of N; both 0 when the bundle is not a shard.
  uint32_t ShardIndex = 0, ShardCount = 0;
};

std::vector<uint8_t> encodeBundle(const Bundle &B);
llvm::Expected<Bundle> decodeBundle(llvm::ArrayRef<uint8_t> Bytes);
/// Writes via a temporary file and rename, so readers never see a part.
llvm::Error writeBundleAtomically(const std::string &Path, const Bundle &B);
llvm::Expected<Bundle> readBundle(const std::string &Path);

} // namespace racer::serialize

#endif
