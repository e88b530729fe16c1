//===- FunctionPointers.cpp - Where function pointers are stored and called ===//
#include "frontend/FunctionPointers.h"
#include "frontend/SymbolNames.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <algorithm>

using namespace clang;

namespace racer::frontend {
namespace {

/// A pointer to a function, or an array of them (`handler_t tbl[4]`).
bool holdsFunctionPointers(QualType T) {
  while (const ArrayType *A = T->getAsArrayTypeUnsafe())
    T = A->getElementType();
  return T->isFunctionPointerType() || T->isFunctionType();
}

/// The slot an lvalue names: a field (of any object), or a global variable;
/// an element of either is the slot itself.
std::string slotOf(const Expr *E, std::string *Name = nullptr) {
  E = E->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return slotOf(AS->getBase(), Name);
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD)
      return "";
    if (Name)
      *Name = fieldName(FD);
    return "field:" + fieldName(FD);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasGlobalStorage() && !VD->isStaticLocal()) {
      if (Name)
        *Name = qualifiedName(VD);
      return "global:" + variableSymbol(VD);
    }
  return "";
}

} // namespace

std::string functionPointerSlotOf(const CallExpr *CE, std::string &Name) {
  const Expr *Target = CE->getCallee()->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Target);
      UO && UO->getOpcode() == UO_Deref)
    Target = UO->getSubExpr()->IgnoreParenImpCasts();
  if (!holdsFunctionPointers(Target->getType()))
    return "";
  return slotOf(Target, &Name);
}

std::string functionPointerSlotOfValue(const Expr *E, std::string &Name) {
  if (!holdsFunctionPointers(E->getType()))
    return "";
  return slotOf(E, &Name);
}

void FunctionPointerStores::store(const std::string &Slot, const Expr *V,
                                  bool InTable) {
  const char *Fn = InTable ? "\ttfn:" : "\tfn:";
  if (Slot.empty() || !V)
    return;
  V = V->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(V);
      UO && UO->getOpcode() == UO_AddrOf)
    V = UO->getSubExpr()->IgnoreParenCasts();
  // `+[](void *a) { .. }`, or a lambda converted to a function pointer
  // implicitly: a captureless lambda's call operator.
  if (const auto *UO = dyn_cast<UnaryOperator>(V);
      UO && UO->getOpcode() == UO_Plus)
    V = UO->getSubExpr()->IgnoreParenCasts();
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(V))
    if (const auto *Conv =
            dyn_cast_or_null<CXXConversionDecl>(MCE->getMethodDecl());
        Conv && Conv->getParent()->isLambda())
      if (const CXXMethodDecl *Op = Conv->getParent()->getLambdaCallOperator();
          Op && !Op->getDescribedFunctionTemplate()) {
        Stores.push_back(Slot + Fn + functionSymbol(Op));
        return;
      }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(V)) {
    store(Slot, CO->getTrueExpr(), InTable);
    store(Slot, CO->getFalseExpr(), InTable);
    return;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(V)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl())) {
      Stores.push_back(Slot + Fn + functionSymbol(FD));
      return;
    }
    if (const auto *PVD = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
      const auto *Owner = dyn_cast<FunctionDecl>(PVD->getDeclContext());
      if (!Owner)
        return;
      unsigned K = PVD->getFunctionScopeIndex();
      if (const auto *MD = dyn_cast<CXXMethodDecl>(Owner);
          MD && MD->isImplicitObjectMemberFunction())
        ++K; // Args[0] is the receiver
      Stores.push_back(Slot + "\tformal:" + functionSymbol(Owner) + "#" +
                       std::to_string(K));
      return;
    }
  }
  // Copied from another slot (`a->fn = b->fn`).
  std::string From = slotOf(V);
  if (!From.empty()) {
    if (From != Slot)
      Stores.push_back(Slot + "\tslot:" + From);
    return;
  }
  // A null pointer stores no function; anything else may be any.
  if (isa<IntegerLiteral, GNUNullExpr, CXXNullPtrLiteralExpr>(V))
    return;
  Stores.push_back(Slot + "\t?");
}

void FunctionPointerStores::assignment(const BinaryOperator *BO) {
  if (BO->getOpcode() != BO_Assign ||
      !holdsFunctionPointers(BO->getLHS()->getType()))
    return;
  store(slotOf(BO->getLHS()), BO->getRHS());
}

void FunctionPointerStores::initializer(const InitListExpr *ILE) {
  if (!ILE->isSemanticForm())
    ILE = ILE->getSemanticForm();
  if (!ILE)
    return;
  const RecordDecl *RD = ILE->getType()->getAsRecordDecl();
  if (!RD || RD->isUnion())
    return;
  unsigned I = 0;
  for (const FieldDecl *FD : RD->fields()) {
    if (I >= ILE->getNumInits())
      break;
    const Expr *Init = ILE->getInit(I++);
    if (!holdsFunctionPointers(FD->getType()))
      continue;
    if (const auto *Elements = dyn_cast<InitListExpr>(Init->IgnoreParens())) {
      for (const Expr *E : Elements->inits()) // a field array of functions
        store("field:" + fieldName(FD), E, /*InTable=*/true);
      continue;
    }
    store("field:" + fieldName(FD), Init, /*InTable=*/true);
  }
}

void FunctionPointerStores::variable(const VarDecl *VD) {
  if (!VD->hasGlobalStorage() || VD->isStaticLocal() ||
      !holdsFunctionPointers(VD->getType()) || !VD->getInit())
    return;
  std::string Slot = "global:" + variableSymbol(VD);
  const Expr *Init = VD->getInit()->IgnoreParens();
  if (const auto *ILE = dyn_cast<InitListExpr>(Init)) {
    for (const Expr *E : ILE->inits())
      store(Slot, E);
    return;
  }
  store(Slot, Init);
}

std::string objectSlotOf(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr();
  return slotOf(E);
}

void FunctionPointerStores::copy(const std::string &To,
                                 const std::string &From) {
  if (To != From)
    Stores.push_back(To + "\tslot:" + From);
}

std::vector<std::string> FunctionPointerStores::take() {
  std::sort(Stores.begin(), Stores.end());
  Stores.erase(std::unique(Stores.begin(), Stores.end()), Stores.end());
  return std::move(Stores);
}

} // namespace racer::frontend
