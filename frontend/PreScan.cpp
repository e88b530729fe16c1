//===- PreScan.cpp - What a body's locals hold, before lowering -----------===//
//
// Why: the CFG is lowered element by element, but some facts about a local
// are only known from the whole body: which object a constructor call
// initializes, which local receives a call's pointer result, which locals
// hold a lambda and whether they are only ever invoked, and whether a local's
// address escapes (then a thread may share it, so its accesses are lowered):
//
//   T *p = make();           make()'s call gets ResultLocal = p
//   Guard g(mu);             Guard::Guard's Args[0] = &g
//   auto f = [this] {..};    f only called here: lambda lowered at each f()
//   pthread_create(.., &s)   s escapes: `s.done = 1` is a write
//===----------------------------------------------------------------------===//
#include "frontend/FunctionLowerer.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace racer::frontend::lowering {

/// Pre-scan of a body in source order: numbers locals, finds the object each
/// constructor call initializes and the local that receives each call result.
class PreScan : public RecursiveASTVisitor<PreScan> {
public:
  explicit PreScan(FunctionLowerer &L) : L(L) {}
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    // Local classes and their methods are lowered on their own.
    if (D && (isa<TagDecl>(D) || isa<FunctionDecl>(D) ||
              isa<RedeclarableTemplateDecl>(D)))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseLambdaExpr(LambdaExpr *LE, DataRecursionQueue * = nullptr) {
    for (Expr *Init : LE->capture_inits())
      if (Init)
        TraverseStmt(Init);
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          L.noteEscape(VD);
    return true;
  }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *FS) {
    L.noteRangeElement(FS);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (!isa<ParmVarDecl>(VD) && VD->hasLocalStorage())
      L.localId(VD);
    L.noteVarInit(VD);
    if (VD->getType()->isReferenceType() && VD->getInit())
      L.noteEscape(VD->getInit());
    return true;
  }
  /// `return T(a);` before C++17: the temporary, moved into the returned
  /// object by an elidable move, is that object (its destructor is not run
  /// on the lock a returned guard holds).
  bool VisitReturnStmt(ReturnStmt *RS) {
    if (const Expr *RV = RS->getRetValue())
      noteObserved(RV);
    if (const Expr *RV = RS->getRetValue()) {
      llvm::SmallVector<const CXXBindTemporaryExpr *, 2> Elided;
      if (ctorOf(RV, &Elided))
        L.ElidedTemporaries.insert(Elided.begin(), Elided.end());
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      L.noteEscape(UO->getSubExpr());
    if (UO->getOpcode() == UO_Deref)
      L.noteResultBase(UO->getSubExpr(), /*ViaPointer=*/true);
    if (UO->isIncrementDecrementOp()) // `++counter()`
      L.noteResultBase(UO->getSubExpr(), /*ViaPointer=*/false);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    // `Lookup(k)->next`, `stats().record()`: a field, or a method's object.
    const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    if (isa<FieldDecl>(ME->getMemberDecl()) ||
        (MD && MD->isImplicitObjectMemberFunction()))
      L.noteResultBase(ME->getBase(), ME->isArrow());
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    if (ASE->getBase()->getType()->isPointerType())
      L.noteResultBase(ASE->getBase(), /*ViaPointer=*/true);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay)
      L.noteEscape(ICE->getSubExpr());
    if (ICE->getCastKind() == CK_LValueToRValue) // `long n = counter();`
      L.noteResultBase(ICE->getSubExpr(), /*ViaPointer=*/false);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    L.noteResultArgs(CE);
    if (const FunctionDecl *Fn = CE->getDirectCallee())
      noteReferenceArgs(Fn, CE->arguments(),
                        isa<CXXOperatorCallExpr>(CE) &&
                            isa<CXXMethodDecl>(Fn) &&
                            cast<CXXMethodDecl>(Fn)
                                ->isImplicitObjectMemberFunction());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    if (CE->getConstructor())
      noteReferenceArgs(CE->getConstructor(), CE->arguments(), false);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    L.noteAssign(BO);
    if (BO->isAssignmentOp()) // `counter() += 1`
      L.noteResultBase(BO->getLHS(), /*ViaPointer=*/false);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      ++L.Refs[VD];
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (M && (isa<CXXConversionDecl>(M) ||
              (M->getIdentifier() &&
               (M->getName() == "get" || M->getName() == "release"))))
      noteObserved(MC->getImplicitObjectArgument());
    // `t.detach()` on a std::jthread local: its destructor joins nothing.
    if (M && M->getIdentifier() && M->getName() == "detach" &&
        M->getParent()->isInStdNamespace() && M->getParent()->getIdentifier() &&
        M->getParent()->getName() == "jthread")
      if (const auto *DRE = dyn_cast<DeclRefExpr>(
              MC->getImplicitObjectArgument()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          L.DetachedLocals.insert(VD);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
    L.noteIteratorAssign(OCE);
    L.noteMovedTemporary(OCE);
    if ((OCE->getOperator() == OO_Arrow || OCE->getOperator() == OO_Star) &&
        OCE->getNumArgs() == 1)
      noteObserved(OCE->getArg(0));
    if (OCE->getOperator() != OO_Call || OCE->getNumArgs() < 1)
      return true;
    const Expr *Obj = stripClosure(OCE->getArg(0));
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        ++L.CallRefs[VD];
    } else if (const auto *LE = dyn_cast<LambdaExpr>(Obj)) {
      L.InvokedOnlyHere.insert(LE);
    }
    return true;
  }

private:
  /// \p E names a local itself (ObserverRefs).
  void noteObserved(const Expr *E) {
    E = E->IgnoreImplicit();
    // `return p;`: the copy or move into the result.
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 && CE->getConstructor() &&
        CE->getConstructor()->isCopyOrMoveConstructor())
      E = CE->getArg(0);
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    if (const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr)
      ++L.ObserverRefs[VD];
  }
  /// Locals bound to reference parameters escape into the callee.
  template <typename Range>
  void noteReferenceArgs(const FunctionDecl *Fn, Range Args, bool SkipFirst) {
    unsigned I = 0, Shift = SkipFirst ? 1 : 0;
    for (const Expr *A : Args) {
      if (I >= Shift && I - Shift < Fn->getNumParams() &&
          Fn->getParamDecl(I - Shift)->getType()->isReferenceType())
        L.noteEscape(A);
      ++I;
    }
  }

  FunctionLowerer &L;
};

