//===- CallLowering.cpp - Calls and constructor calls to IR calls ---------===//
//
// Why: a call is where summaries meet (the callee's symbol and its actuals in
// the caller's terms) and where library models apply (by CalleeName):
//
//   v_.push_back(x)          call std::vector::push_back(&this->v_, &x)
//   p->f(q)                  call C::f(*p, *q)          (Args[0] = receiver)
//   std::thread t(w, &d)     call std::thread::thread(&t, &w, &d)
//                              callable[1]=w[&d]         (LambdaLowering.cpp)
//   pthread_join(t, 0)       call pthread_join(value(t), ?)
//   __sync_fetch_and_add(&n) read n atomic; write n atomic   (no call)
//   a = b (trivial copy)     read b; write a                  (no call)
//===----------------------------------------------------------------------===//
#include "frontend/EventLoops.h"
#include "frontend/FunctionLowerer.h"
#include "frontend/FunctionPointers.h"
#include "frontend/SyncPatterns.h"

namespace racer::frontend::lowering {

namespace {

/// Bit k: parameter k of \p Callee, an instantiated template, is a
/// forwarding reference in its pattern (`template <class... A> void
/// Emplace(A &&...a)`), a pack's bit standing for every later argument.
uint32_t forwardingParams(const FunctionDecl *Callee) {
  const FunctionDecl *Pattern =
      Callee ? Callee->getTemplateInstantiationPattern() : nullptr;
  if (!Pattern)
    return 0;
  uint32_t Bits = 0;
  for (unsigned I = 0; I < Pattern->getNumParams() && I < 32; ++I) {
    QualType T = Pattern->getParamDecl(I)->getType();
    bool Pack = false;
    if (const auto *PE = T->getAs<PackExpansionType>()) {
      T = PE->getPattern();
      Pack = true;
    }
    if (const auto *R = T->getAs<RValueReferenceType>();
        R && R->getPointeeType()->getAs<TemplateTypeParmType>())
      Bits |= Pack ? ~0u << I : 1u << I;
  }
  return Bits;
}

/// The parameter types of the function \p CE calls: its declaration's, or
/// those of the pointer's prototype for a call through a pointer.
llvm::SmallVector<QualType, 4> paramTypesOf(const CallExpr *CE,
                                             const FunctionDecl *Callee) {
  llvm::SmallVector<QualType, 4> Out;
  if (Callee) {
    for (const ParmVarDecl *P : Callee->parameters())
      Out.push_back(P->getType());
    return Out;
  }
  QualType T = CE->getCallee()->IgnoreParenImpCasts()->getType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  if (const auto *FPT = T->getAs<FunctionProtoType>())
    Out.append(FPT->param_type_begin(), FPT->param_type_end());
  return Out;
}

/// `f(&x)`, `f(x)` for a `T &` parameter: the callee receives a pointer or
/// reference to memory it may write (not const, not a function, not an
/// atomic object, not an opaque `void *`: a callback's context, not an
/// out-parameter). \p Param is the parameter's type, or null for a
/// variadic or unprototyped actual (its own type then); \p Forwarded: the
/// parameter is a forwarding reference (`Args &&...`), which passes the
/// argument on rather than writing it.
bool passesWritable(const Expr *A, QualType Param, bool Forwarded) {
  if (Forwarded)
    return false;
  QualType T = Param.isNull() ? A->getType() : Param;
  QualType Pointee;
  if (T->isPointerType())
    Pointee = T->getPointeeType();
  else if (T->isLValueReferenceType())
    Pointee = T.getNonReferenceType();
  else
    return false;
  if (Pointee.isConstQualified() || Pointee->isFunctionType() ||
      Pointee->isAtomicType() || Pointee->isVoidType())
    return false;
  if (const RecordDecl *RD = Pointee->getAsRecordDecl())
    if (isAtomicClassName(qualifiedName(RD)))
      return false;
  return true;
}

} // namespace

Operand FunctionLowerer::memberCallReceiver(const CXXMemberCallExpr *MCE,
                                            QualType &ObjType) {
  const Expr *Obj = MCE->getImplicitObjectArgument();
  bool Arrow = false;
  const Expr *Callee = MCE->getCallee()->IgnoreParens();
  if (const auto *ME = dyn_cast<MemberExpr>(Callee))
    Arrow = ME->isArrow();
  else if (const auto *BO = dyn_cast<BinaryOperator>(Callee))
    Arrow = BO->getOpcode() == BO_PtrMemI;
  ObjType = Arrow ? Obj->getType()->getPointeeType() : Obj->getType();
  return PB.keepingLockIndices(Obj, [&] {
    return Arrow ? PB.operandOfPointer(Obj) : PB.operandOfLValue(Obj);
  });
}

ir::CallInfo FunctionLowerer::callTo(const FunctionDecl *Callee) {
  ir::CallInfo C;
  if (!Callee)
    return C;
  C.Callee = functionSymbol(Callee);
  C.CalleeName = functionName(Callee);
  C.IsConstructor = isa<CXXConstructorDecl>(Callee);
  C.IsDestructor = isa<CXXDestructorDecl>(Callee);
  C.DeclaredEffects = declaredEffects(Callee);
  return C;
}

void FunctionLowerer::emitDtorCall(const CXXDestructorDecl *Dtor, Operand Recv,
                                   std::string RecvType, SourceLocation At) {
  if (!Dtor)
    return;
  ir::CallInfo C = callTo(Dtor);
  C.Args.push_back(std::move(Recv));
  C.ArgTypes.push_back(std::move(RecvType));
  emitCall(std::move(C), At, nullptr);
}

/// `__sync_*` builtins: atomic read-modify-write of the pointee of arg 0.
bool FunctionLowerer::lowerSyncBuiltin(const CallExpr *CE,
                                       const FunctionDecl *Callee) {
  if (!Callee->getIdentifier())
    return false;
  StringRef N = Callee->getName();
  // `__atomic_test_and_set(p, order)` and `__atomic_clear(p, order)` are
  // calls (the other `__atomic_*` operations are AtomicExprs).
  const bool Flag = N == "__atomic_test_and_set" || N == "__atomic_clear";
  if (!Flag && (N.starts_with("__atomic_") || N.starts_with("__c11_atomic_")))
    return true; // fences and lock-free queries: no memory access
  if (!Flag && !N.starts_with("__sync_"))
    return false;
  if (N.contains("synchronize") || CE->getNumArgs() < 1)
    return true;
  std::optional<AccessPath> P = PB.pointeeOf(CE->getArg(0));
  if (!P)
    return true;
  SourceLocation At = accessLoc(CE->getArg(0));
  if (!N.starts_with("__sync_lock_release") && N != "__atomic_clear")
    emitPathAccess(ir::InstrKind::Read, *P, /*Atomic=*/true, At);
  emitPathAccess(ir::InstrKind::Write, std::move(*P), /*Atomic=*/true, At);
  emitSpinLockCall(spinLockOp(CE, Ctx), CE->getArg(0), CE);
  return true;
}

void FunctionLowerer::emitSpinLockCall(SpinLockOp Op, const Expr *Ptr,
                                       const Expr *Key) {
  if (Op == SpinLockOp::None)
    return;
  ir::CallInfo C;
  C.CalleeName =
      ir::Symbol(Op == SpinLockOp::TestAndSet      ? SpinTestAndSetName
                 : Op == SpinLockOp::CompareAndSet ? SpinCompareAndSetName
                                                   : SpinClearName);
  C.Args.push_back(PB.operandOfArg(Ptr));
  C.ArgTypes.push_back(objectTypeName(stripWrappers(Ptr)->getType()));
  emitCall(std::move(C), Key->getExprLoc(), Key);
}

void FunctionLowerer::lowerAtomic(const AtomicExpr *AE) {
  std::optional<AccessPath> P = PB.pointeeOf(AE->getPtr());
  if (!P)
    return;
  SourceLocation At = accessLoc(AE->getPtr());
  bool Load = false, Store = false;
  switch (AE->getOp()) {
  case AtomicExpr::AO__c11_atomic_load:
  case AtomicExpr::AO__atomic_load:
  case AtomicExpr::AO__atomic_load_n:
  case AtomicExpr::AO__opencl_atomic_load:
  case AtomicExpr::AO__hip_atomic_load:
  case AtomicExpr::AO__scoped_atomic_load:
  case AtomicExpr::AO__scoped_atomic_load_n:
    Load = true;
    break;
  case AtomicExpr::AO__c11_atomic_init:
  case AtomicExpr::AO__opencl_atomic_init:
  case AtomicExpr::AO__c11_atomic_store:
  case AtomicExpr::AO__atomic_store:
  case AtomicExpr::AO__atomic_store_n:
  case AtomicExpr::AO__opencl_atomic_store:
  case AtomicExpr::AO__hip_atomic_store:
  case AtomicExpr::AO__scoped_atomic_store:
  case AtomicExpr::AO__scoped_atomic_store_n:
    Store = true;
    break;
  default:
    Load = Store = true; // read-modify-write
    break;
  }
  if (Load)
    emitPathAccess(ir::InstrKind::Read, *P, /*Atomic=*/true, At);
  if (Store)
    emitPathAccess(ir::InstrKind::Write, std::move(*P), /*Atomic=*/true, At);
  // A test-and-set spinlock (`atomic_flag_test_and_set_explicit` is an
  // exchange of 1 on the flag, `atomic_flag_clear_explicit` a store of 0).
  emitSpinLockCall(spinLockOp(AE, Ctx), AE->getPtr(), AE);
}

void FunctionLowerer::lowerCall(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  // In C, a call through a global function pointer that keeps its
  // initializer calls that function (the link checks that it is kept).
  if (!Callee && !Ctx.getLangOpts().CPlusPlus)
    Callee = calleeThroughPointer(CE);
  if (Callee) {
    if (isPassThroughCallee(Callee))
      return;
    if (Callee->getBuiltinID() && lowerSyncBuiltin(CE, Callee))
      return;
  }
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
  bool MemberOperator = isa<CXXOperatorCallExpr>(CE) && MD &&
                        MD->isImplicitObjectMemberFunction();

  // Receiver.
  std::optional<Operand> Recv;
  std::string RecvType, ElementType;
  unsigned FirstArg = 0;
  const Expr *RecvExpr = nullptr;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    if (const Expr *Obj = MCE->getImplicitObjectArgument()) {
      RecvExpr = Obj;
      QualType ObjType;
      Recv = memberCallReceiver(MCE, ObjType);
      RecvType = objectTypeName(ObjType);
      ElementType = stdElementTypeName(ObjType);
    } else {
      Recv = Operand::unknown();
    }
  } else if (MemberOperator && CE->getNumArgs() >= 1) {
    RecvExpr = CE->getArg(0);
    Recv = PB.operandOfLValue(RecvExpr);
    RecvType = objectTypeName(RecvExpr->getType());
    FirstArg = 1;
  }

