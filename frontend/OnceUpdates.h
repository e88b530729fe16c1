//===- OnceUpdates.h - Updates that can happen only once, by value -*- C++ -*-===//
//
// Why: `if (!inited) { init(); inited = 1; }` is a once-only initialization
// by its flag (SyncPatterns.h). The same order comes from a value every
// thread computes alike:
//
//   int storage[N];            // zero, and no code writes it
//   e = storage[i];            // 0 in every thread
//   lock(&m); if (e > max) max = e; unlock(&m);
//   assert(e <= max);          // unlocked, after the thread's own lock
//
// The update's test turns false once it has run (`max == e` now), and
// every thread writes the same value, so only the first thread to take the
// lock writes: the others read after it. With `storage` written by
// anyone, each thread's `e` differs and the same shape is a race.
//
// Here, per function and flow-insensitively: the values a local may hold
// (constants, a zero or constant global no code may write, other locals),
// the branch `if (V > X) { .. X = V; .. }` (also `<`, `!=`) on a shared X
// whose V may hold one value only (a value that can never pass the test,
// the minimum of X's type for `>`, does not count). Whether the globals are
// written, and whether X is written anywhere else, is known only for the
// whole program: the reduce checks both (ThreadRaces, once-init).
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_ONCEUPDATES_H
#define RACER_FRONTEND_ONCEUPDATES_H

#include "llvm/ADT/SmallVector.h"

namespace clang {
class ASTContext;
class Stmt;
class VarDecl;
} // namespace clang

namespace racer::frontend::lowering {

struct OnceUpdate {
  const clang::Stmt *First = nullptr; ///< the branch's then-statement
  const clang::Stmt *Last = nullptr;  ///< the assignment to Var
  const clang::VarDecl *Var = nullptr; ///< the shared variable updated
  /// Globals whose value the update's value comes from: once-only only if
  /// no code writes them.
  llvm::SmallVector<const clang::VarDecl *, 2> Unwritten;
};

/// The first once-only update by value in \p Body, or First null.
OnceUpdate findOnceUpdate(const clang::Stmt *Body,
                          const clang::ASTContext &Ctx);

} // namespace racer::frontend::lowering

#endif
