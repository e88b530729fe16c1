//===- CallGraph.h - Whole-program call graph and its SCCs -----*- C++ -*-===//
//
// Why: summaries are computed bottom-up, callees before callers. Recursion
// makes cycles; each strongly connected component is summarized as a unit
// (iterating to a fixpoint inside it), and the DAG of components orders the
// work. The DAG is exposed (callee counts and caller lists) so a scheduler can
// start an SCC as soon as all of its callees are done, without levels.
//
//   CallGraph G = CallGraph::build(Functions);
//   for (uint32_t C : G.bottomUpOrder()) ...   // or schedule by G.Callers
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_CALLGRAPH_H
#define RACER_SUMMARIZE_CALLGRAPH_H

#include "summarize/FlatLists.h"
#include "summarize/ir/IR.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <vector>

namespace racer {

/// Function index by symbol. Symbols are interned, so by pointer: a
/// StringMap held a copy of every function's symbol (a million functions:
/// ~90 MB with its table).
class SymbolIndex {
public:
  using Map = llvm::DenseMap<const void *, uint32_t>;
  Map::const_iterator find(ir::Symbol S) const { return M.find(S.opaque()); }
  Map::const_iterator end() const { return M.end(); }
  size_t size() const { return M.size(); }
  void reserve(size_t N) { M.reserve(N); }
  /// Keeps the first index given for \p S.
  void try_emplace(ir::Symbol S, uint32_t I) { M.try_emplace(S.opaque(), I); }

private:
  Map M;
};

class CallGraph {
public:
  /// Builds the graph over \p Functions (edges by callee symbol; calls to
  /// functions without a body are not edges).
  static CallGraph build(const std::vector<ir::Function> &Functions);

  /// SCCs in bottom-up (reverse topological) order: every callee SCC comes
  /// before its callers. Each SCC lists function indexes.
  const FlatLists &sccs() const { return SCCs; }
  /// For SCC i: the SCCs that call into it (deduplicated).
  const FlatLists &callers() const { return Callers; }
  /// For SCC i: how many distinct other SCCs it calls.
  const std::vector<uint32_t> &calleeCounts() const { return CalleeCounts; }
  /// Function index -> its SCC.
  const std::vector<uint32_t> &sccOf() const { return SCCOf; }
  /// Symbol -> function index.
  const SymbolIndex &index() const { return Index; }

private:
  FlatLists SCCs;
  FlatLists Callers;
  std::vector<uint32_t> CalleeCounts;
  std::vector<uint32_t> SCCOf;
  SymbolIndex Index;
};

struct FunctionSummary;

/// Per function of \p G: some summary of \p Summaries (one per function)
/// starts it as a thread's entry (ThreadSpawn::Entry).
std::vector<bool> startedAsThreads(const CallGraph &G,
                                   const std::vector<FunctionSummary> &Summaries);

} // namespace racer

#endif
