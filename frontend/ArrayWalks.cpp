//===- ArrayWalks.cpp - Subscripts that visit every element ---------------===//
#include "frontend/ArrayWalks.h"
#include "frontend/SymbolNames.h"
#include "frontend/SyncPatterns.h"
#include "summarize/LibraryModels.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include <functional>
#include <optional>
#include <vector>

using namespace clang;

namespace racer::frontend {

namespace {
const VarDecl *variableOf(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts()
                                                    : nullptr);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

std::optional<llvm::APSInt> constantOf(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt();
}

/// The counter of \p For when it counts 0, 1, .., and the number of values
/// it takes (`i < n`: n; `i <= n`: n + 1; `i != n`: n), if constant.
const VarDecl *countsFromZero(const ForStmt *For, ASTContext &Ctx,
                              uint64_t &Count) {
  const VarDecl *V = nullptr;
  const Expr *From = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (DS->isSingleDecl())
      if ((V = dyn_cast<VarDecl>(DS->getSingleDecl())))
        From = V->getInit();
  } else if (const auto *BO =
                 dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (BO->getOpcode() == BO_Assign) {
      V = variableOf(BO->getLHS());
      From = BO->getRHS();
    }
  }
  std::optional<llvm::APSInt> Zero = constantOf(From, Ctx);
  if (!V || !Zero || *Zero != 0)
    return nullptr;
  bool StepsByOne = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(For->getInc()))
    StepsByOne = UO->isIncrementOp() && variableOf(UO->getSubExpr()) == V;
  else if (const auto *CA =
               dyn_cast_or_null<CompoundAssignOperator>(For->getInc()))
    if (CA->getOpcode() == BO_AddAssign && variableOf(CA->getLHS()) == V)
      if (std::optional<llvm::APSInt> One = constantOf(CA->getRHS(), Ctx))
        StepsByOne = *One == 1;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!StepsByOne || !Cond || variableOf(Cond->getLHS()) != V)
    return nullptr;
  std::optional<llvm::APSInt> Bound = constantOf(Cond->getRHS(), Ctx);
  if (!Bound || Bound->isNegative())
    return nullptr;
  const uint64_t B = Bound->getLimitedValue();
  switch (Cond->getOpcode()) {
  case BO_LT:
  case BO_NE:
    Count = B;
    return V;
  case BO_LE:
    Count = B + 1;
    return V;
  default:
    return nullptr;
  }
}

/// The element \p Arg hands a callee: `&a[i].f` (an address) or `a[i]`
/// bound to a reference formal; else null.
const Expr *elementPassed(const Expr *Arg, const ParmVarDecl *Formal) {
  const Expr *A = Arg->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(A))
    return UO->getOpcode() == UO_AddrOf ? UO->getSubExpr() : nullptr;
  if (Formal && Formal->getType()->isReferenceType() && A->isGLValue())
    return A;
  return nullptr;
}

/// The subscript of \p LV's element, when it is `a[..]` or a field of one
/// (`stats[i].count`) with no other subscript and no pointer followed.
const ArraySubscriptExpr *elementSubscript(const Expr *LV) {
  const ArraySubscriptExpr *Found = nullptr;
  for (const Expr *E = LV->IgnoreParenImpCasts(); E;) {
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr; // a pointer followed: another object's element
      E = ME->getBase()->IgnoreParenImpCasts();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      if (Found)
        return nullptr; // `a[i][j]`: the other index is merged
      Found = ASE;
      E = ASE->getBase()->IgnoreParenImpCasts();
    } else {
      break;
    }
  }
  return Found;
}

/// \p Call hands a callee an element indexed by \p Counter (`reap(&c[i])`).
bool passesElementOf(const CallExpr *Call, const VarDecl *Counter) {
  const FunctionDecl *FD = Call->getDirectCallee();
  for (unsigned K = 0; K < Call->getNumArgs(); ++K) {
    const ParmVarDecl *Formal =
        FD && K < FD->getNumParams() ? FD->getParamDecl(K) : nullptr;
    if (const Expr *LV = elementPassed(Call->getArg(K), Formal))
      if (const ArraySubscriptExpr *ASE = elementSubscript(LV))
        if (variableOf(ASE->getIdx()) == Counter)
          return true;
  }
  return false;
}

