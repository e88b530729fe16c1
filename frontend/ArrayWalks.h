//===- ArrayWalks.h - Subscripts that visit every element -------*- C++ -*-===//
//
// Why: array elements are one abstract element (ir::StepKind::Index), so a
// race between two threads on `a[]` is low (merged-elements): each thread
// may use its own slot. Not when one side visits every element of the
// array while the other runs: a status loop that polls each worker's slot
// meets the slot of every worker.
//
//   static int progress[NFETCHERS];
//   for (int i = 0; i < NFETCHERS; i++)   // every element, in order
//     sum += progress[i];                 // ir::WalksEveryElement
//
// A subscript walks every element when its index is the counter of an
// enclosing `for` that starts at 0, steps by one, ends at the array's
// constant length (`i < N`, `i <= N - 1`, `i != N`, N a constant no smaller
// than the length), and is not written in the loop's body; the array is a
// variable or a member whose type gives its length (not a pointer). The
// loop's body calls nothing but the C and C++ libraries, and no thread
// start or join (a loop that starts each worker after filling its slot
// visits one slot while the workers before run on theirs). Only reads are
// marked (frontend/IRBuilder.cpp): a poll of every slot, not a setup loop.
//
// A walk through a call: the loop hands each element to a function of the
// program (`for (i = 0; i < MAXCONN; i++) reaped += reap_idle(&conns[i]);`,
// its other calls the libraries'). The call's argument is marked
// (ir::CallInfo::WalkedArgs), and the summarizer marks what the callee
// reads through it, unless the callee starts or joins a thread.
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_ARRAYWALKS_H
#define RACER_FRONTEND_ARRAYWALKS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include "llvm/ADT/DenseSet.h"

namespace racer::frontend {

class ArrayWalks {
public:
  /// Finds the walking subscripts in \p Body.
  ArrayWalks(const clang::Stmt *Body, clang::ASTContext &Ctx);
  /// The lvalue \p LV is one element of a walk: a walking subscript, or a
  /// field of one (`stats[i].count`), with no other subscript in it.
  bool walksEvery(const clang::Expr *LV) const;
  /// Bit k: \p CE (a direct call of a function, not a method) hands its
  /// argument k an element of a walk (`reap_idle(&conns[i], now)`):
  /// ir::CallInfo::WalkedArgs.
  uint32_t walkedArgs(const clang::CallExpr *CE) const;

private:
  llvm::DenseSet<const clang::ArraySubscriptExpr *> Walks;
  /// Subscripts of walks whose loop also calls functions of the program,
  /// each handed the element (`reap_idle(&conns[i], now)`): only the
  /// elements handed to those calls count.
  llvm::DenseSet<const clang::ArraySubscriptExpr *> Visits;
};

} // namespace racer::frontend

#endif
