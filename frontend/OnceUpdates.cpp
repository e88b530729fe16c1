//===- OnceUpdates.cpp - Updates that can happen only once, by value -----===//
#include "frontend/OnceUpdates.h"
#include "frontend/SyncPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"


namespace racer::frontend::lowering {

using namespace clang;

namespace {

/// The values an expression may have: a few integers, read from the
/// constants and globals listed, or any (Top).
struct Values {
  bool Top = false;
  llvm::SmallVector<llvm::APSInt, 2> Ints;
  llvm::SmallVector<const VarDecl *, 2> Globals;

  static Values any() {
    Values V;
    V.Top = true;
    return V;
  }
  void add(const llvm::APSInt &I) {
    if (llvm::none_of(Ints, [&](const llvm::APSInt &J) {
          return llvm::APSInt::compareValues(I, J) == 0;
        }))
      Ints.push_back(I);
  }
  void merge(const Values &O) {
    Top |= O.Top;
    for (const llvm::APSInt &I : O.Ints)
      add(I);
    for (const VarDecl *G : O.Globals)
      if (!llvm::is_contained(Globals, G))
        Globals.push_back(G);
  }
};

bool isIntegral(QualType T) {
  return T->isIntegralOrUnscopedEnumerationType() && !T.isVolatileQualified();
}

/// A shared integer variable (isSharedVar).
const VarDecl *sharedVarOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && isSharedVar(VD) &&
                 VD->getType()->isIntegralOrUnscopedEnumerationType()
             ? VD
             : nullptr;
}

/// A local of \p Body (not a parameter) of integer type.
const VarDecl *localOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      !isIntegral(VD->getType()))
    return nullptr;
  return VD;
}

/// The values locals of one body may hold, flow-insensitively.
class LocalValues {
public:
  LocalValues(const Stmt *Body, const ASTContext &Ctx) : Ctx(Ctx) {
    forEachDescendant(Body, [&](const Stmt *S) {
      if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit())
            Assigned[VD].push_back(VD->getInit());
        return;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
        if (const VarDecl *L = localOf(BO->getLHS())) {
          if (BO->getOpcode() == BO_Assign)
            Assigned[L].push_back(BO->getRHS());
          else if (BO->isCompoundAssignmentOp())
            Clobbered.insert(L);
        }
        return;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
        if (const VarDecl *L = localOf(UO->getSubExpr()))
          if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
            Clobbered.insert(L);
        return;
      }
      // A local bound to a reference parameter may be written by the callee.
      if (const auto *CE = dyn_cast<CallExpr>(S)) {
        const FunctionDecl *FD = CE->getDirectCallee();
        for (unsigned I = 0; I < CE->getNumArgs(); ++I)
          if (const VarDecl *L = localOf(CE->getArg(I)))
            if (!FD || I >= FD->getNumParams() ||
                FD->getParamDecl(I)->getType()->isReferenceType())
              Clobbered.insert(L);
      }
    });
  }

  /// What \p E may evaluate to.
  Values of(const Expr *E, unsigned Depth = 0) const {
    if (Depth > 8 || E->isValueDependent() || E->isTypeDependent())
      return Values::any();
    Values V;
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx)) {
      V.add(R.Val.getInt());
      return V;
    }
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      if (C->getCastKind() == CK_LValueToRValue || C->getCastKind() == CK_NoOp)
        return of(C->getSubExpr(), Depth + 1);
      if (C->getCastKind() != CK_IntegralCast || !isIntegral(C->getType()))
        return Values::any();
      Values In = of(C->getSubExpr(), Depth + 1);
      const unsigned W = Ctx.getIntWidth(C->getType());
      const bool Unsigned = C->getType()->isUnsignedIntegerOrEnumerationType();
      for (llvm::APSInt &I : In.Ints) {
        I = I.extOrTrunc(W);
        I.setIsUnsigned(Unsigned);
      }
      return In;
    }
    if (const VarDecl *L = localOf(E)) {
      if (Clobbered.count(L) || !Visiting.insert(L).second)
        return Clobbered.count(L) ? Values::any() : V;
      auto It = Assigned.find(L);
      if (It == Assigned.end())
        V.Top = true; // never assigned: nothing to say
      else
        for (const Expr *A : It->second)
          V.merge(of(A, Depth + 1));
      Visiting.erase(L);
      return V;
    }
    // A global read: its initial value, which holds while no code writes
    // it (the reduce checks that). A scalar, or an element of an array whose
    // elements all start alike.
    const VarDecl *G = sharedVarOf(E);
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const auto *DRE = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
      G = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (G && (!G->hasGlobalStorage() || !G->getType()->isArrayType() ||
                !isIntegral(AS->getType())))
        G = nullptr;
    }
    std::optional<llvm::APSInt> Initial = G ? initialValue(G) : std::nullopt;
    if (!Initial)
      return Values::any();
    V.add(*Initial);
    V.Globals.push_back(G);
    return V;
  }

