//===- FormalBranches.cpp - Branches on formals, constants at calls -------===//
//
// Why: a function whose effect is chosen by an argument (memcached's
// `pause_threads(PAUSE_ALL_THREADS)` locks, `pause_threads(RESUME_...)`
// unlocks; `f(flags)` writes shared state only `if (flags & INLINE)`) must not
// be summarized as the merge of every case at every call. The frontend
// records the two halves; the link joins them (summarize/Specialize.h):
//
//   switch (type) { case PAUSE: ..  Block::CondFormal = 0,
//                   case RESUME: .. } EdgeTests = [Eq PAUSE], [Eq RESUME],
//                                               [NoneOf PAUSE, RESUME]
//   pause_threads(PAUSE_ALL)        CallInfo::ScalarArgs = [{0, value}]
//   g(type)  (inside pause_threads) ScalarArgs = [{0, IsFormal, 0}]
//
// A formal qualifies if it is a by-value integer, enum, bool or pointer that
// the body only ever reads (no store, no `&p`, no reference bound to it):
// its value on every path is the one the caller passed. A test's constant is
// expressed in the formal's own type, and only when that is exact: a
// comparison the constant could not be rewritten for gives no test.
//===----------------------------------------------------------------------===//
#include "frontend/FunctionLowerer.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <functional>

namespace racer::frontend::lowering {

namespace {

using Op = ir::FormalTest::Op;

bool isScalarFormalType(QualType T) {
  T = T.getCanonicalType();
  return !T->isReferenceType() &&
         (T->isIntegralOrEnumerationType() || T->isPointerType());
}

unsigned widthOf(const ASTContext &Ctx, QualType T) {
  return T->isPointerType() ? unsigned(Ctx.getTypeSize(T))
                            : unsigned(Ctx.getIntWidth(T));
}

bool isSignedType(QualType T) {
  return !T->isPointerType() && T->isSignedIntegerOrEnumerationType();
}

/// \p C (a constant of the comparison's type \p CT) as a value of the
/// formal's type \p FT, if some value of FT converts to exactly C.
std::optional<int64_t> inFormalType(const ASTContext &Ctx,
                                    const llvm::APSInt &C, QualType FT) {
  const unsigned FW = widthOf(Ctx, FT), CW = C.getBitWidth();
  if (FW > 64 || CW > 64 || FW > CW)
    return std::nullopt;
  llvm::APSInt InF = C.extOrTrunc(FW);
  InF.setIsSigned(isSignedType(FT));
  llvm::APSInt Back = InF.extOrTrunc(CW); // extends by the formal's sign
  if (static_cast<const llvm::APInt &>(Back) !=
      static_cast<const llvm::APInt &>(C))
    return std::nullopt;
  return InF.getExtValue();
}

/// `__LINE__` (what `assert`-like macros pass along with `__FILE__`): a
/// place, not a mode. No branch on it decides what is shared, and taking it
/// for a constant would make every line added above the call change the
/// call (and the copies specialized for it). Clang writes the expansion of
/// a builtin macro in its scratch space.
bool isLineMacro(const ASTContext &Ctx, const Expr *E) {
  const auto *Lit = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
  if (!Lit || !Lit->getBeginLoc().isMacroID())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = Lit->getBeginLoc();
  if (!SM.isWrittenInScratchSpace(SM.getSpellingLoc(L)))
    return false;
  // The line of the outermost expansion: of its `)` if it spans lines.
  CharSourceRange R = SM.getExpansionRange(L);
  uint64_t V = Lit->getValue().getLimitedValue();
  return V >= SM.getExpansionLineNumber(R.getBegin()) &&
         V <= SM.getExpansionLineNumber(R.getEnd());
}

/// The integer constant \p E evaluates to (in its own type), if any.
std::optional<llvm::APSInt> constantOf(const ASTContext &Ctx, const Expr *E) {
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (!E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx) || !R.Val.isInt())
    return std::nullopt;
  return R.Val.getInt();
}

} // namespace

int32_t FunctionLowerer::scalarFormalOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!PVD || isLambdaCallOperator(FD) ||
      PVD->getDeclContext() != static_cast<const DeclContext *>(FD) ||
      !isScalarFormalType(PVD->getType()))
    return -1;
  auto [It, New] = ReadOnlyFormals.try_emplace(PVD, true);
  if (New) {
    // Every use of the formal must be a load of its value.
    unsigned Uses = 0, Loads = 0;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S);
          ICE && ICE->getCastKind() == CK_LValueToRValue)
        if (const auto *D =
                dyn_cast<DeclRefExpr>(ICE->getSubExpr()->IgnoreParens());
            D && D->getDecl() == PVD)
          ++Loads;
      if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == PVD)
        ++Uses;
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(FD->getBody());
    It->second = Uses == Loads;
  }
  if (!It->second)
    return -1;
  return int32_t((hasThisFormal(FD) ? 1 : 0) + PVD->getFunctionScopeIndex());
}

