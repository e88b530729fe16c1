//===- IRBuilder.cpp - Lower Clang function bodies to racecar IR ----------===//
//
// One ir::Function per defined function, from Clang's CFG built with every
// statement as its own element (setAllAlwaysAdd): each element is lowered as
// a single node, never recursively, so every access is emitted exactly once.
//
//   ImplicitCast<LValueToRValue>(L)      read  path(L)
//   L = R (built-in)                     write path(L)   (+ bind if L is a local pointer)
//   L op= R, ++L, L--                    read + write path(L)
//   call / member call / operator call   call  (Args[0] = receiver for methods)
//   CXXConstructExpr                     call  ctor (Args[0] = constructed object)
//   implicit/trivial copy, move, assign  read source / write destination, no call
//   T *p = e;  T &r = e;  p = e;         bind  p/r to the designated object
//   return e;  (pointer/reference)       return
//   [..]{..}  (LambdaExpr)               call  of the lambda (Args[0] = this if captured)
//   scope exit / temporaries / delete    call  dtor
//
// Accesses to memory that cannot be shared are not emitted: paths rooted at a
// local or formal without any Deref step (the variable itself), const
// globals read directly, thread_local variables.
//===----------------------------------------------------------------------===//
#include "frontend/FunctionLowerer.h"
#include "summarize/LibraryModels.h"
#include "summarize/QueueFront.h"
#include "frontend/OnceUpdates.h"
#include "frontend/SyncPatterns.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <functional>

