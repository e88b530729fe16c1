//===- SpinLocks.cpp - Spinlocks written by hand --------------------------===//
#include "frontend/SpinLocks.h"
#include "frontend/SyncPatterns.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include <string>

namespace racer::frontend::lowering {

using namespace clang;

bool isIntConstant(const Expr *X, const ASTContext &Ctx, bool NonZero) {
  Expr::EvalResult R;
  return X && !X->isValueDependent() && X->EvaluateAsInt(R, Ctx) &&
         R.Val.getInt().getBoolValue() == NonZero;
}

namespace {

/// Every write of \p V in \p S stores a constant zero (its address may be
/// handed to compare-exchanges, which store what they found on failure,
/// and to no function).
bool writesOnlyZero(const Stmt *S, const VarDecl *V, const ASTContext &Ctx) {
  if (!S)
    return true;
  auto Names = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && Names(BO->getLHS()) &&
        (BO->getOpcode() != BO_Assign ||
         !isIntConstant(BO->getRHS(), Ctx, /*NonZero=*/false)))
      return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp() && Names(UO->getSubExpr()))
      return false;
  // Its address handed to a function (not a compare-exchange: an
  // AtomicExpr) may be written through.
  if (const auto *CE = dyn_cast<CallExpr>(S))
    for (const Expr *A : CE->arguments())
      if (const auto *AO = dyn_cast<UnaryOperator>(A->IgnoreParenImpCasts()))
        if (AO->getOpcode() == UO_AddrOf && Names(AO->getSubExpr()))
          return false;
  for (const Stmt *C : S->children())
    if (!writesOnlyZero(C, V, Ctx))
      return false;
  return true;
}

/// \p Expected is `&e`, a local of the function initialized to zero and only
/// ever set to zero: the compare-and-swap swaps zero for its value.
bool onlyZeroLocal(const Expr *Expected, const ASTContext &Ctx) {
  const auto *UO = dyn_cast_or_null<UnaryOperator>(
      Expected ? Expected->IgnoreParenImpCasts() : nullptr);
  if (!UO || UO->getOpcode() != UO_AddrOf)
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !V->getInit() ||
      !isIntConstant(V->getInit(), Ctx, /*NonZero=*/false))
    return false;
  const auto *F = dyn_cast<FunctionDecl>(V->getDeclContext());
  return F && writesOnlyZero(F->getBody(), V, Ctx);
}
} // namespace

SpinLockOp spinLockOp(const Expr *E, const ASTContext &Ctx, bool AnyOrder) {
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    std::string N = calleeName(CE);
    if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee()))
      return N == "test_and_set" && MD->getParent()->getName() == "atomic_flag"
                 ? SpinLockOp::TestAndSet
                 : SpinLockOp::None;
    const bool Relaxed = !AnyOrder && CE->getNumArgs() == 2 &&
                         isIntConstant(CE->getArg(1), Ctx, /*NonZero=*/false);
    if (N.rfind("__sync_lock_test_and_set", 0) == 0 ||
        (N == "__atomic_test_and_set" && !Relaxed))
      return SpinLockOp::TestAndSet;
    // A compare-and-swap of zero for a non-zero constant takes a lock
    // (`while (!__sync_bool_compare_and_swap(&l, 0, 1)) ;`); one that
    // swaps in a value it read builds a lock-free structure, and stays a
    // hand-rolled protocol.
    const bool BoolCas = N.rfind("__sync_bool_compare_and_swap", 0) == 0;
    if ((BoolCas || N.rfind("__sync_val_compare_and_swap", 0) == 0) &&
        CE->getNumArgs() >= 3 &&
        isIntConstant(CE->getArg(1), Ctx, /*NonZero=*/false) &&
        isIntConstant(CE->getArg(2), Ctx, /*NonZero=*/true))
      return BoolCas ? SpinLockOp::CompareAndSet : SpinLockOp::TestAndSet;
    if (N.rfind("__sync_lock_release", 0) == 0 || N == "__atomic_clear")
      return SpinLockOp::Clear;
    return SpinLockOp::None;
  }
  const auto *AE = dyn_cast<AtomicExpr>(E);
  if (!AE)
    return SpinLockOp::None;
  const bool Relaxed =
      !AnyOrder && isIntConstant(AE->getOrder(), Ctx, /*NonZero=*/false);
  switch (AE->getOp()) {
  case AtomicExpr::AO__c11_atomic_exchange:
  case AtomicExpr::AO__atomic_exchange_n:
    return !Relaxed && isIntConstant(AE->getVal1(), Ctx, /*NonZero=*/true)
               ? SpinLockOp::TestAndSet
               : SpinLockOp::None;
  case AtomicExpr::AO__c11_atomic_store:
  case AtomicExpr::AO__atomic_store_n:
    return isIntConstant(AE->getVal1(), Ctx, /*NonZero=*/false)
               ? SpinLockOp::Clear
               : SpinLockOp::None;
  case AtomicExpr::AO__c11_atomic_compare_exchange_strong:
  case AtomicExpr::AO__c11_atomic_compare_exchange_weak:
  case AtomicExpr::AO__atomic_compare_exchange_n:
    return !Relaxed && isIntConstant(AE->getVal2(), Ctx, /*NonZero=*/true) &&
                   onlyZeroLocal(AE->getVal1(), Ctx)
               ? SpinLockOp::CompareAndSet
               : SpinLockOp::None;
  default:
    return SpinLockOp::None;
  }
}

} // namespace racer::frontend::lowering