namespace {
/// \p E (wrappers stripped) names a std container object, not a temporary.
bool isStdContainerObject(const Expr *E) {
  const auto *RD = E->getType()->getAsCXXRecordDecl();
  if (!E->isGLValue() || !RD || !RD->isInStdNamespace() || !RD->getIdentifier())
    return false;
  return hasContainerElements(("std::" + RD->getName()).str());
}

/// The container whose element the iterator \p Init returns designates
/// (`m_.find(k)`, `v_.begin()`), or null.
const Expr *iteratorContainer(const Expr *Init) {
  llvm::SmallVector<const CXXBindTemporaryExpr *, 2> Elided;
  const auto *MC =
      dyn_cast_or_null<CXXMemberCallExpr>(objectResultCallOf(Init, Elided));
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier())
    return nullptr;
  if (!returnsContainerPosition(MD->getName()))
    return nullptr;
  const Expr *C = stripWrappers(MC->getImplicitObjectArgument());
  return isStdContainerObject(C) ? C : nullptr;
}

/// \p FD is declared in namespace std, directly or as a member of one of
/// its classes (`std::deque<T>::front`).
bool inStdNamespace(const FunctionDecl *FD) {
  for (const Decl *D = FD; D; D = dyn_cast_or_null<Decl>(D->getDeclContext()))
    if (D->isInStdNamespace())
      return true;
  return false;
}
} // namespace

void FunctionLowerer::noteRangeElement(const CXXForRangeStmt *FS) {
  const VarDecl *VD = FS->getLoopVariable();
  const Expr *Range = FS->getRangeInit();
  if (VD && Range)
    RangeSources[VD] = stripWrappers(Range);
  if (!VD || !Range ||
      !(VD->getType()->isReferenceType() || VD->getType()->isPointerType()))
    return;
  Range = stripWrappers(Range);
  if (isStdContainerObject(Range))
    RangeElements[VD] = Range;
}