namespace racer::frontend::lowering {

namespace {

/// A flag's name for matching a publication with its acquires: a
/// variable's symbol, or a member's qualified name (any object's).
std::string flagSymbol(const ValueDecl *D) {
  if (const auto *VD = dyn_cast<VarDecl>(D))
    return variableSymbol(VD);
  return qualifiedName(D);
}

/// How many mutexes an object of type \p T holds inside it (members, bases,
/// array elements; not behind pointers), counted up to 2.
unsigned embeddedLocks(QualType T, unsigned Depth = 0) {
  T = T.getNonReferenceType();
  while (const auto *TT = T->getAs<TypedefType>()) {
    if (isLockTypeName(TT->getDecl()->getName()))
      return 1;
    T = TT->getDecl()->getUnderlyingType();
  }
  if (const auto *AT = T->getAsArrayTypeUnsafe()) {
    unsigned Each = embeddedLocks(AT->getElementType(), Depth);
    const auto *CAT = dyn_cast<ConstantArrayType>(AT);
    return Each && (!CAT || CAT->getSize().ugt(1)) ? 2 : Each;
  }
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return 0;
  if (isLockTypeName(RD->getQualifiedNameAsString()) ||
      RD->hasAttr<CapabilityAttr>())
    return 1;
  if (Depth > 6 || !RD->hasDefinition())
    return 0;
  unsigned N = 0;
  for (const CXXBaseSpecifier &B : RD->bases())
    N += embeddedLocks(B.getType(), Depth + 1);
  for (const FieldDecl *Fld : RD->fields())
    if (N < 2)
      N += embeddedLocks(Fld->getType(), Depth + 1);
  return std::min(N, 2u);
}

/// A class with a lock's interface whose objects hold exactly one mutex
/// (ir::Function::LockWrapper).
bool isLockWrapper(const CXXRecordDecl *RD) {
  static const llvm::StringRef LockMethods[] = {
      "lock",      "unlock",      "Lock",        "Unlock",     "try_lock",
      "TryLock",   "AssertHeld",  "ReadLock",    "ReadUnlock", "WriteLock",
      "WriteUnlock", "ReaderLock", "ReaderUnlock", "lock_shared",
      "unlock_shared"};
  if (!RD || !RD->hasDefinition())
    return false;
  bool Interface = llvm::any_of(RD->methods(), [](const CXXMethodDecl *M) {
    const IdentifierInfo *II = M->getIdentifier();
    return II && llvm::is_contained(LockMethods, II->getName());
  });
  return Interface &&
         embeddedLocks(QualType(RD->getTypeForDecl(), 0)) == 1;
}

} // namespace

ir::Function FunctionLowerer::run() {
  F.Symbol = functionSymbol(FD);
  F.Name = functionName(FD);
  F.Class = enclosingClassName(FD);
  switch (FD->getAccess()) {
  case AS_public:
    F.Access = ir::AccessSpec::Public;
    break;
  case AS_protected:
    F.Access = ir::AccessSpec::Protected;
    break;
  case AS_private:
    F.Access = ir::AccessSpec::Private;
    break;
  case AS_none:
    F.Access = ir::AccessSpec::None;
    break;
  }
  if (isLambdaCallOperator(FD))
    F.Kind = ir::FunctionKind::Lambda;
  else if (isa<CXXConstructorDecl>(FD))
    F.Kind = ir::FunctionKind::Constructor;
  else if (isa<CXXDestructorDecl>(FD))
    F.Kind = ir::FunctionKind::Destructor;
  else if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    F.Kind = MD->isStatic() ? ir::FunctionKind::StaticMethod
                            : ir::FunctionKind::Method;
  else
    F.Kind = ir::FunctionKind::Free;
  if (hasThisFormal(FD)) {
    F.Formals.push_back("this");
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      F.LockWrapper = isLockWrapper(MD->getParent());
  }
  for (const ParmVarDecl *P : FD->parameters()) {
    std::string Name = P->getName().str();
    if (Name.empty())
      Name = "arg" + std::to_string(P->getFunctionScopeIndex());
    F.Formals.push_back(std::move(Name));
  }
  for (const auto &[D, ByRef] : PB.captureFormals())
    F.Formals.push_back(D->getName().str());
  F.Location = Files.loc(FD->getLocation());
  F.LastLine = F.Location.Line;
  LastLoc = F.Location;
  F.DeclaredEffects = declaredEffects(FD);
  F.DocumentedRequires = documentedRequires(FD, F.DeclaredEffects);

  const Stmt *Body = FD->getBody();
  if (!Body)
    return std::move(F);
  if (ir::Loc End = Files.loc(Body->getEndLoc());
      End.File == F.Location.File && End.Line > F.Location.Line)
    F.LastLine = End.Line;
  preScan(Body);
  collectEnclosingLoops(Body, LoopsAroundCalls);
  Walks.emplace(Body, Ctx);
  SerialFlagCalls = findSerialFlagCalls(Body, Ctx);
  if (isa<CXXMethodDecl>(FD))
    ModeTestCalls = callsUnderModeTests(Body, Ctx);
  ir::SyncPatterns Found;
  const Stmt *Loop = findHandRolledSync(Body, &Ctx);
  if (Loop)
    Found.HandRolledSync = Files.loc(Loop->getBeginLoc());
  F.UpdatesAtomically = updatesAtomically(Body);
  F.OnlyForwards = onlyForwards(Body);
  if (const Stmt *Loop = findConditionWait(Body)) {
    Found.ConditionWait = Files.loc(Loop->getBeginLoc());
    Found.ConditionWaitSignals =
        signalsCondition(Body) || claimsAfterWait(Body, Loop);
  } else if (const Stmt *Get = findSignalledWait(Body)) {
    Found.ConditionWait = Files.loc(Get->getBeginLoc());
    Found.SignalledWait = true;
  }
  if (const CallExpr *Signal = lastSignal(Body, Ctx.getSourceManager())) {
    ir::Loc At = Files.loc(Signal->getBeginLoc());
    if (At.File == F.Location.File)
      Found.LastSignalLine = At.Line;
  }
  if (const CallExpr *Wait = findBarrierWait(Body))
    Found.BarrierWait = Files.loc(Wait->getBeginLoc());
  QueueWaits = findQueueFrontWaits(Body);
  for (const QueueFrontWait &W : QueueWaits)
    if (std::optional<AccessPath> P = PB.pathOf(W.Queue))
      WaitedQueues.push_back(std::move(*P));
  if (OnceInitRegion Once = findOnceInit(Body, Ctx); Once.First) {
    ir::Loc Last = Files.loc(Once.Last->getBeginLoc());
    Found.OnceInit = Files.loc(Once.First->getBeginLoc());
    if (Last.File == Found.OnceInit.File && Last.Line >= Found.OnceInit.Line)
      Found.OnceInitLast = Last.Line;
    else
      Found.OnceInit = ir::Loc();
  } else if (OnceUpdate Up = findOnceUpdate(Body, Ctx); Up.First) {
    ir::Loc Last = Files.loc(Up.Last->getBeginLoc());
    ir::Loc First = Files.loc(Up.First->getBeginLoc());
    if (Last.File == First.File && Last.Line >= First.Line) {
      Found.OnceInit = First;
      Found.OnceInitLast = Last.Line;
      Found.OnceInitVar = ir::Symbol(variableSymbol(Up.Var));
      for (const VarDecl *G : Up.Unwritten)
        Found.OnceInitUnwritten.push_back(ir::Symbol(variableSymbol(G)));
    }
  }

  if (FlagGuardRegion Guard = findFlagGuard(Body); Guard.Flag) {
    ir::Loc First = Files.loc(Guard.First->getBeginLoc());
    ir::Loc End = Files.loc(Guard.End);
    if (End.File == First.File && End.Line >= First.Line) {
      Found.FlagGuard = First;
      Found.FlagGuardLast = End.Line;
      Found.FlagGuardVar = ir::Symbol(variableSymbol(Guard.Flag));
    }
  }
  if (AcquireRegion Acq = findAcquireRegion(Body, Ctx); Acq.Flag) {
    ir::Loc Begin = Files.loc(Acq.Begin);
    ir::Loc End = Acq.End.isValid() ? Files.loc(Acq.End) : ir::Loc();
    if (Begin.Line &&
        (!End.Line || (End.File == Begin.File && End.Line >= Begin.Line))) {
      Found.AcquireRegion = Begin;
      Found.AcquireRegionLast = End.Line;
      Found.AcquireVar = ir::Symbol(flagSymbol(Acq.Flag));
      Found.AcquireSpin = Loop && Loop == Acq.Loop;
      Found.AcquireLastOwner = Acq.LastOwner;
    }
  }
  if (FlagPublish Pub = lastFlagPublish(Body, Ctx); Pub.Flag) {
    ir::Loc At = Files.loc(Pub.At->getBeginLoc());
    if (At.File == F.Location.File) {
      Found.PublishLine = At.Line;
      Found.PublishVar = ir::Symbol(flagSymbol(Pub.Flag));
    }
  }
  F.Patterns = std::move(Found);

  CFG::BuildOptions BO;
  BO.setAllAlwaysAdd();
  BO.AddImplicitDtors = true;
  BO.AddTemporaryDtors = true;
  BO.AddInitializers = true;
  BO.AddCXXDefaultInitExprInCtors = true;
  BO.AddCXXDefaultInitExprInAggregates = true;
  std::unique_ptr<CFG> G =
      CFG::buildCFG(FD, const_cast<Stmt *>(Body), &Ctx, BO);
  if (G)
    lowerCFG(*G);
  else
    lowerFallback(Body);
  return std::move(F);
}

void FunctionLowerer::lowerCFG(const CFG &G) {
  std::vector<const CFGBlock *> Order;
  Order.push_back(&G.getEntry());
  std::vector<const CFGBlock *> Rest;
  for (const CFGBlock *B : G)
    if (B && B != &G.getEntry())
      Rest.push_back(B);
  std::sort(Rest.begin(), Rest.end(),
            [](const CFGBlock *A, const CFGBlock *B) {
              return A->getBlockID() > B->getBlockID();
            });
  Order.insert(Order.end(), Rest.begin(), Rest.end());
  llvm::DenseMap<unsigned, uint32_t> IndexOf;
  for (size_t I = 0; I < Order.size(); ++I)
    IndexOf[Order[I]->getBlockID()] = uint32_t(I);

  // A loop that waits for the front of a queue: the turn starts where it
  // is left (the false edge of each block it tests its condition in).
  llvm::DenseMap<const CFGBlock *, llvm::SmallVector<const QueueFrontWait *, 1>>
      TurnStarts;
  for (const QueueFrontWait &W : QueueWaits)
    if (W.Loop)
      for (const CFGBlock *B : G)
        if (B && B->getTerminatorStmt() == W.Loop && B->succ_size() == 2)
          if (const CFGBlock *Exit = B->succ_begin()[1].getReachableBlock())
            if (!llvm::is_contained(TurnStarts[Exit], &W))
              TurnStarts[Exit].push_back(&W);

  // The branch of a test of the class's mode that another method asserts a
  // lock in (frontend/ModeAsserts.h): the lock is held there too.
  llvm::DenseMap<const CFGBlock *, std::pair<const CXXMemberCallExpr *,
                                             SourceLocation>>
      ModeStarts;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (Modes && MD && MD->isInstance())
    for (const CFGBlock *B : G) {
      const auto *If = B ? dyn_cast_or_null<IfStmt>(B->getTerminatorStmt())
                         : nullptr;
      if (!If || If->getInit() || If->getConditionVariable() ||
          B->succ_size() != 2 || ModeAsserts::assertionIn(If->getThen()))
        continue;
      const CFGBlock *Then = B->succ_begin()[0].getReachableBlock();
      if (!Then || Then->pred_size() != 1)
        continue;
      if (const CXXMemberCallExpr *A =
              Modes->impliedBy(MD->getParent(), If->getCond()))
        ModeStarts[Then] = {A, If->getThen()->getBeginLoc()};
    }

  F.Blocks.resize(Order.size());
  for (size_t I = 0; I < Order.size(); ++I) {
    const CFGBlock &B = *Order[I];
    Cur = &F.Blocks[I];
    CallIndexInBlock.clear();
    CallOfLocalInBlock.clear();
    if (auto It = TurnStarts.find(&B); It != TurnStarts.end())
      for (const QueueFrontWait *W : It->second)
        emitQueueFront(QueueFrontTakeName, W->Queue, W->Loop->getEndLoc());
    if (auto It = ModeStarts.find(&B); It != ModeStarts.end())
      emitModeAssert(It->second.first, It->second.second);
    for (const CFGElement &E : B)
      lowerElement(E);
    // After `abort()` or `exit(1)` nothing of this function runs again.
    Cur->NoReturn = B.hasNoReturnElement();
    if (!Cur->NoReturn)
      for (const CFGBlock::AdjacentBlock &S : B.succs())
        if (const CFGBlock *R = S.getReachableBlock())
          Cur->Succs.push_back(IndexOf.lookup(R->getBlockID()));
    lowerBranch(B, *Cur);
    if (Cur->CondCall < 0 && Cur->CondLocal < 0)
      lowerFormalBranch(B, *Cur);
  }
  Cur = nullptr;
}

unsigned FunctionLowerer::storesTo(const VarDecl *VD) {
  auto [It, New] = StoreCounts.try_emplace(VD, 0);
  if (!New)
    return It->second;
  unsigned N = VD->getInit() ? 1 : 0;
  auto Names = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  };
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp() && Names(BO->getLHS()))
        ++N;
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      // `job = other;` on a class-type local (std::function::operator=).
      if (OC->isAssignmentOp() && OC->getNumArgs() > 0 && Names(OC->getArg(0)))
        ++N;
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp() && Names(UO->getSubExpr()))
        ++N;
      else if (UO->getOpcode() == UO_AddrOf && Names(UO->getSubExpr()))
        N += 2;
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(FD->getBody());
  return StoreCounts[VD] = N;
}