void FunctionLowerer::lowerScalarArgs(ir::CallInfo &C, const FunctionDecl *Callee,
                                      llvm::ArrayRef<const Expr *> Args,
                                      uint32_t FirstIndex) {
  // Library functions are never specialized: their calls need no constants,
  // only the function formals a wrapper hands them (`pthread_create(&t, 0,
  // fn, arg)` in `create_worker(fn, arg)`: the thread's entry).
  if (!Callee || isLambdaCallOperator(Callee))
    return;
  const bool Library =
      Ctx.getSourceManager().isInSystemHeader(Callee->getLocation());
  for (size_t I = 0; I < Args.size() && I < Callee->getNumParams(); ++I) {
    const Expr *A = Args[I];
    QualType PT = Callee->getParamDecl(unsigned(I))->getType();
    if (!isScalarFormalType(PT) || A->isValueDependent() ||
        A->isTypeDependent() ||
        !Ctx.hasSameUnqualifiedType(A->getType().getCanonicalType(),
                                    PT.getCanonicalType()))
      continue;
    ir::ScalarArg S;
    S.Arg = FirstIndex + uint32_t(I);
    if (int32_t K = scalarFormalOf(A); K >= 0) {
      if (Library && !PT->isFunctionPointerType())
        continue;
      S.IsFormal = true;
      S.Value = K;
    } else if (Library) {
      continue;
    } else if (PT->isPointerType()) {
      const Expr *Inner = A->IgnoreParenImpCasts();
      if (A->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
        S.Value = 0;
      else if (isa<StringLiteral>(Inner) ||
               (isa<UnaryOperator>(Inner) &&
                cast<UnaryOperator>(Inner)->getOpcode() == UO_AddrOf))
        S.Value = 1; // an object's address: not null
      else
        continue;
    } else if (isLineMacro(Ctx, A)) {
      continue;
    } else if (std::optional<llvm::APSInt> V = constantOf(Ctx, A);
               V && V->getBitWidth() <= 64) {
      S.Value = V->getExtValue();
    } else {
      continue;
    }
    C.ScalarArgs.push_back(S);
  }
}

void FunctionLowerer::lowerFormalBranch(const CFGBlock &B, ir::Block &Out) {
  const Stmt *Term = B.getTerminatorStmt();
  if (!Term)
    return;
  // The tests of the CFG's reachable successors, the ones Out.Succs keeps.
  auto Finish = [&](int32_t Formal, llvm::ArrayRef<ir::FormalTest> PerSucc) {
    std::vector<ir::FormalTest> Tests;
    size_t K = 0;
    for (const CFGBlock::AdjacentBlock &S : B.succs()) {
      if (S.getReachableBlock())
        Tests.push_back(K < PerSucc.size() ? PerSucc[K] : ir::FormalTest());
      ++K;
    }
    if (Tests.size() != Out.Succs.size())
      return;
    bool Any = false;
    for (const ir::FormalTest &T : Tests)
      Any |= T.K != Op::Any;
    if (!Any)
      return;
    Out.CondFormal = Formal;
    Out.EdgeTests = std::move(Tests);
  };

  if (const auto *SS = dyn_cast<SwitchStmt>(Term)) {
    const Expr *Cond = SS->getCond();
    int32_t Formal = Cond ? scalarFormalOf(Cond) : -1;
    if (Formal < 0)
      return;
    QualType FT = Cond->IgnoreParenImpCasts()->getType();
    std::vector<int64_t> All;
    for (const SwitchCase *SC = SS->getSwitchCaseList(); SC;
         SC = SC->getNextSwitchCase())
      if (const auto *CS = dyn_cast<CaseStmt>(SC)) {
        if (CS->getRHS())
          return; // a GNU case range
        std::optional<llvm::APSInt> V = constantOf(Ctx, CS->getLHS());
        if (!V)
          return;
        if (std::optional<int64_t> InF = inFormalType(Ctx, *V, FT))
          All.push_back(*InF);
      }
    std::sort(All.begin(), All.end());
    All.erase(std::unique(All.begin(), All.end()), All.end());
    std::vector<ir::FormalTest> PerSucc;
    for (const CFGBlock::AdjacentBlock &S : B.succs()) {
      ir::FormalTest T;
      const CFGBlock *R = S.getReachableBlock();
      const Stmt *Label = R ? R->getLabel() : nullptr;
      if (const auto *CS = dyn_cast_or_null<CaseStmt>(Label)) {
        std::optional<llvm::APSInt> V = constantOf(Ctx, CS->getLHS());
        std::optional<int64_t> InF =
            V ? inFormalType(Ctx, *V, FT) : std::nullopt;
        if (InF) {
          T.K = Op::Eq;
          T.Values = {*InF};
        }
      } else if (R) {
        T.K = Op::NoneOf;
        T.Values = All;
      }
      PerSucc.push_back(std::move(T));
    }
    Finish(Formal, PerSucc);
    return;
  }

  if (B.succ_size() != 2)
    return;
  const auto *C = dyn_cast_or_null<Expr>(
      const_cast<CFGBlock &>(B).getTerminatorCondition());
  bool Neg = false;
  auto IsZero = [&](const Expr *E) {
    if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return true;
    std::optional<llvm::APSInt> V = constantOf(Ctx, E);
    return V && V->isZero();
  };
  while (C) {
    C = C->IgnoreParens();
    if (const auto *UO = dyn_cast<UnaryOperator>(C);
        UO && UO->getOpcode() == UO_LNot) {
      Neg = !Neg;
      C = UO->getSubExpr();
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(C)) {
      // The block of `if (a && b)` that tests b; `a` was another block's.
      if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
        C = BO->getRHS();
        continue;
      }
      // `(flags & K) != 0`, `(flags & K) == 0`: the bit test itself.
      if ((BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE) &&
          scalarFormalOf(BO->getLHS()) < 0 &&
          scalarFormalOf(BO->getRHS()) < 0) {
        const Expr *Other = IsZero(BO->getRHS())   ? BO->getLHS()
                            : IsZero(BO->getLHS()) ? BO->getRHS()
                                                   : nullptr;
        if (Other) {
          Neg ^= BO->getOpcode() == BO_EQ;
          C = Other;
          continue;
        }
      }
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(C);
        ICE && ICE->getCastKind() != CK_LValueToRValue) {
      C = ICE->getSubExpr();
      continue;
    }
    break;
  }
  if (!C)
    return;
  ir::FormalTest True, False;
  int32_t Formal = scalarFormalOf(C);
  if (Formal >= 0) {
    // `if (p)`: non-zero (a pointer: non-null).
    True = {Op::Ne, {0}};
    False = {Op::Eq, {0}};
  } else if (const auto *BO = dyn_cast<BinaryOperator>(C)) {
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    BinaryOperatorKind Opc = BO->getOpcode();
    if (Opc == BO_And) {
      // `if (flags & INLINE)`
      const Expr *FE = scalarFormalOf(L) >= 0 ? L : R;
      const Expr *KE = FE == L ? R : L;
      Formal = scalarFormalOf(FE);
      std::optional<llvm::APSInt> V = constantOf(Ctx, KE);
      QualType FT = FE->IgnoreParenImpCasts()->getType();
      std::optional<int64_t> InF =
          Formal >= 0 && V ? inFormalType(Ctx, *V, FT)
                           : std::nullopt;
      if (!InF || *InF < 0)
        return;
      True = {Op::AnyBit, {*InF}};
      False = {Op::NoBit, {*InF}};
    } else if (BO->isComparisonOp()) {
      bool Swap = scalarFormalOf(L) < 0;
      const Expr *FE = Swap ? R : L, *KE = Swap ? L : R;
      Formal = scalarFormalOf(FE);
      if (Formal < 0)
        return;
      QualType FT = FE->IgnoreParenImpCasts()->getType();
      std::optional<int64_t> InF;
      if (FT->isPointerType()) {
        if (KE->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
          InF = 0;
      } else if (std::optional<llvm::APSInt> V = constantOf(Ctx, KE)) {
        InF = inFormalType(Ctx, *V, FT);
      }
      if (!InF)
        return;
      if (Swap)
        Opc = BinaryOperator::reverseComparisonOp(Opc);
      const bool SignedCompare =
          !FT->isPointerType() &&
          BO->getLHS()->getType()->isSignedIntegerOrEnumerationType();
      switch (Opc) {
      case BO_EQ:
        True = {Op::Eq, {*InF}};
        False = {Op::Ne, {*InF}};
        break;
      case BO_NE:
        True = {Op::Ne, {*InF}};
        False = {Op::Eq, {*InF}};
        break;
      case BO_LT:
      case BO_GE:
      case BO_LE:
      case BO_GT: {
        if (!SignedCompare)
          return;
        // p < c, p <= c (p < c+1), p > c (p >= c+1), p >= c.
        int64_t Bound = *InF;
        if (Opc == BO_LE || Opc == BO_GT) {
          if (Bound == INT64_MAX)
            return;
          ++Bound;
        }
        bool Less = Opc == BO_LT || Opc == BO_LE;
        True = {Less ? Op::Lt : Op::Ge, {Bound}};
        False = {Less ? Op::Ge : Op::Lt, {Bound}};
        break;
      }
      default:
        return;
      }
    } else {
      return;
    }
  } else {
    return;
  }
  if (Neg)
    std::swap(True, False);
  ir::FormalTest PerSucc[2] = {std::move(True), std::move(False)};
  Finish(Formal, PerSucc);
}

} // namespace racer::frontend::lowering
