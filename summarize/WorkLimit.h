//===- WorkLimit.h - A bound on one function's summarization -----*- C++ -*-===//
//
// Why: one huge generated function (a Ragel or re2c scanner: thousands of
// blocks, every state a goto) must not stall a scan the way a TU is bounded
// by --tu-timeout. The fixpoint over a function's CFG counts its work in
// units (per block visited: its instructions and the local bindings its
// state carries, what a visit costs); past the limit the function's summary
// is given up: it has no accesses, locks or threads, and carries the
// `work-limit` assumption (its callers inherit it, so no verdict is
// `race-free` through it). Units, not seconds: the same input gives the
// same summary on any machine, so caches and build farms stay exact.
//
//   setFunctionWorkLimit(10'000'000);  // --function-work-limit; 0: none
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_WORKLIMIT_H
#define RACER_SUMMARIZE_WORKLIMIT_H

#include <cstdint>

namespace racer {

/// The default: about 100 times the most any function of leveldb,
/// memcached, redis, fio or the rocksdb subset needs (redis's luaV_execute,
/// 105,113 units), a few seconds of one core.
inline constexpr uint64_t DefaultFunctionWorkLimit = 10'000'000;

/// Not thread-safe: call before any analysis. 0: no limit.
void setFunctionWorkLimit(uint64_t Units);
uint64_t functionWorkLimit();

} // namespace racer

#endif