const FunctionDecl *FunctionLowerer::calleeThroughPointer(const CallExpr *CE) {
  const VarDecl *Through = nullptr;
  const FunctionDecl *Fn = initialCalleeOf(CE, &Through);
  if (!Fn) {
    // `g = f; g();` with g a local stored once, from a global f.
    const VarDecl *Local = calledPointerVariable(CE);
    if (!Local || !Local->hasLocalStorage() || isa<ParmVarDecl>(Local) ||
        !Local->getType()->isFunctionPointerType() || storesTo(Local) != 1)
      return nullptr;
    const Expr *Value = Local->getInit();
    std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
      if (!S || Value)
        return;
      if (const auto *BO = dyn_cast<BinaryOperator>(S))
        if (BO->getOpcode() == BO_Assign)
          if (const auto *L =
                  dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
              L && L->getDecl() == Local)
            Value = BO->getRHS();
      for (const Stmt *C : S->children())
        Find(C);
    };
    Find(FD->getBody());
    const Expr *V = Value ? Value->IgnoreParenCasts() : nullptr;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(V);
        UO && UO->getOpcode() == UO_AddrOf)
      V = UO->getSubExpr()->IgnoreParenCasts();
    const auto *G = dyn_cast_or_null<DeclRefExpr>(V);
    // `void (*routine)(void *) = unlock_mutex; .. routine(arg);` (what
    // pthread_cleanup_push/pop expand to): the function itself.
    if (const auto *F = G ? dyn_cast<FunctionDecl>(G->getDecl()) : nullptr)
      return F;
    const auto *Global = G ? dyn_cast<VarDecl>(G->getDecl()) : nullptr;
    if (!Global)
      return nullptr;
    Fn = initialFunctionOf(Global, &Through);
  }
  if (Fn && ResolvedThrough)
    ResolvedThrough->push_back(variableSymbol(Through) + "\t" +
                               functionSymbol(Fn));
  return Fn;
}