  // Compiler-provided copy/move assignment: a write of the destination and a
  // read of the source, no call.
  if (MD && RecvExpr &&
      (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
      (MD->isTrivial() || MD->isImplicit() || MD->isDefaulted()) &&
      CE->getNumArgs() > FirstArg) {
    if (!MD->getParent()->isEmpty()) {
      bool Arrow = Recv && RecvExpr->getType()->isPointerType();
      if (Arrow) {
        if (std::optional<AccessPath> P = PB.pointeeOf(RecvExpr))
          if (hasDeref(*P) || P->Root == ir::RootKind::Global)
            emitPathAccess(ir::InstrKind::Write, std::move(*P), false,
                           CE->getExprLoc());
      } else {
        emitAccess(ir::InstrKind::Write, RecvExpr, false, accessLoc(RecvExpr));
      }
      emitAccess(ir::InstrKind::Read, CE->getArg(FirstArg));
    }
    return;
  }

  ir::CallInfo C = callTo(Callee);
  if (std::string Loop = eventLoopRunSlot(CE, Callee); !Loop.empty()) {
    // `event_base_loop(base, 0)` runs the callbacks registered with that
    // loop, on this thread (frontend/EventLoops.h).
    ir::CallInfo Run;
    Run.Callee = ir::IndirectCalleePrefix + Loop;
    Run.CalleeName = C.CalleeName;
    Run.LoopRange = loopRangeOf(CE, LoopsAroundCalls, Ctx);
    emitCall(std::move(Run), CE->getExprLoc(), nullptr);
  }
  if (!Callee) {
    // `fn(arg)`, `(*fn)(arg)` through a formal: a copy of this function for
    // a caller that names the function calls it directly.
    const Expr *Target = CE->getCallee()->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Target);
        UO && UO->getOpcode() == UO_Deref)
      Target = UO->getSubExpr();
    if (int32_t K = scalarFormalOf(Target); K >= 0)
      C.ScalarArgs.push_back({ir::ScalarArg::CalleeArg, true, K});
    // `job->fn(job->arg)`, `handlers[i](ev)`: through a field or global,
    // any function stored there (frontend/FunctionPointers.h).
    else if (std::string Name, Slot = functionPointerSlotOf(CE, Name);
             !Slot.empty()) {
      C.Callee = ir::IndirectCalleePrefix + Slot;
      C.CalleeName = Name;
    }
    // `handler_fn h = g_handlers[op]; if (h) h(c);`: a local that only
    // ever holds what one slot holds calls through that slot.
    else if (std::string Name, Slot = slotOfPointerLocal(Target, Name);
             !Slot.empty()) {
      C.Callee = ir::IndirectCalleePrefix + Slot;
      C.CalleeName = Name;
    }
  }
  if (Callee && RecvExpr && isCallableWrapperCall(functionName(Callee))) {
    // `task()` on a callable taken from a thread pool's queue, `cb_()`: any
    // callable stored into that slot (frontend/FunctionPointers.h).
    std::string Name, Slot = callableSlotOfValue(RecvExpr, Name);
    if (Slot.empty())
      Slot = slotHeldByLocal(RecvExpr, Name);
    if (Slot.empty())
      Slot = queuedFieldOfLocal(RecvExpr, Name);
    // `for (auto &cb : listeners_) cb(ev);`: what the container holds.
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(RecvExpr->IgnoreParenImpCasts());
        Slot.empty() && DRE)
      if (const Expr *Range =
              RangeSources.lookup(dyn_cast<VarDecl>(DRE->getDecl())))
        Slot = callableSlotOfValue(Range, Name);
    if (!Slot.empty()) {
      C.Callee = ir::IndirectCalleePrefix + Slot;
      C.CalleeName = Name;
    }
  }
  C.ElementType = std::move(ElementType);
  C.LoopRange = loopRangeOf(CE, LoopsAroundCalls, Ctx);
  C.DistinctArgs = distinctElementArgs(CE, LoopsAroundCalls, Ctx);
  if (Walks)
    C.WalkedArgs = Walks->walkedArgs(CE);
  SourceLocation At = CE->getExprLoc();
  if (Recv) {
    if (Callee && isLambdaCallOperator(Callee)) {
      // The lambda's formal 0 is the captured `this`: known only for lambdas
      // created in this function. (Reports show an access in its body at
      // the access, with this call as the note where it runs.)
      std::string ThisType;
      const LambdaExpr *LE = localLambdaOf(RecvExpr);
      Recv = LE ? lambdaReceiver(LE, ThisType) : Operand::unknown();
    }
    C.Args.push_back(std::move(*Recv));
    C.ArgTypes.push_back(std::move(RecvType));
  }
  if (CE->getNumArgs() > FirstArg) {
    llvm::ArrayRef<const Expr *> Actuals(CE->getArgs() + FirstArg,
                                         CE->getNumArgs() - FirstArg);
    const uint32_t First = uint32_t(C.Args.size());
    // (A member operator's object, its first actual, is no parameter:
    // Actuals start after it.)
    llvm::SmallVector<QualType, 4> Params = paramTypesOf(CE, Callee);
    lowerArgs(C, Actuals, Params, forwardingParams(Callee));
    lowerScalarArgs(C, Callee, Actuals, First);
  }
  if (Callee && isLambdaCallOperator(Callee)) {
    // The lambda's capture formals follow its parameters.
    const LambdaExpr *LE = RecvExpr ? localLambdaOf(RecvExpr) : nullptr;
    std::vector<Operand> Captures;
    if (LE)
      Captures = PB.captureActuals(LE);
    for (const Operand &Cap : Captures) {
      C.Args.push_back(Cap);
      C.ArgTypes.push_back("");
    }
  }
  // A job handed over after setting the flag that keeps it to one at a
  // time (frontend/SerialJobs.h).
  if (const Expr *Flag = SerialFlagCalls.lookup(CE))
    for (ir::CallableArg &CA : C.Callables)
      CA.SerialFlag = PB.operandOfLValue(Flag);
  C.UnderModeTest = ModeTestCalls.count(CE) != 0;
  // `pthread_once(&once, init)`: init runs here, once (a lambda runs where
  // it is made, just before); the flag orders it (summarize's onceFlagFor).
  if (lookupCallModel(C.CalleeName).Kind == ModelKind::CallOnce)
    for (const Expr *A : CE->arguments()) {
      const Expr *F = A->IgnoreParenImpCasts();
      if (const auto *UO = dyn_cast<UnaryOperator>(F);
          UO && UO->getOpcode() == UO_AddrOf)
        F = UO->getSubExpr()->IgnoreParenImpCasts();
      const auto *DRE = dyn_cast<DeclRefExpr>(F);
      const auto *FD = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
      if (FD && FD->getNumParams() == 0 && !isa<CXXMethodDecl>(FD))
        emitCall(callTo(FD), At, nullptr);
    }
  auto RIt = CallResults.find(CE);
  if (RIt != CallResults.end())
    C.ResultLocal = int32_t(RIt->second);
  if (const VarDecl *VD = ScalarResults.lookup(CE)) {
    CallOfLocalInBlock[VD] = int32_t(Cur->Instrs.size());
    if (!Ctx.getLangOpts().CPlusPlus && onlyCallResultsStoredIn(VD)) {
      uint32_t Id = localId(VD);
      if (Id < 32768)
        C.ScalarResult = int16_t(Id);
    }
  }
  emitCall(std::move(C), At, CE);
}

