//===- Symbol.cpp - The process-wide string interner ----------------------===//
#include "summarize/ir/Symbol.h"

#include "llvm/Support/raw_ostream.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/xxhash.h"

#include <mutex>

namespace racer::ir {

namespace {

constexpr unsigned NumShards = 64;

/// Each entry's value is the interned std::string; StringMap entries never
/// move, so the pointer stays valid for the life of the process.
struct Shard {
  std::mutex Mu;
  llvm::StringMap<std::string, llvm::BumpPtrAllocator> Strings;
};

Shard *shards() {
  // Leaked on purpose: Symbols may outlive static destructors.
  static Shard *S = new Shard[NumShards];
  return S;
}

} // namespace

const std::string &Symbol::emptyString() {
  static const std::string *Empty = new std::string();
  return *Empty;
}

const std::string *Symbol::intern(llvm::StringRef Str) {
  if (Str.empty())
    return &emptyString();
  Shard &Sh = shards()[llvm::xxh3_64bits(Str) % NumShards];
  std::lock_guard<std::mutex> Lock(Sh.Mu);
  auto [It, New] = Sh.Strings.try_emplace(Str);
  if (New)
    It->second = Str.str();
  return &It->second;
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, Symbol S) {
  return OS << S.str();
}

} // namespace racer::ir
