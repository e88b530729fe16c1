//===- ModeAsserts.cpp - Locks held in one mode of an object ------------===//
#include "frontend/ModeAsserts.h"

#include "frontend/SymbolNames.h"
#include "frontend/SyncPatterns.h"
#include "summarize/LibraryModels.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"

#include <vector>

using namespace clang;

namespace racer::frontend {

namespace {

/// `this->f` (implicit `this` too): the member, else null.
const FieldDecl *memberOfThis(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}

bool isAssertHeld(const CXXMethodDecl *MD) {
  if (!MD)
    return false;
  const std::string Name = functionName(MD);
  ModelKind K = lookupCallModel(Name).Kind;
  if (K == ModelKind::None)
    K = lookupConventionalLockModel(Name).Kind;
  return K == ModelKind::AssertHeld || K == ModelKind::AssertHeldShared;
}

/// The receiver names no local or parameter of its function: it means the
/// same in every method of the class.
bool receiverFromThis(const Expr *Obj) {
  std::vector<const Stmt *> Work{Obj};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && (VD->hasLocalStorage() || isa<ParmVarDecl>(VD)))
        return false;
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return true;
}

/// Calls \p Visit on every `if` of \p Body (lambda bodies excluded) with
/// neither an init statement nor a condition variable.
template <class F> void forEachIf(const Stmt *Body, F Visit) {
  std::vector<const Stmt *> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S || isa<LambdaExpr>(S))
      continue;
    if (const auto *If = dyn_cast<IfStmt>(S);
        If && !If->getInit() && !If->getConditionVariable())
      Visit(If);
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
}

} // namespace

bool ModeAsserts::keyOf(const Expr *Cond, const ASTContext &Ctx, Key &K) {
  const Expr *E = Cond->IgnoreParenImpCasts();
  if (const FieldDecl *F = memberOfThis(E)) {
    K = {F, BO_NE, 0};
    return true;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot) {
    if (const FieldDecl *F = memberOfThis(UO->getSubExpr())) {
      K = {F, BO_EQ, 0};
      return true;
    }
    return false;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || !BO->isComparisonOp())
    return false;
  const FieldDecl *F = memberOfThis(BO->getLHS());
  Expr::EvalResult R;
  if (!F || BO->getRHS()->isValueDependent() ||
      !BO->getRHS()->EvaluateAsInt(R, Ctx))
    return false;
  K = {F, BO->getOpcode(), R.Val.getInt().getExtValue()};
  return true;
}

const CXXMemberCallExpr *ModeAsserts::assertionIn(const Stmt *Then) {
  const Stmt *First = Then;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Then))
    First = CS->body_empty() ? nullptr : CS->body_front();
  if (const auto *EWC = dyn_cast_or_null<ExprWithCleanups>(First))
    First = EWC->getSubExpr();
  const auto *MCE = dyn_cast_or_null<CXXMemberCallExpr>(First);
  if (!MCE || !isAssertHeld(MCE->getMethodDecl()) ||
      !MCE->getImplicitObjectArgument() ||
      !receiverFromThis(MCE->getImplicitObjectArgument()))
    return nullptr;
  return MCE;
}

llvm::DenseSet<const CallExpr *> callsUnderModeTests(const Stmt *Body,
                                                     const ASTContext &Ctx) {
  llvm::DenseSet<const CallExpr *> Out;
  forEachIf(Body, [&](const IfStmt *If) {
    if (If->getElse() || !ModeAsserts::isModeTest(If->getCond(), Ctx))
      return;
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
      Then = CS->body_front();
    if (const auto *EWC = dyn_cast_or_null<ExprWithCleanups>(Then))
      Then = EWC->getSubExpr();
    if (const auto *CE = dyn_cast_or_null<CallExpr>(Then))
      Out.insert(CE);
  });
  return Out;
}

const CXXMemberCallExpr *ModeAsserts::impliedBy(const CXXRecordDecl *RD,
                                                const Expr *Cond) {
  if (!RD || !Cond)
    return nullptr;
  const ASTContext &Ctx = RD->getASTContext();
  Key K;
  if (!keyOf(Cond, Ctx, K))
    return nullptr;
  auto [It, New] = ByClass.try_emplace(RD);
  if (New) {
    // Every branch on a mode test, in every method of the class this TU
    // defines, that asserts a lock first thing.
    for (const CXXMethodDecl *M : RD->methods()) {
      const Stmt *Body = lowering::helperBody(M);
      if (!Body)
        continue;
      forEachIf(Body, [&](const IfStmt *If) {
        Key Mode;
        if (keyOf(If->getCond(), Ctx, Mode))
          if (const CXXMemberCallExpr *A = assertionIn(If->getThen()))
            It->second.try_emplace(Mode, A);
      });
    }
  }
  auto Found = It->second.find(K);
  return Found == It->second.end() ? nullptr : Found->second;
}

} // namespace racer::frontend