void FunctionLowerer::lowerConstruct(const CXXConstructExpr *CE) {
  if (CE->isElidable())
    return; // the elided copy's source is constructed in place
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  if (!Ctor)
    return;
  const CXXRecordDecl *RD = Ctor->getParent();
  if (Ctor->isDefaultConstructor() && Ctor->isTrivial())
    return;
  if (Ctor->isCopyOrMoveConstructor() &&
      (Ctor->isTrivial() || Ctor->isImplicit() || Ctor->isDefaulted())) {
    if (!RD->isEmpty() && CE->getNumArgs() >= 1)
      emitAccess(ir::InstrKind::Read, CE->getArg(0));
    return;
  }
  ir::CallInfo C = callTo(Ctor);
  auto It = CtorTargets.find(CE);
  C.Args.push_back(It != CtorTargets.end() ? It->second : Operand::fresh());
  C.ArgTypes.push_back(objectTypeName(CE->getType()));
  llvm::ArrayRef<const Expr *> Actuals(CE->getArgs(), CE->getNumArgs());
  llvm::SmallVector<QualType, 4> Params;
  for (const ParmVarDecl *P : Ctor->parameters())
    Params.push_back(P->getType());
  lowerArgs(C, Actuals, Params, forwardingParams(Ctor));
  lowerScalarArgs(C, Ctor, Actuals, 1);
  emitCall(std::move(C), CE->getLocation(), CE);
}

