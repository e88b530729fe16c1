//===- BodyClaims.h - Each project header body parsed once per scan -*- C++ -*-===//
//
// Why: an inline function or member function defined in a project header
// is parsed and lowered again by every TU that includes the header, then
// deduplicated by the link (rocksdb: 477,122 functions lowered, 15,412
// linked; skipping those bodies saves a third of a C++ TU's parse). The
// workers of a scan share this table: before parsing such a body a TU asks
// whether a TU *earlier in main-file order* has already claimed it, and
// skips the body if so; otherwise it claims the body itself.
//
// Why earlier, not first to arrive: the link keeps the copy of the first TU
// in main-file order that defines a symbol. That TU never skips the body
// (only an earlier TU could make it), so the kept copy, and everything its
// parse instantiates, is the one a scan without skipping keeps, whatever
// order the workers run in: the reports are the same bytes. A TU that
// skipped a body records it (ir::Module::SkippedBodies); if the TU it left
// the body to is not linked in the end (it failed, or, cached from an
// earlier scan, it changed), the driver analyses the skipping TU again in
// full.
//
// Only non-template bodies outside the main file and system headers are
// candidates (frontend/FrontendAction.cpp); templates, constexpr functions
// and functions with deduced return types are parsed as before.
//
//   auto Claims = std::make_shared<BodyClaims>();
//   Opts.Claims = Claims;                      // Job.Order = main-file order
//   Claims->claimAll(CachedModule, Order);     // a TU taken from the cache
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_BODYCLAIMS_H
#define RACER_FRONTEND_BODYCLAIMS_H

#include "summarize/ir/IR.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <mutex>

namespace racer::frontend {

class BodyClaims {
public:
  /// True if a TU before \p Order (in main-file order) claimed \p Symbol:
  /// the caller skips the body. Otherwise \p Order holds the claim now.
  /// Thread-safe.
  bool skip(llvm::StringRef Symbol, uint32_t Order);
  /// Claims every function \p M defines for TU \p Order (a TU whose module
  /// came from the cache, so later TUs can skip those bodies).
  void claimAll(const ir::Module &M, uint32_t Order);

private:
  static constexpr unsigned NumShards = 64;
  struct Shard {
    std::mutex M;
    llvm::StringMap<uint32_t> Owner; ///< symbol -> earliest claimant
  };
  Shard &shardOf(llvm::StringRef Symbol);
  Shard Shards[NumShards];
};

} // namespace racer::frontend

#endif