private:
  /// The value every element (or the scalar) \p G starts with, if one.
  std::optional<llvm::APSInt> initialValue(const VarDecl *G) const {
    QualType ElemT = G->getType();
    if (const ArrayType *AT = Ctx.getAsArrayType(ElemT))
      ElemT = AT->getElementType();
    if (!ElemT->isIntegralOrUnscopedEnumerationType())
      return std::nullopt;
    const unsigned W = Ctx.getIntWidth(ElemT);
    const bool Unsigned = ElemT->isUnsignedIntegerOrEnumerationType();
    llvm::APSInt Zero(llvm::APInt(W, 0), Unsigned);
    const Expr *Init = G->getInit();
    if (!Init)
      return Zero; // static storage starts zeroed
    const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreParenImpCasts());
    if (!IL) {
      Expr::EvalResult R;
      if (G->getType()->isArrayType() || !Init->EvaluateAsInt(R, Ctx))
        return std::nullopt;
      return R.Val.getInt();
    }
    // `{}`, `{0}`, `{0, 0}`: every element zero.
    for (const Expr *E : IL->inits()) {
      Expr::EvalResult R;
      if (!E->EvaluateAsInt(R, Ctx) || !R.Val.getInt().isZero())
        return std::nullopt;
    }
    return Zero;
  }

  const ASTContext &Ctx;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 2>> Assigned;
  llvm::DenseSet<const VarDecl *> Clobbered;
  mutable llvm::DenseSet<const VarDecl *> Visiting;
};

/// Which values of V pass the test `V ? X`: Greater (`V > X`), Less
/// (`V < X`), or Differs (`V != X`), each turned false by `X = V`.
enum class Test { Greater, Less, Differs };

} // namespace

OnceUpdate findOnceUpdate(const Stmt *Body, const ASTContext &Ctx) {
  OnceUpdate Out;
  std::optional<LocalValues> Locals;
  forEachDescendant(Body, [&](const Stmt *S) {
    const auto *If = dyn_cast<IfStmt>(S);
    const auto *BO = If && If->getCond() && !If->getConditionVariable()
                         ? dyn_cast<BinaryOperator>(
                               If->getCond()->IgnoreParenImpCasts())
                         : nullptr;
    if (Out.First || !BO)
      return;
    const VarDecl *X = nullptr;
    const Expr *V = nullptr;
    Test T;
    const BinaryOperatorKind Op = BO->getOpcode();
    if (Op != BO_GT && Op != BO_LT && Op != BO_NE)
      return;
    if ((X = sharedVarOf(BO->getRHS()))) {
      V = BO->getLHS(); // V op X
      T = Op == BO_GT ? Test::Greater : Op == BO_LT ? Test::Less : Test::Differs;
    } else if ((X = sharedVarOf(BO->getLHS()))) {
      V = BO->getRHS(); // X op V
      T = Op == BO_GT ? Test::Less : Op == BO_LT ? Test::Greater : Test::Differs;
    } else {
      return;
    }
    if (sharedVarOf(V) == X)
      return;
    if (!Locals)
      Locals.emplace(Body, Ctx);
    Values Vs = Locals->of(V);
    if (Vs.Top)
      return;
    // In X's type: a value that never passes the test writes nothing.
    const QualType XT = X->getType();
    const unsigned W = Ctx.getIntWidth(XT);
    const bool Unsigned = XT->isUnsignedIntegerOrEnumerationType();
    llvm::SmallVector<llvm::APSInt, 2> Passing;
    for (llvm::APSInt I : Vs.Ints) {
      I = I.extOrTrunc(W);
      I.setIsUnsigned(Unsigned);
      if ((T == Test::Greater && I == llvm::APSInt::getMinValue(W, Unsigned)) ||
          (T == Test::Less && I == llvm::APSInt::getMaxValue(W, Unsigned)))
        continue;
      Passing.push_back(I);
    }
    if (Passing.size() != 1)
      return;
    // The assignment `X = V` in the then-branch, writing that value.
    const VarDecl *VLocal = localOf(V);
    const Stmt *Set = nullptr;
    bool VChanged = false;
    forEachDescendant(If->getThen(), [&](const Stmt *Y) {
      const auto *A = dyn_cast<BinaryOperator>(Y);
      if (!A || !A->isAssignmentOp())
        return;
      if (VLocal && localOf(A->getLHS()) == VLocal)
        VChanged = true;
      if (Set || A->getOpcode() != BO_Assign || sharedVarOf(A->getLHS()) != X)
        return;
      if (VLocal && localOf(A->getRHS()) == VLocal) {
        Set = A;
        return;
      }
      Values Rs = Locals->of(A->getRHS());
      if (!Rs.Top && Rs.Ints.size() == 1) {
        llvm::APSInt R = Rs.Ints.front().extOrTrunc(W);
        R.setIsUnsigned(Unsigned);
        if (R == Passing.front()) {
          Set = A;
          Vs.merge(Rs);
        }
      }
    });
    if (!Set || VChanged)
      return;
    Out.First = If->getThen();
    Out.Last = Set;
    Out.Var = X;
    Out.Unwritten = Vs.Globals;
  });
  return Out;
}

} // namespace racer::frontend::lowering