bool FunctionLowerer::onlyCallResultsStoredIn(const VarDecl *VD) {
  auto [It, New] = OnlyCallStores.try_emplace(VD, false);
  if (!New)
    return It->second;
  unsigned FromCalls = 0;
  for (const auto &[CE, Var] : ScalarResults)
    FromCalls += Var == VD;
  bool R = FromCalls > 0 && storesTo(VD) == FromCalls;
  return OnlyCallStores[VD] = R;
}

/// Without a CFG (Clang could not build one): one block, children before
/// parents, lambda bodies and nested declarations excluded.
void FunctionLowerer::lowerFallback(const Stmt *Body) {
  F.Blocks.resize(1);
  Cur = &F.Blocks[0];
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      for (const Expr *Init : LE->capture_inits())
        Walk(Init);
    } else {
      for (const Stmt *C : S->children())
        Walk(C);
    }
    lowerStmt(S);
  };
  Walk(Body);
  Cur = nullptr;
}

void FunctionLowerer::lowerBranch(const CFGBlock &B, ir::Block &Out) {
  if (B.succ_size() != 2 || Out.Succs.size() != 2)
    return;
  const auto *C = dyn_cast_or_null<Expr>(
      const_cast<CFGBlock &>(B).getTerminatorCondition());
  bool Neg = false;
  auto IsZero = [](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *IL = dyn_cast<IntegerLiteral>(E))
      return IL->getValue() == 0;
    if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
      return !BL->getValue();
    return isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E);
  };
  auto IsTrue = [](const Expr *E) {
    const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E->IgnoreParenImpCasts());
    return BL && BL->getValue();
  };
  while (C) {
    C = stripWrappers(C);
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(C)) {
      C = ICE->getSubExpr();
    } else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(C)) {
      C = BT->getSubExpr();
    } else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(C)) {
      C = MT->getSubExpr();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(C);
               UO && UO->getOpcode() == UO_LNot) {
      Neg = !Neg;
      C = UO->getSubExpr();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(C)) {
      BinaryOperatorKind Op = BO->getOpcode();
      if (Op == BO_LAnd || Op == BO_LOr) {
        C = BO->getRHS();
      } else if (Op == BO_Assign || Op == BO_Comma) {
        // `if ((pid = fork()) == 0)`: the value is the right-hand side's.
        C = BO->getRHS();
      } else if (Op == BO_EQ || Op == BO_NE) {
        const Expr *L = BO->getLHS(), *R = BO->getRHS();
        const Expr *Other = nullptr;
        bool Flip = false;
        if (IsZero(R) || IsZero(L)) {
          Other = IsZero(R) ? L : R;
          Flip = Op == BO_EQ;
        } else if (IsTrue(R) || IsTrue(L)) {
          Other = IsTrue(R) ? L : R;
          Flip = Op == BO_NE;
        }
        if (!Other)
          return;
        Neg ^= Flip;
        C = Other;
      } else {
        return;
      }
    } else {
      break;
    }
  }
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(C)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    // A local holding the result negated (`got = trylock(&m) == 0`).
    const uint8_t Polarity = VD ? ResultPolarity.lookup(VD) : 0;
    if (Polarity == 3)
      return;
    Neg ^= Polarity == 2;
    auto LIt = VD ? CallOfLocalInBlock.find(VD) : CallOfLocalInBlock.end();
    if (LIt == CallOfLocalInBlock.end()) {
      // A local holding an earlier block's call result (C only: no
      // reference can store into it behind our back).
      if (VD && !Ctx.getLangOpts().CPlusPlus && VD->hasLocalStorage() &&
          onlyCallResultsStoredIn(VD) && localId(VD) < 32768) {
        Out.CondLocal = int32_t(localId(VD));
        Out.CondNegated = Neg;
      }
      return;
    }
    Out.CondCall = LIt->second;
    Out.CondNegated = Neg;
    return;
  }
  if (!C || !(isa<CallExpr>(C) || isa<AtomicExpr>(C)))
    return;
  auto It = CallIndexInBlock.find(C);
  if (It == CallIndexInBlock.end())
    return;
  Out.CondCall = It->second;
  Out.CondNegated = Neg;
}

