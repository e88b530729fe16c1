//===- SerialJobs.h - Jobs a flag keeps to one at a time ------*- C++ -*-===//
//
// Why: a background job handed to a pool runs concurrently with every other
// job of that pool, itself included (CallModel::Pool). Real code often
// keeps one job to one instance at a time with a flag, under the lock that
// protects the flag (leveldb's DBImpl::MaybeScheduleCompaction):
//
//   if (background_compaction_scheduled_) {
//     // Already scheduled
//   } else if (...) {
//   } else {
//     background_compaction_scheduled_ = true;
//     env_->Schedule(&DBImpl::BGWork, this);
//   }
//
// and the job clears the flag under that lock when it is done (and may
// submit itself again). This finds the submitting side: the calls that come
// after `flag = <non-zero constant>;` in a block reached only when the flag
// was false (the else of `if (flag)` or of an if-else chain where one
// condition is `flag`, the then of `if (!flag)`, or after `if (flag)
// return;`). Whether the call is a submission, whether a lock is held, and
// whether the job clears the flag under it are the summaries' business
// (ThreadSpawn::Serial). A counter (`scheduled_++`, `scheduled_ < max`)
// allows several jobs at once and is not a flag.
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_SERIALJOBS_H
#define RACER_FRONTEND_SERIALJOBS_H

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"

namespace racer::frontend::lowering {

/// Per call of \p Body (lambda bodies excluded) that follows the set of a
/// flag seen false, the flag's lvalue (`this->scheduled_`, `g_busy`).
llvm::DenseMap<const clang::CallExpr *, const clang::Expr *>
findSerialFlagCalls(const clang::Stmt *Body, const clang::ASTContext &Ctx);

/// `flag = 0;`, `flag = false;`: a zero stored into a boolean or integer
/// flag (ir::StoresZero).
bool storesZero(const clang::BinaryOperator *BO, const clang::ASTContext &Ctx);

} // namespace racer::frontend::lowering

#endif
