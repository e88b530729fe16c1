//===- LambdaLowering.cpp - Lambdas and arguments that name a function ----===//
//
// Why: a lambda's body is its own ir::Function (FunctionKind::Lambda) whose
// formals are the captured `this`, its parameters, then one formal per
// captured variable; every call of it must pass matching actuals. And a
// function handed to a callee as a value (a thread's entry) must be named so
// summarize/ can run it with the right actuals:
//
//   auto f = [this, &n](int k) {..};  f(1);
//       call f's operator()(this, ?, &n) at each f(1) (if f is only called)
//   std::thread t([&n] { n++; });
//       call lambda(?, &n) where created; std::thread::thread(&t, fresh)
//       callable[1]=lambda(recv=?, params=0, &n)
//   pthread_create(&t, 0, worker, &d)   callable[2]=worker
//===----------------------------------------------------------------------===//
#include "frontend/FunctionLowerer.h"
#include "frontend/FunctionPointers.h"

#include "clang/AST/DeclTemplate.h"

#include <functional>
#include <iterator>

namespace racer::frontend::lowering {

Operand FunctionLowerer::lambdaReceiver(const LambdaExpr *LE,
                                        std::string &Type) {
  bool CapturesThis = false, CopiesThis = false;
  for (const LambdaCapture &Cap : LE->captures())
    if (Cap.capturesThis()) {
      CapturesThis = true;
      CopiesThis = Cap.getCaptureKind() == LCK_StarThis;
    }
  if (!CapturesThis || !PB.hasThis())
    return Operand::unknown();
  Type = enclosingClassName(FD);
  return CopiesThis ? Operand::fresh() : Operand::object(thisObject());
}

const LambdaExpr *FunctionLowerer::localLambdaOf(const Expr *Closure) const {
  const Expr *E = stripClosure(Closure);
  if (const auto *LE = dyn_cast_or_null<LambdaExpr>(E))
    return LE;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return LambdaVars.lookup(VD);
  return nullptr;
}

/// A lambda's body is attributed to the function that creates it (a call at
/// the LambdaExpr), unless it is only invoked here: then to each invocation
/// (so locks held there apply), still located at the LambdaExpr.
void FunctionLowerer::lowerLambda(const LambdaExpr *LE) {
  if (InvokedOnlyHere.count(LE))
    return;
  std::string RecvType;
  Operand Recv = lambdaReceiver(LE, RecvType);
  const CXXMethodDecl *Op = LE->getCallOperator();
  std::vector<const FunctionDecl *> Ops;
  if (const FunctionTemplateDecl *FTD = Op->getDescribedFunctionTemplate()) {
    for (const FunctionDecl *Spec : FTD->specializations())
      Ops.push_back(Spec);
  } else {
    Ops.push_back(Op);
  }
  std::vector<Operand> Captures = PB.captureActuals(LE);
  for (const FunctionDecl *O : Ops) {
    ir::CallInfo C = callTo(O);
    C.MakesClosure = true;
    C.Args.push_back(Recv);
    C.ArgTypes.push_back(RecvType);
    for (unsigned P = 0; P < O->getNumParams(); ++P) {
      C.Args.push_back(Operand::unknown());
      C.ArgTypes.push_back("");
    }
    for (const Operand &Cap : Captures) {
      C.Args.push_back(Cap);
      C.ArgTypes.push_back("");
    }
    emitCall(std::move(C), LE->getBeginLoc(), nullptr);
  }
}

const VarDecl *FunctionLowerer::wrapperLocalOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      !VD->getInit() || VD->getType()->isReferenceType() ||
      !isCallableWrapperClass(recordTypeName(VD->getType())))
    return nullptr;
  return storesTo(VD) == 1 ? VD : nullptr; // its initializer only
}

