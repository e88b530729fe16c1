//===- Bundle.h - Many TU files in one: shards and map outputs -*- C++ -*-===//
//
// Why: `racecar summarize` writes one TU's result, `racecar scan --shard K/N`
// writes a shard's, and `racecar merge` reads any number of either. A bundle
// holds the TU files (each one a checksummed TUFile encoding, see
// ModuleCodec.h) plus the TUs that could not be analysed, so a merged scan
// still reports them and exits with the same status as a single scan.
//
//   Layout: "RCB1" | u32 version | u32 failed count | failed paths
//           (u32 length + bytes each) | u32 TU count | TUs (u64 length +
//           TUFile bytes each) | u64 xxh3 of everything before it
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
};

std::vector<uint8_t> encodeBundle(const Bundle &B);
llvm::Expected<Bundle> decodeBundle(llvm::ArrayRef<uint8_t> Bytes);
/// Writes via a temporary file and rename, so readers never see a part.
llvm::Error writeBundleAtomically(const std::string &Path, const Bundle &B);
llvm::Expected<Bundle> readBundle(const std::string &Path);

} // namespace racer::serialize

#endif
