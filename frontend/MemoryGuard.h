//===- MemoryGuard.h - A per-TU allocation limit ----------------*- C++ -*-===//
//
// Why: one TU that needs tens of gigabytes (a generated file, a template
// explosion) must fail alone, not take the scan down with the OOM killer.
// Memory cannot be attributed to a TU from outside, so racecar replaces the
// global operator new/delete (MemoryGuard.cpp) and counts, per thread, the
// bytes a guarded thread holds. Past the limit the TU's CrashRecoveryContext
// is unwound from inside that allocation (as for a crash: its memory is
// leaked, and the process ends with _Exit after its output). Allocations
// with malloc (SmallVector growth) and file mappings are not counted: the
// count is a lower bound, which is what a guard needs.
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_MEMORYGUARD_H
#define RACER_FRONTEND_MEMORYGUARD_H

#include <cstdint>

namespace racer::frontend {

/// Guards the calling thread: past \p LimitBytes held through operator new,
/// the current CrashRecoveryContext is exited (RunSafely returns false).
void guardThreadMemory(uint64_t LimitBytes);
/// Stops guarding the calling thread.
void unguardThreadMemory();
/// Whether the calling thread went past its limit since guardThreadMemory.
bool threadMemoryLimitHit();
/// Half the physical memory (the default limit), or 0 if unknown.
uint64_t defaultMemoryLimit();

} // namespace racer::frontend

#endif
