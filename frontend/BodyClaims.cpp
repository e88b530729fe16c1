//===- BodyClaims.cpp - Each project header body parsed once per scan -----===//
#include "frontend/BodyClaims.h"

#include "llvm/Support/xxhash.h"

namespace racer::frontend {

BodyClaims::Shard &BodyClaims::shardOf(llvm::StringRef Symbol) {
  return Shards[llvm::xxh3_64bits(Symbol) % NumShards];
}

bool BodyClaims::skip(llvm::StringRef Symbol, uint32_t Order) {
  Shard &S = shardOf(Symbol);
  std::lock_guard<std::mutex> G(S.M);
  auto [It, New] = S.Owner.try_emplace(Symbol, Order);
  if (New)
    return false;
  if (It->second < Order)
    return true;
  It->second = Order;
  return false;
}

void BodyClaims::claimAll(const ir::Module &M, uint32_t Order) {
  for (const ir::Function &F : M.Functions) {
    Shard &S = shardOf(F.Symbol);
    std::lock_guard<std::mutex> G(S.M);
    auto [It, New] = S.Owner.try_emplace(F.Symbol.str(), Order);
    if (!New && Order < It->second)
      It->second = Order;
  }
}

} // namespace racer::frontend
