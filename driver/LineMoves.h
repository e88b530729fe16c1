//===- LineMoves.h - Stored summaries follow their callees' lines -*- C++ -*-===//
//
// Why: a statement added to a function moves the places of its accesses,
// and every caller's summary holds copies of them: on redis, a statement at
// the top of freeClientArgv() re-summarized 1,895 SCCs, a third of the
// program, whose summaries came out the same but for those lines. The
// summary cache keys an SCC by its callees' summaries' *shape* (their
// encoding without lines, serialize/SummaryCodec.h) and records, with each
// stored SCC, the exact callee summaries it was made from (its basis). A
// stored SCC whose callees changed in lines only is read, its places moved
// as theirs moved, instead of being summarized again.
//
// The moves of one callee are found by reading its summaries as they were
// (the basis) and as they are, which have the same shape: the same places
// in the same order. Place k of the old maps to place k of the new; a place
// that would map to two places (the alignment is not a move) makes the
// caller be summarized again.
//
//   LineMoves M;
//   if (!M.add(OldSummaries, NewSummaries)) ...  // summarize it again
//   M.apply(StoredCallerSummaries);
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_LINEMOVES_H
#define RACER_DRIVER_LINEMOVES_H

#include "summarize/Summary.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace racer::driver {

class LineMoves {
public:
  /// Adds the moves from \p Old to \p New (an SCC's summaries, as stored
  /// and as they are now, of one shape). False if they do not align: a
  /// different number of places, another file or column, or a place that
  /// already moves elsewhere.
  /// With \p Known, also the places that stay (lineOf answers for
  /// every place of \p Old).
  bool add(const std::vector<FunctionSummary> &Old,
           llvm::ArrayRef<const FunctionSummary *> New, bool Known = false);
  /// Adds \p Other's moves; false if one place would move to two lines.
  bool merge(const LineMoves &Other);
  /// Moves every place of \p S that moved.
  void apply(std::vector<FunctionSummary> &S) const;
  bool empty() const { return Moves.empty(); }
  /// The line old place \p L is on now, if it moved or (added with Known)
  /// stayed; none for a place add() never saw.
  std::optional<uint32_t> lineOf(const ir::Loc &L) const {
    auto It = Moves.find(keyOf(L));
    if (It != Moves.end())
      return It->second;
    if (Stays.count(keyOf(L)))
      return L.Line;
    return std::nullopt;
  }

private:
  static std::pair<uint64_t, uint32_t> keyOf(const ir::Loc &L) {
    return {uint64_t(L.File) << 32 | L.Line, L.Col};
  }
  /// (file, line), column -> the new line; places that moved only.
  llvm::DenseMap<std::pair<uint64_t, uint32_t>, uint32_t> Moves;
  /// Places seen to stay (add with Known only).
  llvm::DenseSet<std::pair<uint64_t, uint32_t>> Stays;
};

} // namespace racer::driver

#endif