void FunctionLowerer::noteIteratorAssign(const CXXOperatorCallExpr *OC) {
  if (OC->getOperator() != OO_Equal || OC->getNumArgs() != 2)
    return;
  const auto *DRE = dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      DroppedIterators.count(VD))
    return;
  const Expr *C = iteratorContainer(OC->getArg(1));
  auto It = IteratorLocals.find(VD);
  if (It == IteratorLocals.end()) {
    // `std::map<K, V>::iterator it; .. it = m_.find(k);`: declared with no
    // position, it designates the container it is first assigned from.
    const auto *Ctor = dyn_cast_or_null<CXXConstructExpr>(
        VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr);
    if (C && VD->getType()->isRecordType() &&
        (!VD->getInit() || (Ctor && Ctor->getNumArgs() == 0)))
      IteratorLocals[VD] = C;
    return;
  }
  // `it = m_.erase(it)`, `it = m_.find(k2)`: still the same container's;
  // anything else, and it is no longer followed.
  if (!C || !Expr::isSameComparisonOperand(C, It->second)) {
    IteratorLocals.erase(It);
    DroppedIterators.insert(VD);
  }
}

void FunctionLowerer::noteVarInit(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  if (!Init || isa<ParmVarDecl>(VD) || RangeElements.count(VD))
    return;
  if (VD->hasLocalStorage() && VD->getType()->isRecordType())
    if (const Expr *C = iteratorContainer(Init))
      IteratorLocals[VD] = C;
  QualType T = VD->getType();
  if (VD->hasLocalStorage()) {
    if (const auto *LE = dyn_cast<LambdaExpr>(stripClosure(Init)))
      LambdaVars[VD] = LE;
    bool Negated;
    if (T->isIntegralOrEnumerationType())
      if (const CallExpr *CE = scalarResultCallOf(Init, &Negated))
        noteScalarResult(CE, VD, Negated);
  }
  if (isBindableLocal(VD)) {
    if (const CallExpr *CE = resultCallOf(Init)) {
      bool Matches = T->isReferenceType() ? CE->isGLValue()
                                          : CE->getType()->isPointerType();
      if (Matches)
        CallResults[CE] = localId(VD);
    }
    return;
  }
  if (T->isReferenceType())
    return;
  llvm::SmallVector<const CXXBindTemporaryExpr *, 2> Elided;
  if (VD->hasLocalStorage() && T->isRecordType())
    if (const CallExpr *CE = objectResultCallOf(Init, Elided)) {
      // `auto lock = LockBlobs();`: the local is the returned object (a
      // guard returned by value keeps its lock in it).
      ElidedTemporaries.insert(Elided.begin(), Elided.end());
      // A smart pointer's object is the caller's own only while the
      // pointer keeps it (decided once every use is seen: preScan).
      if (isStdSmartPointerType(T))
        SmartPointerResults.push_back({CE, VD});
      else
        CallResults[CE] = localId(VD);
      return;
    }
  Elided.clear();
  if (const CXXConstructExpr *CE = ctorOf(Init, &Elided)) {
    // The temporary of an elided copy (C++14 `T x = T(a);`) is x itself.
    ElidedTemporaries.insert(Elided.begin(), Elided.end());
    std::optional<AccessPath> P = PB.pathOfDecl(VD);
    CtorTargets[CE] = P ? Operand::object(std::move(*P)) : Operand::fresh();
  }
}

void FunctionLowerer::noteResultArgs(const CallExpr *CE) {
  for (const Expr *A : CE->arguments()) {
    if (!A->getType()->isPointerType())
      continue;
    const CallExpr *RC = resultCallOf(A);
    if (!RC || !RC->getType()->isPointerType() || CallResults.count(RC))
      continue;
    const uint32_t Id = uint32_t(F.Locals.size());
    F.Locals.push_back("(result " + std::to_string(ResultTemps.size()) + ")");
    CallResults[RC] = Id;
    ResultTemps[RC] = Id;
  }
}

