//===- SyntheticIR.h - Realistic generated IR for benchmarks ---*- C++ -*-===//
//
// Why: benchmarks of the phases after the frontend (serialization, linking,
// summarizing, conflict finding) should not need Clang or real sources, but
// they must see IR shaped like the frontend's: classes with a mutex and a few
// fields, methods of ~20 instructions over 2-4 step paths, RAII guards,
// container calls, calls between methods, local pointer bindings, branches,
// qualified names and USR-like symbols that repeat across a TU. Output is a
// pure function of the options, so runs are comparable.
//
//   perf::SyntheticOptions O;  O.Functions = 1000;
//   ir::Module M = perf::makeSyntheticModule(O);
//   std::vector<ir::Module> P = perf::makeSyntheticProgram(8, O); // 8 TUs
//===----------------------------------------------------------------------===//
#ifndef RACER_PERF_SYNTHETICIR_H
#define RACER_PERF_SYNTHETICIR_H

#include "summarize/Summary.h"
#include "summarize/ir/IR.h"

#include <cstdint>
#include <vector>

namespace racer::perf {

struct SyntheticOptions {
  /// Functions defined by the TU itself (besides SharedFunctions).
  unsigned Functions = 1000;
  /// Average instructions per function (actual counts vary by +-50%).
  unsigned InstrsPerFunction = 20;
  /// Methods per class; about 1 in 8 functions is a free function instead.
  unsigned MethodsPerClass = 8;
  /// Data fields per class (plus its mutex `mu_`).
  unsigned FieldsPerClass = 6;
  /// Percent of classes that use their mutex at all; the others are plain
  /// data classes, which RacerD's rule does not check. Real code: 12% of
  /// leveldb's classes show evidence of concurrency, 1.4% of rocksdb's.
  unsigned LockingClassPercent = 10;
  /// Percent of a locking class's methods that hold its mutex. Together
  /// with LockingClassPercent this sets how often the program races: the
  /// defaults give about as many reports per function as leveldb and
  /// rocksdb (0.04-0.07); 100 and 40 give a program that races ~40 times
  /// as often (every class locks, most methods do not).
  unsigned LockedMethodPercent = 85;
  /// Functions of a header every TU includes (inline methods, templates):
  /// the same symbols and bodies in every TU, as the link step sees them.
  unsigned SharedFunctions = 0;
  /// Which TU of a program this is: its own functions get distinct names.
  unsigned TUIndex = 0;
  uint64_t Seed = 1;
};

/// One TU's module.
ir::Module makeSyntheticModule(const SyntheticOptions &O);

/// \p TUs modules with TUIndex 0..TUs-1 (and the same shared header).
std::vector<ir::Module> makeSyntheticProgram(unsigned TUs,
                                             const SyntheticOptions &PerTU);

/// The real summarizer's summaries of \p M's functions (calls into other TUs
/// are left unresolved, as for a single TU).
std::vector<FunctionSummary> summarizeSyntheticModule(const ir::Module &M);

/// Total instructions in \p M.
size_t instructionCount(const ir::Module &M);

} // namespace racer::perf

#endif