/// \p S calls only the C and C++ libraries (functions declared in system
/// headers), and none that starts or joins a thread: a loop that starts
/// (or joins) each worker in turn visits element k while the others run
/// on theirs (`args[i].id = i; pthread_create(.., &args[i])`), and a
/// helper of the program's may do either. With \p Counter, a direct call
/// of the program's handed an element indexed by it (`reaped +=
/// reap_idle(&conns[i], now)`) is allowed too: a visit of that element,
/// whose callee the summarizer checks starts and joins no thread
/// (ir::CallInfo::WalkedArgs).
bool callsOnlyLibraries(const Stmt *S, const SourceManager &SM,
                        const VarDecl *Counter = nullptr) {
  if (!S || isa<LambdaExpr>(S))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return false;
    if (!SM.isInSystemHeader(FD->getLocation())) {
      if (!Counter || isa<CXXMemberCallExpr>(CE) ||
          isa<CXXOperatorCallExpr>(CE) || !passesElementOf(CE, Counter))
        return false;
    } else {
      const ModelKind K = lookupCallModel(functionName(FD)).Kind;
      if (K == ModelKind::ThreadCreate || K == ModelKind::ThreadJoin)
        return false;
    }
  }
  if (isa<CXXConstructExpr>(S) || isa<CXXDeleteExpr>(S))
    return false; // (a constructor or destructor of the program's)
  for (const Stmt *C : S->children())
    if (!callsOnlyLibraries(C, SM, Counter))
      return false;
  return true;
}

} // namespace

ArrayWalks::ArrayWalks(const Stmt *Body, ASTContext &Ctx) {
  std::vector<const ForStmt *> Loops; // outermost first
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S)) {
      const VarDecl *Index = variableOf(ASE->getIdx());
      const ConstantArrayType *Array = Ctx.getAsConstantArrayType(
          ASE->getBase()->IgnoreParenImpCasts()->getType());
      for (auto It = Loops.rbegin(); Index && Array && It != Loops.rend();
           ++It) {
        uint64_t Count = 0;
        if (countsFromZero(*It, Ctx, Count) != Index)
          continue;
        const SourceManager &SM = Ctx.getSourceManager();
        if (Count >= Array->getSize().getLimitedValue() &&
            !lowering::writtenIn((*It)->getBody(), Index)) {
          if (callsOnlyLibraries((*It)->getBody(), SM))
            Walks.insert(ASE);
          else if (callsOnlyLibraries((*It)->getBody(), SM, Index))
            Visits.insert(ASE);
        }
        break;
      }
    }
    const auto *For = dyn_cast<ForStmt>(S);
    if (For)
      Loops.push_back(For);
    for (const Stmt *C : S->children())
      Walk(C);
    if (For)
      Loops.pop_back();
  };
  Walk(Body);
}

bool ArrayWalks::walksEvery(const Expr *LV) const {
  const ArraySubscriptExpr *Found = elementSubscript(LV);
  return Found && Walks.contains(Found);
}

uint32_t ArrayWalks::walkedArgs(const CallExpr *CE) const {
  if (Walks.empty() && Visits.empty())
    return 0;
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || isa<CXXMemberCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE))
    return 0;
  uint32_t Bits = 0;
  for (unsigned K = 0; K < CE->getNumArgs() && K < 32; ++K) {
    const ParmVarDecl *Formal =
        K < FD->getNumParams() ? FD->getParamDecl(K) : nullptr;
    if (const Expr *LV = elementPassed(CE->getArg(K), Formal))
      if (const ArraySubscriptExpr *ASE = elementSubscript(LV))
        if (Walks.contains(ASE) || Visits.contains(ASE))
          Bits |= 1u << K;
  }
  return Bits;
}

} // namespace racer::frontend
