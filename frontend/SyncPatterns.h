//===- SyncPatterns.h - Synchronization written by hand -------*- C++ -*-===//
//
// Why: Dekker's and Peterson's algorithms, ticket, MCS and CLH locks,
// lock-free stacks: programs that order their threads with plain or atomic
// variables instead of a mutex. The analysis does not model what such code
// orders, so a race between threads that run it is only possible, not
// certain (summarize/Confidence.h, LowHandRolledSync). This finds the
// shapes in a function body:
//
//   while (turn != 0) {}                   // busy-wait on shared memory
//   for (;;) { if (flag) break; pause(); } // the same, exit in the body
//   do { old = top; ... } while (!CAS(&top, old, n)); // compare-and-swap
//
// A loop counts as a busy-wait when its condition reads memory others can
// see, its body writes none of it with plain stores, calls only waiting,
// pausing or atomic functions, and the condition does not depend on a
// local the loop itself counts with (`for (i = 0; i < n; i++)` is not one).
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_SYNCPATTERNS_H
#define RACER_FRONTEND_SYNCPATTERNS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

namespace racer::frontend::lowering {

/// The first loop of \p Body (lambda bodies excluded) that busy-waits or
/// retries a compare-and-swap, or null. \p Ctx evaluates constant loop
/// conditions (`while (1)`).
const clang::Stmt *findHandRolledSync(const clang::Stmt *Body,
                                      const clang::ASTContext *Ctx);

} // namespace racer::frontend::lowering

#endif
