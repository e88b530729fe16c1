//===- FunctionPointers.cpp - Where function pointers are stored and called ===//
#include "frontend/FunctionPointers.h"
#include "frontend/PathBuilder.h"
#include "frontend/SymbolNames.h"
#include "summarize/LibraryModels.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/DeclTemplate.h"
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

/// A callable wrapper (`std::function<void()>`), or a std container of
/// them (`std::deque<std::function<void()>>`).
bool holdsCallableWrappers(QualType T) {
  T = T.getNonReferenceType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return false;
  if (isCallableWrapperClass(qualifiedName(RD)))
    return true;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || !RD->isInStdNamespace() || Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  const auto *Elem =
      Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  return Elem && isCallableWrapperClass(qualifiedName(Elem));
}

/// Strips what makes a temporary or a copy of a value: what stripClosure
/// strips (temporaries, elided copies), implicit casts, `std::move`, a copy
/// or move constructor.
const Expr *strippedValue(const Expr *E) {
  for (;;) {
    E = lowering::stripClosure(E)->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<CXXConstructExpr>(E);
        C && C->getNumArgs() >= 1 && C->getConstructor() &&
        C->getConstructor()->isCopyOrMoveConstructor())
      E = C->getArg(0);
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const Expr *A = lowering::passThroughArg(E))
      E = A;
    else
      return E;
  }
}

/// The std container whose element \p E reads (`q.front()`, `q.top()`,
/// `v.at(i)`, `v[i]`), or null.
const Expr *containerOfElement(const Expr *E) {
  E = strippedValue(E);
  const Expr *Obj = nullptr;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = MCE->getMethodDecl();
    if (!M || !M->getIdentifier())
      return nullptr;
    llvm::StringRef N = M->getName();
    if (N != "front" && N != "back" && N != "top" && N != "at")
      return nullptr;
    Obj = MCE->getImplicitObjectArgument();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
             OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() > 0) {
    Obj = OC->getArg(0);
  }
  if (!Obj)
    return nullptr;
  const auto *RD = Obj->getType().getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->isInStdNamespace() ? Obj : nullptr;
}

/// A callable wrapper field (`Item::function`) that \p E names.
const FieldDecl *wrapperField(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!FD)
    return nullptr;
  const auto *RD = FD->getType()->getAsCXXRecordDecl();
  return RD && isCallableWrapperClass(qualifiedName(RD)) ? FD : nullptr;
}

} // namespace

std::string callableFieldOfElement(const Expr *E, std::string &Name) {
  E = strippedValue(E);
  const FieldDecl *FD = wrapperField(E);
  if (!FD || !readsContainerElement(
                 cast<MemberExpr>(E->IgnoreParenImpCasts())->getBase()))
    return "";
  Name = fieldName(FD);
  return "field:" + Name;
}

std::string callableFieldOf(const Expr *E, std::string &Name) {
  const FieldDecl *FD = wrapperField(strippedValue(E));
  if (!FD)
    return "";
  Name = fieldName(FD);
  return "field:" + Name;
}

bool readsContainerElement(const Expr *E) {
  const Expr *Obj = containerOfElement(E);
  return Obj && !slotOf(Obj).empty();
}

std::string callableSlotOfValue(const Expr *E, std::string &Name) {
  E = strippedValue(E);
  // The callable of a queued struct (`queue_.front().function`).
  if (std::string S = callableFieldOfElement(E, Name); !S.empty())
    return S;
  // An element of a container of callables: the container's slot.
  if (const Expr *Obj = containerOfElement(E))
    return holdsCallableWrappers(Obj->getType()) ? slotOf(Obj, &Name) : "";
  // The container itself (a copy of a queue), not a single callable
  // member: a member callback (`on_done_ = cb; .. on_done_();`) is each
  // object's own, which a field-based slot would mix up across objects.
  const auto *RD = E->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!holdsCallableWrappers(E->getType()) || !RD ||
      isCallableWrapperClass(qualifiedName(RD)))
    return "";
  return slotOf(E, &Name);
}

void FunctionPointerStores::callableStore(const CallExpr *CE) {
  // `item.function = std::move(fn)`: into a callable field (of any object:
  // only calls through a field of a queued struct read it, see
  // callableFieldOfElement).
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE)) {
    std::string Name;
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      if (std::string Slot = callableFieldOf(OC->getArg(0), Name);
          !Slot.empty())
        store(Slot, OC->getArg(1));
    return;
  }
  // `tasks_.push_back(std::move(task))`: into a container of them. (Not a
  // single callable member, `cb_ = std::move(cb)`: see callableSlotOfValue.)
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE);
  const CXXMethodDecl *M = MCE ? MCE->getMethodDecl() : nullptr;
  const Expr *Obj = MCE ? MCE->getImplicitObjectArgument() : nullptr;
  if (!M || !Obj || !M->getIdentifier() || MCE->getNumArgs() < 1 ||
      !holdsCallableWrappers(Obj->getType()) ||
      isCallableWrapperClass(qualifiedName(M->getParent())))
    return;
  static const char *const Adds[] = {"push_back", "push_front", "push",
                                     "emplace_back", "emplace_front",
                                     "emplace", "insert"};
  if (llvm::none_of(Adds, [&](const char *A) { return M->getName() == A; }))
    return;
  // (insert and emplace at a position: the value is the last argument.)
  store(slotOf(Obj), MCE->getArg(MCE->getNumArgs() - 1));
}

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
  if (holdsCallableWrappers(V->getType()) ||
      V->getType()->getAsCXXRecordDecl()) {
    // A callable wrapper's value: what it was made from (a lambda, a
    // function, a formal, another slot).
    V = strippedValue(V);
    if (const auto *C = dyn_cast<CXXConstructExpr>(V);
        C && C->getNumArgs() >= 1 && C->getConstructor() &&
        isCallableWrapperClass(qualifiedName(C->getConstructor()->getParent())))
      V = strippedValue(C->getArg(0));
    if (const auto *LE = dyn_cast<LambdaExpr>(V)) {
      const CXXMethodDecl *Op = LE->getCallOperator();
      if (Op && !Op->getDescribedFunctionTemplate())
        Stores.push_back(Slot + Fn + functionSymbol(Op));
      else
        Stores.push_back(Slot + "\t?");
      return;
    }
    std::string Name, From = callableSlotOfValue(V, Name);
    if (!From.empty()) {
      if (From != Slot)
        Stores.push_back(Slot + "\tslot:" + From);
      return;
    }
  }
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
    if (const auto *W = FD->getType()->getAsCXXRecordDecl();
        W && isCallableWrapperClass(qualifiedName(W))) {
      store("field:" + fieldName(FD), Init); // `Item{0, std::move(fn)}`
      continue;
    }
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

void FunctionPointerStores::escaped(const VarDecl *VD) {
  if (VD->hasGlobalStorage() && !VD->isStaticLocal() &&
      holdsFunctionPointers(VD->getType()))
    Stores.push_back("global:" + variableSymbol(VD) + "\t?");
}

std::vector<std::string> FunctionPointerStores::take() {
  std::sort(Stores.begin(), Stores.end());
  Stores.erase(std::unique(Stores.begin(), Stores.end()), Stores.end());
  return std::move(Stores);
}

} // namespace racer::frontend