void FunctionLowerer::lowerElement(const CFGElement &E) {
  if (std::optional<CFGStmt> S = E.getAs<CFGStmt>()) {
    lowerStmt(S->getStmt());
  } else if (std::optional<CFGInitializer> I = E.getAs<CFGInitializer>()) {
    lowerInitializer(I->getInitializer());
  } else if (std::optional<CFGAutomaticObjDtor> D =
                 E.getAs<CFGAutomaticObjDtor>()) {
    const VarDecl *VD = D->getVarDecl();
    // A detached std::jthread: nothing to join.
    if (DetachedLocals.count(VD))
      return;
    Operand Recv = Operand::fresh(); // lifetime-extended temporary
    if (!VD->getType()->isReferenceType()) {
      std::optional<AccessPath> P = PB.pathOfDecl(VD);
      Recv = P ? Operand::object(std::move(*P)) : Operand::unknown();
    }
    const Stmt *Trigger = D->getTriggerStmt();
    emitDtorCall(D->getDestructorDecl(Ctx), std::move(Recv),
                 objectTypeName(VD->getType().getNonReferenceType()),
                 Trigger ? Trigger->getEndLoc() : VD->getLocation());
  } else if (std::optional<CFGTemporaryDtor> T = E.getAs<CFGTemporaryDtor>()) {
    const CXXBindTemporaryExpr *BTE = T->getBindTemporaryExpr();
    if (ElidedTemporaries.count(BTE))
      return;
    emitDtorCall(T->getDestructorDecl(Ctx), Operand::fresh(),
                 objectTypeName(BTE->getType()), BTE->getEndLoc());
  } else if (std::optional<CFGMemberDtor> M = E.getAs<CFGMemberDtor>()) {
    const FieldDecl *Fld = M->getFieldDecl();
    emitDtorCall(M->getDestructorDecl(Ctx),
                 Operand::object(push(thisObject(), ir::StepKind::Field,
                                      fieldName(Fld))),
                 objectTypeName(Fld->getType()), FD->getBody()->getEndLoc());
  } else if (std::optional<CFGBaseDtor> BD = E.getAs<CFGBaseDtor>()) {
    emitDtorCall(BD->getDestructorDecl(Ctx), Operand::object(thisObject()),
                 objectTypeName(BD->getBaseSpecifier()->getType()),
                 FD->getBody()->getEndLoc());
  } else if (std::optional<CFGDeleteDtor> DD = E.getAs<CFGDeleteDtor>()) {
    const CXXDeleteExpr *DE = DD->getDeleteExpr();
    emitDtorCall(DD->getDestructorDecl(Ctx),
                 PB.operandOfPointer(DE->getArgument()),
                 objectTypeName(DE->getDestroyedType()), DE->getBeginLoc());
  } else if (std::optional<CFGCleanupFunction> CF =
                 E.getAs<CFGCleanupFunction>()) {
    const FunctionDecl *Fn = CF->getFunctionDecl();
    if (!Fn)
      return;
    ir::CallInfo C = callTo(Fn);
    std::optional<AccessPath> P = PB.pathOfDecl(CF->getVarDecl());
    C.Args.push_back(P ? Operand::object(std::move(*P)) : Operand::unknown());
    C.ArgTypes.push_back("");
    emitCall(std::move(C), CF->getVarDecl()->getLocation(), nullptr);
  }
  // CFGNewAllocator, CFGLifetimeEnds, CFGScopeBegin/End, CFGLoopExit: ignored.
}

