//===- ShardSet.cpp - Is a set of .rcs inputs complete? -------------------===//
#include "driver/ShardSet.h"

namespace racer::driver {

bool ShardSet::problem(const std::string &Message) {
  if (AllowPartial) {
    Errs << "racecar: warning: " << Message << " (--allow-partial)\n";
    return false;
  }
  Errs << "racecar: error: " << Message
       << "; give every shard once, or --allow-partial\n";
  Failed = true;
  return false;
}

bool ShardSet::admit(const std::string &Path, uint32_t K, uint32_t N) {
  if (N == 0)
    return true;
  std::string Name = std::to_string(K) + "/" + std::to_string(N);
  if (Count == 0) {
    Count = N;
    CountFrom = Path;
  } else if (N != Count) {
    return problem("'" + Path + "' is shard " + Name + " but '" + CountFrom +
                   "' is one of " + std::to_string(Count) +
                   ": shards of different splits; skipping '" + Path + "'");
  }
  auto [It, New] = Shards.try_emplace(K, Path);
  if (!New)
    return problem("shard " + Name + " given twice ('" + It->second +
                   "' and '" + Path + "'); skipping '" + Path + "'");
  return true;
}

bool ShardSet::admitTU(const std::string &MainFile, const std::string &Path) {
  auto [It, New] = TUs.try_emplace(MainFile, Path);
  if (New)
    return true;
  return problem("'" + MainFile + "' is in both '" + It->second + "' and '" +
                 Path + "'; keeping the first");
}

bool ShardSet::finish(std::vector<std::string> &FailedTUs) {
  if (Failed)
    return false;
  std::string Missing;
  unsigned NMissing = 0;
  for (uint32_t K = 1; K <= Count; ++K)
    if (!Shards.count(K)) {
      std::string Name = std::to_string(K) + "/" + std::to_string(Count);
      Missing += (NMissing++ ? ", " : "") + Name;
      if (AllowPartial)
        FailedTUs.push_back("shard " + Name + " (missing)");
    }
  if (NMissing == 0)
    return true;
  problem("incomplete set of shards: " + std::to_string(Shards.size()) +
          " of " + std::to_string(Count) + ", missing " + Missing);
  return !Failed;
}

} // namespace racer::driver