/// The one slot every value stored into local \p VD comes from, by \p
/// SlotOf: its initializer (\p Init, if any), each assignment (`=`, a
/// class's `operator=`) in \p Body; "" if a value is of no slot or of
/// another, or if VD's address is taken (stored through a pointer: not
/// known). \p Count: how many stores were read.
template <class SlotOfFn>
static std::string oneSlotStoredIn(const VarDecl *VD, const Expr *Init,
                                   const Stmt *Body, SlotOfFn SlotOf,
                                   std::string &Name, unsigned &Count) {
  std::string Slot;
  bool Ok = true;
  Count = 0;
  auto Take = [&](const Expr *V) {
    std::string N, S = SlotOf(V, N);
    if (S.empty() || (!Slot.empty() && S != Slot)) {
      Ok = false;
      return;
    }
    Slot = S;
    Name = N;
    ++Count;
  };
  if (Init)
    Take(Init);
  auto Names = [&](const Expr *X) {
    const auto *R = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return R && R->getDecl() == VD;
  };
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
        OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
        Names(OC->getArg(0)))
      Take(OC->getArg(1));
    else if (const auto *BO = dyn_cast<BinaryOperator>(S);
             BO && BO->getOpcode() == BO_Assign && Names(BO->getLHS()))
      Take(BO->getRHS());
    else if (const auto *UO = dyn_cast<UnaryOperator>(S);
             UO && UO->getOpcode() == UO_AddrOf && Names(UO->getSubExpr()))
      Ok = false;
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Body);
  return Ok ? Slot : "";
}

std::string FunctionLowerer::slotHeldByLocal(const Expr *E, std::string &Name) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      VD->getType()->isReferenceType())
    return "";
  const Expr *Init = VD->getInit();
  if (const auto *C =
          Init ? dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()) : nullptr;
      C && C->getNumArgs() == 0)
    Init = nullptr; // default-made: holds nothing yet
  unsigned Count;
  return oneSlotStoredIn(VD, Init, FD->getBody(), callableSlotOfValue, Name,
                         Count);
}

std::string FunctionLowerer::slotOfPointerLocal(const Expr *E,
                                                std::string &Name) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      !VD->getType()->isFunctionPointerType())
    return "";
  unsigned Count;
  std::string Slot = oneSlotStoredIn(
      VD, VD->getInit(), FD->getBody(),
      [](const Expr *V, std::string &N) {
        return functionPointerSlotOfValue(V->IgnoreParenCasts(), N);
      },
      Name, Count);
  // Every store is one of those (`h++`, a compound store, is none).
  return Count > 0 && storesTo(VD) == Count ? Slot : "";
}

std::string FunctionLowerer::queuedFieldOfLocal(const Expr *E,
                                                std::string &Name) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME)
    return "";
  const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      !VD->getInit() || !readsContainerElement(VD->getInit()) ||
      (!VD->getType()->isReferenceType() && storesTo(VD) != 1))
    return "";
  return callableFieldOf(ME, Name);
}