void FunctionLowerer::lowerStmt(const Stmt *S) {
  if (!S)
    return;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S)) {
    if (ICE->getCastKind() != CK_LValueToRValue &&
        ICE->getCastKind() != CK_LValueToRValueBitCast)
      return;
    // The value of `++x` or `x = e` (lvalues in C++) is what was just
    // stored: no further read.
    const Expr *Sub = ICE->getSubExpr()->IgnoreParens();
    if (const auto *UO = dyn_cast<UnaryOperator>(Sub);
        UO && (UO->getOpcode() == UO_PreInc || UO->getOpcode() == UO_PreDec))
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(Sub);
        BO && BO->isAssignmentOp())
      return;
    emitAccess(ir::InstrKind::Read, ICE->getSubExpr());
    return;
  }
  auto ForgetLocal = [&](const Expr *LHS, const Expr *RHS) {
    const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(LHS));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !CallOfLocalInBlock.count(VD))
      return;
    bool Negated;
    const CallExpr *CE = RHS ? scalarResultCallOf(RHS, &Negated) : nullptr;
    if (!(CE && ScalarResults.lookup(CE) == VD))
      CallOfLocalInBlock.erase(VD);
  };
  if (const auto *CAO = dyn_cast<CompoundAssignOperator>(S)) {
    ForgetLocal(CAO->getLHS(), nullptr);
    emitAccess(ir::InstrKind::Read, CAO->getLHS());
    emitAccess(ir::InstrKind::Write, CAO->getLHS());
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->getOpcode() != BO_Assign)
      return;
    ForgetLocal(BO->getLHS(), BO->getRHS());
    size_t Before = Cur->Instrs.size();
    emitAccess(ir::InstrKind::Write, BO->getLHS());
    // `scheduled_ = false;`: the end of a serial job (frontend/SerialJobs.h).
    if (Cur->Instrs.size() > Before && storesZero(BO, Ctx))
      Cur->Instrs.back().Dest |= ir::StoresZero;
    noteLinkingStore(BO->getLHS(), BO->getRHS());
    if (const VarDecl *TL = PathBuilder::threadLocalPointer(BO->getLHS())) {
      // The thread's own object for the variable, like a pthread key's.
      ir::CallInfo C;
      C.CalleeName = ir::Symbol(ThreadLocalSetName);
      C.Args.push_back(Operand::object(PathBuilder::globalPath(TL)));
      C.Args.push_back(PB.operandOfPointer(BO->getRHS()));
      emitCall(std::move(C), BO->getOperatorLoc(), nullptr);
    }
    if (const auto *ME = dyn_cast<MemberExpr>(stripWrappers(BO->getLHS()));
        ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      if (std::optional<AccessPath> Member = PB.pathOf(BO->getLHS()))
        noteStoredPointer(*Member, ME->getType(), BO->getRHS());
    const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(BO->getLHS()));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (isBindableLocal(VD) && VD->getType()->isPointerType()) {
      const CallExpr *RC = resultCallOf(BO->getRHS());
      if (!(RC && CallResults.count(RC)))
        emitBind(localId(VD), PB.operandOfPointer(BO->getRHS()),
                 BO->getOperatorLoc());
    }
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp()) {
      ForgetLocal(UO->getSubExpr(), nullptr);
      emitAccess(ir::InstrKind::Read, UO->getSubExpr());
      emitAccess(ir::InstrKind::Write, UO->getSubExpr());
    }
    return;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    lowerConstruct(CE);
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    lowerCall(CE);
    if (!QueueWaits.empty())
      noteQueueFrontCall(CE);
    return;
  }
  if (const auto *AE = dyn_cast<AtomicExpr>(S)) {
    lowerAtomic(AE);
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        lowerVarDecl(VD);
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    lowerReturn(RS);
    return;
  }
  if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
    lowerLambda(LE);
    return;
  }
}

/// Code from system headers (default arguments, macros) is reported at the
/// last position in user code.
ir::Loc FunctionLowerer::at(SourceLocation L) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (L.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(L)))
    return LastLoc;
  ir::Loc R = Files.loc(L);
  if (R.Line)
    LastLoc = R;
  return R;
}

void FunctionLowerer::emitPathAccess(ir::InstrKind K, AccessPath P,
                                     bool Atomic, SourceLocation At) {
  ir::Instr I;
  I.Kind = K;
  I.Path = std::move(P);
  I.Atomic = Atomic;
  I.Location = at(At);
  Cur->Instrs.push_back(std::move(I));
}