void FunctionLowerer::noteResultBase(const Expr *E, bool ViaPointer) {
  const CallExpr *RC =
      ViaPointer ? resultCallOf(E) : dyn_cast<CallExpr>(stripWrappers(E));
  if (!RC || CallResults.count(RC) || isa<UserDefinedLiteral>(RC))
    return;
  // Of the operators, those that hand out an object the operand holds: a
  // project's smart pointer or iterator (`it->x`, `(*it).x`), its
  // container's element (`v[i].x`).
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(RC))
    if (OC->getOperator() != OO_Arrow && OC->getOperator() != OO_Subscript &&
        !(OC->getOperator() == OO_Star && OC->getNumArgs() == 1))
      return;
  if (ViaPointer ? !RC->getType()->isPointerType() : !RC->isGLValue())
    return;
  // The standard library's accessors (`v.front()`, `p.get()`, `m.at(k)`)
  // are modelled where their paths are built.
  const FunctionDecl *Callee = RC->getDirectCallee();
  if (!Callee || inStdNamespace(Callee) || passThroughArg(RC) ||
      isPassThroughCallee(Callee))
    return;
  bool ViaSmartPointer;
  if (PathBuilder::smartPointerObject(RC, ViaSmartPointer) ||
      PathBuilder::sequenceElementObject(RC))
    return;
  const uint32_t Id = uint32_t(F.Locals.size());
  F.Locals.push_back("(result " + std::to_string(ResultTemps.size()) + ")");
  CallResults[RC] = Id;
  ResultTemps[RC] = Id;
}

void FunctionLowerer::noteEscape(const VarDecl *VD) {
  if (VD && !isa<ParmVarDecl>(VD) && VD->hasLocalStorage() &&
      !VD->getType()->isReferenceType())
    EscapingLocals.insert(localId(VD));
}

void FunctionLowerer::noteMovedTemporary(const CXXOperatorCallExpr *OCE) {
  // `worker_ = std::jthread(..)`: the temporary's thread moves into
  // worker_; its destructor, run at the end of the statement, has nothing
  // left to join (or unlock, or free).
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OCE->getDirectCallee());
  if (!MD || !MD->isMoveAssignmentOperator() || OCE->getNumArgs() != 2 ||
      !MD->getParent()->isInStdNamespace())
    return;
  const Expr *Src = OCE->getArg(1);
  while (Src) {
    Src = Src->IgnoreParens();
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(Src)) {
      ElidedTemporaries.insert(BTE);
      return;
    }
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Src))
      Src = MT->getSubExpr();
    else if (const auto *CE = dyn_cast<CastExpr>(Src))
      Src = CE->getSubExpr(); // `std::jthread(f)`: a functional cast
    else
      return;
  }
}

void FunctionLowerer::noteEscape(const Expr *E) {
  if (const VarDecl *VD = storageVariableOf(E))
    noteEscape(VD);
}

void FunctionLowerer::noteAssign(const BinaryOperator *BO) {
  if (BO->getOpcode() != BO_Assign)
    return;
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(BO->getLHS()));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (VD && VD->hasLocalStorage() &&
      VD->getType()->isIntegralOrEnumerationType())
    if (bool Negated;
        const CallExpr *CE = scalarResultCallOf(BO->getRHS(), &Negated))
      noteScalarResult(CE, VD, Negated);
  if (!isBindableLocal(VD) || !VD->getType()->isPointerType())
    return;
  if (const CallExpr *CE = resultCallOf(BO->getRHS()))
    if (CE->getType()->isPointerType())
      CallResults[CE] = localId(VD);
}

void FunctionLowerer::preScan(const Stmt *Body) {
  if (const auto *CD = dyn_cast<CXXConstructorDecl>(FD)) {
    for (const CXXCtorInitializer *I : CD->inits()) {
      const CXXConstructExpr *CE = ctorOf(I->getInit());
      if (!CE)
        continue;
      if (const FieldDecl *Fld = I->getAnyMember())
        CtorTargets[CE] = Operand::object(
            push(thisObject(), ir::StepKind::Field, fieldName(Fld)));
      else
        CtorTargets[CE] = Operand::object(thisObject());
    }
  }
  PreScan(*this).TraverseStmt(const_cast<Stmt *>(Body));
  // `auto p = std::make_shared<T>(..)` (or any call's result): the object
  // is ours only if every use of p observes it (ObserverRefs); a copy
  // handed on (`all.push_back(p)`) shares it.
  for (const auto &[CE, VD] : SmartPointerResults)
    if (Refs.lookup(VD) == ObserverRefs.lookup(VD))
      CallResults[CE] = localId(VD);
  for (const auto &[VD, LE] : LambdaVars) {
    // Refs counts the declaration's own uses; every one must be a call.
    if (Refs.lookup(VD) == CallRefs.lookup(VD))
      InvokedOnlyHere.insert(LE);
  }
}

} // namespace racer::frontend::lowering
