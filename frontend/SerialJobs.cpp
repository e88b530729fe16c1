//===- SerialJobs.cpp - Jobs a flag keeps to one at a time ----------------===//
#include "frontend/SerialJobs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace racer::frontend::lowering {
namespace {

using FlagList = llvm::SmallVector<const Expr *, 2>;

/// \p E as a flag: a member or a variable with static storage, of boolean
/// or integer type and not atomic (an atomic flag is exchanged, not set).
const Expr *flagOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (!isa<FieldDecl>(ME->getMemberDecl()))
      return nullptr;
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->hasGlobalStorage())
      return nullptr;
  } else {
    return nullptr;
  }
  QualType T = E->getType();
  if (T->isAtomicType() || !(T->isBooleanType() || T->isIntegerType()))
    return nullptr;
  return E;
}

/// \p A and \p B name the same flag: the same variable, or the same member
/// of the same object (`this->f`, `db->f`, `g.f`).
bool sameFlag(const Expr *A, const Expr *B) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(A) && isa<CXXThisExpr>(B))
    return true;
  if (const auto *DA = dyn_cast<DeclRefExpr>(A))
    if (const auto *DB = dyn_cast<DeclRefExpr>(B))
      return DA->getDecl()->getCanonicalDecl() ==
             DB->getDecl()->getCanonicalDecl();
  if (const auto *MA = dyn_cast<MemberExpr>(A))
    if (const auto *MB = dyn_cast<MemberExpr>(B))
      return MA->getMemberDecl()->getCanonicalDecl() ==
                 MB->getMemberDecl()->getCanonicalDecl() &&
             MA->isArrow() == MB->isArrow() &&
             sameFlag(MA->getBase(), MB->getBase());
  return false;
}

bool contains(const FlagList &L, const Expr *F) {
  for (const Expr *E : L)
    if (sameFlag(E, F))
      return true;
  return false;
}

bool isZero(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  return !E->isValueDependent() && E->EvaluateAsInt(R, Ctx) &&
         R.Val.getInt().isZero();
}

/// The flags that are false when \p Cond evaluates to \p Truth.
void falseWhen(const Expr *Cond, bool Truth, const ASTContext &Ctx,
               FlagList &Out) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return falseWhen(UO->getSubExpr(), !Truth, Ctx, Out);
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if ((Op == BO_LAnd && Truth) || (Op == BO_LOr && !Truth)) {
      falseWhen(BO->getLHS(), Truth, Ctx, Out);
      falseWhen(BO->getRHS(), Truth, Ctx, Out);
      return;
    }
    // `flag == 0` true, `flag != 0` false.
    if ((Op == BO_EQ && Truth) || (Op == BO_NE && !Truth)) {
      if (isZero(BO->getRHS(), Ctx))
        if (const Expr *F = flagOf(BO->getLHS()))
          Out.push_back(F);
      if (isZero(BO->getLHS(), Ctx))
        if (const Expr *F = flagOf(BO->getRHS()))
          Out.push_back(F);
    }
    return;
  }
  if (!Truth)
    if (const Expr *F = flagOf(Cond))
      Out.push_back(F);
}

/// `flag = <non-zero constant>;`: the flag, else null.
const Expr *setFlag(const Stmt *S, const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(S);
  if (!BO || BO->getOpcode() != BO_Assign)
    return nullptr;
  Expr::EvalResult R;
  const Expr *RHS = BO->getRHS();
  if (RHS->isValueDependent() || !RHS->EvaluateAsInt(R, Ctx) ||
      R.Val.getInt().isZero())
    return nullptr;
  return flagOf(BO->getLHS());
}

/// An assignment to \p S's flag of anything (`flag = x;`), else null.
const Expr *assignedFlag(const Stmt *S) {
  const auto *BO = dyn_cast<BinaryOperator>(S);
  if (!BO || !BO->isAssignmentOp())
    return nullptr;
  return flagOf(BO->getLHS());
}

/// The statement leaves the block it is in: the rest of the block runs
/// only when it did not run.
bool exits(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, CXXThrowExpr>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && exits(CS->body_back());
  return false;
}

class Finder {
public:
  Finder(const ASTContext &Ctx,
         llvm::DenseMap<const CallExpr *, const Expr *> &Out)
      : Ctx(Ctx), Out(Out) {}

  /// \p Known: flags false here; \p Set: flags set after being seen false.
  void visit(const Stmt *S, FlagList Known, FlagList Set) {
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      return;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S)) {
      // A loop may submit again with the flag set by the first iteration.
      for (const Stmt *C : S->children())
        visit(C, {}, {});
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      visit(If->getInit(), Known, Set);
      visit(If->getConditionVariableDeclStmt(), Known, Set);
      visit(If->getCond(), Known, Set);
      FlagList Then = Known, Else = Known;
      if (const Expr *C = If->getCond()) {
        falseWhen(C, true, Ctx, Then);
        falseWhen(C, false, Ctx, Else);
      }
      visit(If->getThen(), Then, Set);
      visit(If->getElse(), Else, Set);
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body()) {
        if (const Expr *F = setFlag(C, Ctx); F && contains(Known, F)) {
          Set.push_back(F);
          continue;
        }
        if (const Expr *F = assignedFlag(C)) {
          llvm::erase_if(Known, [&](const Expr *E) { return sameFlag(E, F); });
          llvm::erase_if(Set, [&](const Expr *E) { return sameFlag(E, F); });
        }
        visit(C, Known, Set);
        // `if (flag) return;`: the rest runs with the flag false.
        if (const auto *If = dyn_cast<IfStmt>(C);
            If && !If->getElse() && exits(If->getThen()) && If->getCond())
          falseWhen(If->getCond(), false, Ctx, Known);
      }
      return;
    }
    if (const auto *CE = dyn_cast<CallExpr>(S); CE && !Set.empty())
      Out[CE] = Set.back();
    for (const Stmt *C : S->children())
      visit(C, Known, Set);
  }

private:
  const ASTContext &Ctx;
  llvm::DenseMap<const CallExpr *, const Expr *> &Out;
};

} // namespace

bool storesZero(const BinaryOperator *BO, const ASTContext &Ctx) {
  return BO->getOpcode() == BO_Assign && flagOf(BO->getLHS()) &&
         isZero(BO->getRHS(), Ctx);
}

llvm::DenseMap<const CallExpr *, const Expr *>
findSerialFlagCalls(const Stmt *Body, const ASTContext &Ctx) {
  llvm::DenseMap<const CallExpr *, const Expr *> Out;
  Finder(Ctx, Out).visit(Body, {}, {});
  return Out;
}

} // namespace racer::frontend::lowering