void FunctionLowerer::emitAccess(ir::InstrKind K, const Expr *LV,
                                 bool ForceAtomic, SourceLocation At) {
  std::optional<AccessPath> P = PB.pathOf(LV);
  if (!P) {
    // Memory we cannot name: kept as such, so that the analysis knows it
    // missed an access (an assumption for the verdict), unless it is a
    // thread's own (`__thread` variable) or a local's.
    if (!PB.isPrivateVariable(LV))
      emitPathAccess(K, AccessPath::unnamed(), /*Atomic=*/false,
                     At.isValid() ? At : accessLoc(LV));
    return;
  }
  if (!hasDeref(*P)) {
    bool Escaping = P->Root == ir::RootKind::Local &&
                    EscapingLocals.count(P->Index);
    if (P->Root != ir::RootKind::Global && !Escaping)
      return; // the local or parameter itself, seen by nobody else
    if (LV->getType().isConstQualified())
      return; // a const global: never written
  }
  bool Atomic = ForceAtomic || LV->getType()->isAtomicType();
  emitPathAccess(K, std::move(*P), Atomic, At.isValid() ? At : accessLoc(LV));
  if (K == ir::InstrKind::Read && Walks && Walks->walksEvery(LV))
    Cur->Instrs.back().Dest |= ir::WalksEveryElement;
}

void FunctionLowerer::emitBind(uint32_t Dest, Operand V, SourceLocation At) {
  ir::Instr I;
  I.Kind = ir::InstrKind::Bind;
  I.Dest = Dest;
  I.value() = std::move(V);
  I.Location = at(At);
  Cur->Instrs.push_back(std::move(I));
}

void FunctionLowerer::emitCall(ir::CallInfo C, SourceLocation At,
                               const Stmt *Key) {
  ir::Instr I;
  I.Kind = ir::InstrKind::Call;
  I.call() = std::move(C);
  I.Location = at(At);
  if (Key)
    CallIndexInBlock[Key] = int32_t(Cur->Instrs.size());
  Cur->Instrs.push_back(std::move(I));
}

void FunctionLowerer::emitQueueFront(const char *Name, const Expr *Queue,
                                     SourceLocation At) {
  ir::CallInfo C;
  C.CalleeName = ir::Symbol(Name);
  C.Args.push_back(PB.operandOfLValue(Queue));
  emitCall(std::move(C), At, nullptr);
}

void FunctionLowerer::emitModeAssert(const CXXMemberCallExpr *A,
                                     SourceLocation At) {
  ir::CallInfo C = callTo(A->getMethodDecl());
  QualType ObjType;
  C.Args.push_back(memberCallReceiver(A, ObjType));
  C.ArgTypes.push_back(objectTypeName(ObjType));
  emitCall(std::move(C), At, nullptr);
}

void FunctionLowerer::noteQueueFrontCall(const CallExpr *CE) {
  for (const QueueFrontWait &W : QueueWaits)
    if (W.Wait == CE)
      emitQueueFront(QueueFrontTakeName, W.Queue, CE->getEndLoc());
  if (const Expr *Q = queuePopped(CE))
    if (std::optional<AccessPath> P = PB.pathOf(Q))
      if (llvm::is_contained(WaitedQueues, *P))
        emitQueueFront(QueueFrontLeaveName, Q, CE->getEndLoc());
}

namespace {

/// `std::unique_ptr<T> p(new T(..))`: the local smart pointer \p VD owns a
/// new object. (`auto p = std::make_unique<T>(..)` is a call's result:
/// PreScan's SmartPointerResults.)
bool ownsNewObject(const VarDecl *VD) {
  if (!VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      !isStdSmartPointerType(VD->getType()) || !VD->getInit())
    return false;
  const Expr *E = VD->getInit()->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() < 1)
      return false;
    E = CE->getArg(0)->IgnoreImplicit();
  }
  return isa<CXXNewExpr>(E->IgnoreParenCasts());
}

} // namespace

void FunctionLowerer::lowerVarDecl(const VarDecl *VD) {
  // A local smart pointer that owns a new object and keeps it (every use
  // of it is `p->`, `*p`, `p.get()`, `p.release()`, `if (p)` or `return p`:
  // PreScan's ObserverRefs): like a raw pointer initialized by `new`
  // (`db->Init()` on an object not shared yet).
  if (VD && ownsNewObject(VD) && Refs.lookup(VD) == ObserverRefs.lookup(VD)) {
    emitBind(localId(VD), Operand::fresh(), VD->getLocation());
    return;
  }
  if (!isBindableLocal(VD))
    return;
  uint32_t Id = localId(VD);
  const Expr *Init = VD->getInit();
  if (!Init)
    return;
  if (const Expr *Range = RangeElements.lookup(VD)) {
    // `for (auto &s : shards_)`: s is an element of the container;
    // `for (Worker *w : workers_)`: w points to what an element points to.
    std::optional<AccessPath> P = PB.pathOf(Range);
    if (P) {
      P = push(std::move(*P), ir::StepKind::Index);
      if (!VD->getType()->isReferenceType())
        P = push(std::move(*P), ir::StepKind::Deref);
    }
    emitBind(Id, P ? Operand::object(std::move(*P)) : Operand::unknown(),
             VD->getLocation());
    return;
  }
  if (const CallExpr *RC = resultCallOf(Init)) {
    auto It = CallResults.find(RC);
    if (It != CallResults.end() && It->second == Id)
      return;
  }
  const Expr *E = stripWrappers(Init);
  if (const auto *IL = dyn_cast<InitListExpr>(E); IL && IL->getNumInits() == 1)
    E = IL->getInit(0);
  Operand V = VD->getType()->isReferenceType() ? PB.operandOfLValue(E)
                                               : PB.operandOfPointer(E);
  emitBind(Id, std::move(V), VD->getLocation());
}