void FunctionLowerer::lowerArgs(ir::CallInfo &C,
                                llvm::ArrayRef<const Expr *> Args,
                                llvm::ArrayRef<QualType> Params,
                                uint32_t Forwarding) {
  for (size_t I = 0; I < Args.size(); ++I) {
    const Expr *A = Args[I];
    if (C.Args.size() < 32 &&
        passesWritable(A, I < Params.size() ? Params[I] : QualType(),
                       I < 32 && (Forwarding >> I) & 1))
      C.WritableArgs |= 1u << C.Args.size();
    if (std::optional<ir::CallableArg> CA = callableOf(A)) {
      CA->Arg = static_cast<uint32_t>(C.Args.size());
      for (size_t J = I + 1; J < Args.size(); ++J)
        CA->DecayedArgs.push_back(PB.operandOfDecayCopy(Args[J]));
      C.Callables.push_back(std::move(*CA));
    }
    const CallExpr *RC =
        A->getType()->isPointerType() ? resultCallOf(A) : nullptr;
    auto Temp = RC ? ResultTemps.find(RC) : ResultTemps.end();
    if (Temp != ResultTemps.end()) // `Install(Make())`: Make's result
      C.Args.push_back(Operand::object(
          push(AccessPath::local(Temp->second, F.Locals[Temp->second]),
               ir::StepKind::Deref)));
    else
      C.Args.push_back(PB.operandOfArg(A));
    C.ArgTypes.push_back(objectTypeName(stripWrappers(A)->getType()));
  }
}

} // namespace racer::frontend::lowering
