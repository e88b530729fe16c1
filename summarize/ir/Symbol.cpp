//===- Symbol.cpp - The process-wide string interner ----------------------===//
#include "summarize/ir/Symbol.h"

#include "llvm/Support/raw_ostream.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/xxhash.h"

#include <deque>
#include <mutex>

namespace racer::ir {

namespace {

constexpr unsigned NumShards = 64;

/// Keys are views of the interned strings themselves: each string's bytes
/// are stored once (a StringMap of std::string held them twice, its key and
/// its value: ~30 bytes a symbol, a million functions' names and USRs).
struct KeyInfo {
  static llvm::StringRef getEmptyKey() {
    return llvm::DenseMapInfo<llvm::StringRef>::getEmptyKey();
  }
  static llvm::StringRef getTombstoneKey() {
    return llvm::DenseMapInfo<llvm::StringRef>::getTombstoneKey();
  }
  static unsigned getHashValue(llvm::StringRef S) {
    return unsigned(llvm::xxh3_64bits(S) >> 6); // the low bits chose the shard
  }
  static bool isEqual(llvm::StringRef A, llvm::StringRef B) {
    return llvm::DenseMapInfo<llvm::StringRef>::isEqual(A, B);
  }
};

/// A deque's elements never move, so a pointer to an interned std::string
/// stays valid for the life of the process.
struct Shard {
  std::mutex Mu;
  std::deque<std::string> Strings;
  llvm::DenseMap<llvm::StringRef, const std::string *, KeyInfo> Index;
};

Shard *shards() {
  // Leaked on purpose: Symbols may outlive static destructors.
  static Shard *S = new Shard[NumShards];
  return S;
}

} // namespace

const std::string *Symbol::intern(llvm::StringRef Str) {
  if (Str.empty())
    return &emptyString();
  Shard &Sh = shards()[llvm::xxh3_64bits(Str) % NumShards];
  std::lock_guard<std::mutex> Lock(Sh.Mu);
  auto It = Sh.Index.find(Str);
  if (It != Sh.Index.end())
    return It->second;
  const std::string &S = Sh.Strings.emplace_back(Str.str());
  Sh.Index.try_emplace(llvm::StringRef(S), &S);
  return &S;
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, Symbol S) {
  return OS << S.str();
}

} // namespace racer::ir