void FunctionLowerer::lowerReturn(const ReturnStmt *RS) {
  const Expr *RV = RS->getRetValue();
  if (!RV)
    return;
  QualType RT = FD->getReturnType();
  Operand V;
  uint32_t Flags = 0;
  // `return 0;`, `return NULL;`: callers that branch on the result know
  // which paths returned it (a thread started only on success).
  auto IsZero = [&] {
    if (RV->isValueDependent() || RV->isTypeDependent())
      return false;
    if (RV->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return true;
    Expr::EvalResult R;
    return RV->getType()->isIntegralOrEnumerationType() &&
           RV->EvaluateAsInt(R, Ctx) && R.Val.getInt().isZero();
  };
  if (RT->isPointerType()) {
    V = PB.operandOfPointer(RV);
  } else if (RT->isReferenceType()) {
    V = PB.operandOfLValue(RV);
  } else if (RT->isIntegralOrEnumerationType()) {
    Flags |= ir::ReturnsScalar;
    const auto *DRE = dyn_cast<DeclRefExpr>(RV->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (VD && !Ctx.getLangOpts().CPlusPlus && VD->hasLocalStorage() &&
        onlyCallResultsStoredIn(VD) && ResultPolarity.lookup(VD) == 1 &&
        localId(VD) < 32768)
      if (std::optional<AccessPath> P = PB.pathOfDecl(VD))
        V = Operand::value(std::move(*P));
  } else {
    return;
  }
  if (IsZero())
    Flags |= ir::ReturnsZero;
  ir::Instr I;
  I.Kind = ir::InstrKind::Return;
  I.Dest = Flags;
  I.value() = std::move(V);
  I.Location = at(RS->getReturnLoc());
  Cur->Instrs.push_back(std::move(I));
}

void FunctionLowerer::lowerInitializer(const CXXCtorInitializer *I) {
  const FieldDecl *Fld = I->getAnyMember();
  if (!Fld)
    return; // base/delegating: the constructor call is its own element
  if (ctorOf(I->getInit()))
    return; // class-type member: lowered as a constructor call
  SourceLocation At = I->isWritten() ? I->getMemberLocation() : SourceLocation();
  if (At.isInvalid())
    At = Fld->getLocation();
  AccessPath Member = push(thisObject(), ir::StepKind::Field, fieldName(Fld));
  emitPathAccess(ir::InstrKind::Write, Member, Fld->getType()->isAtomicType(),
                 At);
  noteStoredPointer(Member, Fld->getType(), I->getInit());
}

void FunctionLowerer::noteStoredPointer(const AccessPath &Member,
                                        QualType FieldType, const Expr *Value) {
  // Only a constructor's stores tell what its object's pointer members hold
  // when it returns (a guard's `mu_(mu)`): the object is its own until then.
  if (!isa<CXXConstructorDecl>(FD) || Cur->Instrs.empty() ||
      Cur->Instrs.back().Kind != ir::InstrKind::Write ||
      !(Cur->Instrs.back().Path == Member))
    return;
  Operand V;
  if (FieldType->isPointerType())
    V = PB.operandOfPointer(Value);
  else if (FieldType->isReferenceType())
    V = PB.operandOfLValue(Value);
  if (V.K == Operand::Kind::Object)
    Cur->Instrs.back().value() = std::move(V);
}

void FunctionLowerer::noteLinkingStore(const Expr *Dest, const Expr *Value) {
  if (isa<CXXConstructorDecl>(FD) || !Dest->getType()->isPointerType() ||
      Cur->Instrs.empty())
    return;
  ir::Instr &W = Cur->Instrs.back();
  if (W.Kind != ir::InstrKind::Write || W.hasValue() || W.Path.isUnnamed())
    return;
  std::optional<AccessPath> Path = PB.pathOf(Dest);
  if (!Path || !(*Path == W.Path))
    return;
  // A global's object is everyone's already: nothing to record.
  Operand V = PB.operandOfPointer(Value);
  if (V.K == Operand::Kind::Object && V.Path.Root != ir::RootKind::Global)
    W.value() = std::move(V);
}

} // namespace racer::frontend::lowering

namespace racer::frontend {

ir::Function lowerFunction(const clang::FunctionDecl *FD, FileTable &Files,
                           std::vector<std::string> *Through,
                           ModeAsserts *Modes) {
  lowering::FunctionLowerer L(FD, Files);
  L.ResolvedThrough = Through;
  L.Modes = Modes;
  return L.run();
}

} // namespace racer::frontend