std::optional<ir::CallableArg> FunctionLowerer::callableOf(const Expr *A) {
  const Expr *E = A;
  while (E) {
    E = stripClosure(E);
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
        ICE && (ICE->getCastKind() == CK_FunctionToPointerDecay ||
                ICE->getCastKind() == CK_NoOp ||
                ICE->getCastKind() == CK_ConstructorConversion)) {
      E = ICE->getSubExpr();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
               UO && UO->getOpcode() == UO_AddrOf) {
      E = UO->getSubExpr();
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
               CE && CE->getNumArgs() == 1 && CE->getConstructor() &&
               CE->getConstructor()->isCopyOrMoveConstructor()) {
      E = CE->getArg(0);
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
               CE && CE->getNumArgs() >= 1 && CE->getConstructor() &&
               isCallableWrapperClass(
                   qualifiedName(CE->getConstructor()->getParent()))) {
      // `std::function<void()>(lambda)`, made to pass a lambda to a
      // parameter of that type: the callable it holds.
      E = CE->getArg(0);
    } else if (const Expr *Moved = passThroughArg(E)) {
      E = Moved; // `std::move(fn)`
    } else if (const VarDecl *Held = wrapperLocalOf(E)) {
      E = Held->getInit(); // `std::function<void()> job = [..] {..};`
    } else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = FC->getSubExpr();
    } else if (const auto *C = dyn_cast<CastExpr>(E);
               C && C->getCastKind() == CK_BitCast &&
               C->getSubExpr()->getType()->isFunctionPointerType()) {
      // `(void *(*)(void *))worker`, or a K&R `void *worker()` passed as
      // a start routine: the same function under another type.
      E = C->getSubExpr();
    } else {
      break;
    }
  }
  if (!E)
    return std::nullopt;
  // `std::bind(&Indexer::Run, this, 1)`: the function it binds, called with
  // what it binds (then what the call passes).
  if (const auto *Bind = dyn_cast<CallExpr>(E);
      Bind && Bind->getNumArgs() >= 1 && Bind->getDirectCallee() &&
      isBindFunction(qualifiedName(Bind->getDirectCallee()))) {
    std::optional<ir::CallableArg> Bound = callableOf(Bind->getArg(0));
    if (!Bound || Bound->HasReceiver)
      return std::nullopt; // a bound lambda or functor: not followed
    for (unsigned K = 1; K < Bind->getNumArgs(); ++K) {
      // (`std::placeholders::_1`: what the call passes, not known here.)
      const Expr *Arg = Bind->getArg(K);
      bool Placeholder = llvm::StringRef(recordTypeName(Arg->getType()))
                             .starts_with("std::_Placeholder");
      Bound->DecayedArgs.push_back(Placeholder ? Operand::unknown()
                                               : PB.operandOfDecayCopy(Arg));
    }
    return Bound;
  }
  ir::CallableArg CA;
  // `worker`, `&worker`, `&Pool::run`.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *Fn = dyn_cast<FunctionDecl>(DRE->getDecl())) {
      CA.Callee = functionSymbol(Fn);
      CA.CalleeName = functionName(Fn);
      return CA;
    }
  }
  // A function pointer loaded from a field or global (`g_tasks[i].fn`): the
  // dispatcher of that slot (summarize/IndirectCalls.h).
  if (std::string Name, Slot = functionPointerSlotOfValue(E, Name);
      !Slot.empty()) {
    CA.Callee = ir::IndirectCalleePrefix + Slot;
    CA.CalleeName = Name;
    return CA;
  }
  // A lambda, or a local holding one.
  if (const LambdaExpr *LE = localLambdaOf(E)) {
    const CXXMethodDecl *Op = LE->getCallOperator();
    const FunctionDecl *Target = Op;
    if (const FunctionTemplateDecl *FTD = Op->getDescribedFunctionTemplate()) {
      auto Specs = FTD->specializations();
      if (std::distance(Specs.begin(), Specs.end()) != 1)
        return std::nullopt;
      Target = *Specs.begin();
    }
    std::string RecvType;
    CA.Callee = functionSymbol(Target);
    CA.CalleeName = functionName(Target);
    CA.HasReceiver = true;
    CA.Receiver = lambdaReceiver(LE, RecvType);
    CA.NumParams = Target->getNumParams();
    CA.Captures = PB.captureActuals(LE);
    return CA;
  }
  const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return std::nullopt;
  const CXXMethodDecl *Call = nullptr;
  if (RD->isLambda()) {
    // A lambda made elsewhere, passed in (`template <class F> void Spawn(F
    // f) { std::thread t(f); }`): its call operator, with what it captured
    // not known here (a capture it reaches is an unknown pointer).
    Call = RD->getLambdaCallOperator();
    if (!Call || Call->getDescribedFunctionTemplate())
      return std::nullopt; // generic: which instantiation runs is unclear
  } else {
    // A functor: an object whose class has one operator().
    for (const CXXMethodDecl *M : RD->methods())
      if (M->getOverloadedOperator() == OO_Call) {
        if (Call)
          return std::nullopt; // overloaded: which one runs is unclear
        Call = M;
      }
    if (!Call || Call->isStatic())
      return std::nullopt;
  }
  CA.Callee = functionSymbol(Call);
  CA.CalleeName = functionName(Call);
  CA.HasReceiver = true;
  // A `std::function` variable handed on (copied or moved): that variable,
  // so that a parameter forwarded to a helper stays the caller's to bind.
  CA.Receiver = isa<DeclRefExpr>(E) && isCallableWrapperClass(qualifiedName(RD))
                    ? PB.operandOfArg(E)
                    : PB.operandOfArg(A);
  CA.NumParams = Call->getNumParams();
  return CA;
}

} // namespace racer::frontend::lowering
