//===- PairCandidates.h - The accesses one access may race with -*- C++ -*-===//
//
// Why: the thread check pairs every access of one memory with every other
// (RootAnalysis::pairGroup), and a root of a large server has groups of
// thousands of accesses from hundreds of thread origins: the whole rocksdb
// visited 5.3 billion pairs. Most pairs are settled by what the two accesses
// share with many others: whether one writes, whether their origins ever run
// at once (a thread and itself, one joined before the other starts), and what
// their locks say (LockVerdicts). Those facts are kinds, not accesses:
//
//   X's kind = (origin, lock class, atomic)    lock class = (locks held,
//                                              nestings, whether it writes)
//
// so the Ys an X may race with are found once per kind of X, and the pairing
// visits only them: the witnesses (a race if the two may run at once) and the
// assumed (taken as safe by locks that cannot be named: an assumption if
// they may run at once).
//
//   one memory's 7,900 accesses from 256 origins: 62 M pairs
//   -> a few hundred kinds, each a list of the Ys left to look at
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_PAIRCANDIDATES_H
#define RACER_SUMMARIZE_PAIRCANDIDATES_H

#include "summarize/LockProtection.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <tuple>
#include <vector>

namespace racer {

class PairCandidates {
public:
  /// What of an access decides which others it may race with.
  struct Side {
    uint32_t Id;        ///< the caller's name for the access
    uint32_t Origin;    ///< its thread origin
    uint32_t LockClass; ///< LockVerdicts::classOf
    bool Write;
    bool Atomic;
    uint32_t TraceSize; ///< witnesses with shorter traces come first
  };
  /// Accesses of origins \p OX and \p OY may run at the same time (for some
  /// accesses of theirs).
  using MayOverlap = llvm::function_ref<bool(uint32_t OX, uint32_t OY)>;
  /// \p Ys, the accesses an X is paired with; \p Verdicts classed them.
  /// \p Overlap must outlive this.
  PairCandidates(std::vector<Side> Ys, LockVerdicts &Verdicts,
                 MayOverlap Overlap);

  struct Witness {
    uint32_t Id;
    PairVerdict V; ///< Unprotected, or DifferentLocks
  };
  struct Lists {
    /// Ys that race with X if the two may run at once, shortest trace
    /// first, in Ys' order among equal lengths.
    std::vector<Witness> Witnesses;
    /// Ys taken as ordered by locks that cannot be told apart or named
    /// (`m[i]`, a mutex through an unknown pointer), in Ys' order.
    std::vector<uint32_t> Assumed;
  };
  /// The Ys \p X may race with. \p HoldsGuard: X holds the lock that guards
  /// the memory (GuardingLock::heldBy; a function of X's lock class), so
  /// different locks are reported at the other side. The lists stay valid
  /// until the next call.
  const Lists &of(const Side &X, bool HoldsGuard);

  /// The Ys \p X can race with and may overlap that no locks order which
  /// each name one mutex (orderedByIdentifiableLocks), in Ys' order: those
  /// that may be X's memory under another name, if they may run at once.
  const std::vector<uint32_t> &unordered(const Side &X);

private:
  /// The positions in Ys of those an access of \p X's origin, writing or
  /// atomic as X is, can race with and may overlap.
  const std::vector<uint32_t> &meeting(const Side &X);
  void keep(size_t Entries);

  std::vector<Side> Ys;
  LockVerdicts &Verdicts;
  MayOverlap Overlap;
  /// Ys' positions by origin, in order.
  llvm::DenseMap<uint32_t, std::vector<uint32_t>> ByOrigin;
  /// By (origin, write, atomic).
  llvm::DenseMap<std::tuple<uint32_t, unsigned, unsigned>,
                 std::vector<uint32_t>>
      Meeting;
  /// By (origin, lock class, atomic).
  llvm::DenseMap<std::tuple<uint32_t, uint32_t, unsigned>, Lists> Found;
  /// By (origin, lock class, atomic).
  llvm::DenseMap<std::tuple<uint32_t, uint32_t, unsigned>,
                 std::vector<uint32_t>>
      Unordered;
  /// Entries held in the maps above: all are emptied past a bound, so
  /// a group where every access is of its own kind holds no n^2 lists.
  size_t Held = 0;
};

} // namespace racer

#endif
