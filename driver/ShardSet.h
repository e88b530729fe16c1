//===- ShardSet.h - Is a set of .rcs inputs complete? ----------*- C++ -*-===//
//
// Why: `racecar merge` of 3 of 4 shards used to report what it had with no
// warning, and a shard given twice inflated the TU count. Every shard
// records K/N (serialize::Bundle); merge checks that its inputs are one
// split, each shard once, and no TU twice, and refuses otherwise (exit 2)
// unless --allow-partial, which warns, skips duplicates, and counts each
// missing shard as a TU that could not be analysed.
//
//   ShardSet S(AllowPartial, errs());
//   for each input: if (!S.admit(Path, K, N)) skip it;  then per TU:
//                   if (!S.admitTU(MainFile, Path)) skip the TU;
//   if (!S.finish(FailedTUs)) exit 2;
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_SHARDSET_H
#define RACER_DRIVER_SHARDSET_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace racer::driver {

class ShardSet {
public:
  ShardSet(bool AllowPartial, llvm::raw_ostream &Errs)
      : AllowPartial(AllowPartial), Errs(Errs) {}

  /// Input \p Path is shard \p K of \p N (0 0: not a shard). False: skip
  /// it (a duplicate under --allow-partial) or, if failed(), stop.
  bool admit(const std::string &Path, uint32_t K, uint32_t N);
  /// The TU \p MainFile from \p Path: false if another input had it.
  bool admitTU(const std::string &MainFile, const std::string &Path);
  /// After the last input: every shard 1..N present? Missing ones are added
  /// to \p FailedTUs under --allow-partial.
  bool finish(std::vector<std::string> &FailedTUs);
  /// An error was reported: merge must exit 2.
  bool failed() const { return Failed; }

private:
  bool problem(const std::string &Message);

  bool AllowPartial;
  llvm::raw_ostream &Errs;
  bool Failed = false;
  uint32_t Count = 0;
  std::string CountFrom;
  std::map<uint32_t, std::string> Shards;
  llvm::StringMap<std::string> TUs;
};

} // namespace racer::driver

#endif
