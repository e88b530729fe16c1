//===- SyncPatterns.cpp - Synchronization written by hand -----------------===//
#include "frontend/SyncPatterns.h"
#include "frontend/SymbolNames.h"
#include "summarize/LibraryModels.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>

namespace racer::frontend::lowering {

using namespace clang;

void forEachDescendant(const Stmt *S,
                       const std::function<void(const Stmt *)> &F) {
  if (!S)
    return;
  F(S);
  if (isa<LambdaExpr>(S) || isa<BlockExpr>(S))
    return;
  for (const Stmt *C : S->children())
    forEachDescendant(C, F);
}

std::string calleeName(const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    if (FD->getIdentifier())
      return FD->getName().str();
  return std::string();
}

namespace {

/// A wait on a condition variable: pthread's and C11's, and the methods of
/// a condition variable class (`std::condition_variable::wait`, `wait_for`,
/// `wait_until`, `std::condition_variable_any`, leveldb's
/// `port::CondVar::Wait`, `absl::CondVar::WaitWithTimeout`).
bool isConditionWaitCall(const CallExpr *CE) {
  std::string N = llvm::StringRef(calleeName(CE)).lower();
  llvm::StringRef L(N);
  if (L.contains("cond_wait") || L.contains("cond_timedwait") ||
      L.contains("cnd_wait") || L.contains("cnd_timedwait"))
    return true;
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
  if (!MD || !(L.starts_with("wait") || L.starts_with("timedwait")))
    return false;
  std::string Class = llvm::StringRef(MD->getParent()->getName()).lower();
  return llvm::StringRef(Class).contains("cond");
}

/// compare-and-swap, test-and-set, exchange: by name, as C code and
/// libraries spell them.
bool isCasName(llvm::StringRef N) {
  std::string L = N.lower();
  llvm::StringRef S(L);
  return S.contains("compare_exchange") || S.contains("compare_and_swap") ||
         S.contains("cmpxchg") || S.contains("test_and_set") || S == "cas" ||
         S == "tas" || S.ends_with("_cas") || S.ends_with("_tas") ||
         S.contains("_cas_") || S.contains("xchg");
}

bool isCasAtomic(const AtomicExpr *AE) {
  switch (AE->getOp()) {
  case AtomicExpr::AO__c11_atomic_compare_exchange_strong:
  case AtomicExpr::AO__c11_atomic_compare_exchange_weak:
  case AtomicExpr::AO__atomic_compare_exchange:
  case AtomicExpr::AO__atomic_compare_exchange_n:
  case AtomicExpr::AO__c11_atomic_exchange:
  case AtomicExpr::AO__atomic_exchange:
  case AtomicExpr::AO__atomic_exchange_n:
    return true;
  default:
    return false;
  }
}

/// An atomic read-modify-write that is not a compare-and-swap: by name
/// (`atomic_fetch_add`, `vatomic32_get_inc`, `__sync_add_and_fetch`), or
/// as a builtin.
bool isFetchOpName(llvm::StringRef N) {
  std::string L = N.lower();
  llvm::StringRef S(L);
  return S.contains("fetch_") || S.contains("_fetch") ||
         S.contains("get_inc") || S.contains("get_dec") ||
         S.contains("get_add") || S.contains("get_sub") ||
         S.contains("inc_get") || S.contains("dec_get") ||
         S.contains("add_get") || S.contains("sub_get");
}

bool isFetchOpAtomic(const AtomicExpr *AE) {
  switch (AE->getOp()) {
  case AtomicExpr::AO__c11_atomic_load:
  case AtomicExpr::AO__c11_atomic_store:
  case AtomicExpr::AO__c11_atomic_init:
  case AtomicExpr::AO__atomic_load:
  case AtomicExpr::AO__atomic_load_n:
  case AtomicExpr::AO__atomic_store:
  case AtomicExpr::AO__atomic_store_n:
    return false;
  default:
    return true;
  }
}

bool containsCas(const Stmt *S) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *X) {
    if (const auto *CE = dyn_cast<CallExpr>(X))
      Found |= isCasName(calleeName(CE));
    else if (const auto *AE = dyn_cast<AtomicExpr>(X))
      Found |= isCasAtomic(AE);
  });
  return Found;
}

} // namespace

bool isSharedVar(const ValueDecl *D) {
  const auto *VD = dyn_cast_or_null<VarDecl>(D);
  return VD && VD->hasGlobalStorage() &&
         VD->getTLSKind() == VarDecl::TLS_None &&
         !VD->getType().isConstQualified();
}

namespace {

bool waits(const Stmt *S, llvm::DenseSet<const VarDecl *> &LocalsWritten,
           llvm::DenseSet<const VarDecl *> &LocalsStepped);

/// \p FD's body reads shared memory atomically and does nothing else a
/// wait would not: `static inline unsigned long getIOPendingCount(int i)
/// { unsigned long c = 0; atomicGetWithSync(pending[i], c); return c; }`.
/// A call of it is a load, as `atomic_load(..)` is. Looks one call deep,
/// into small bodies only (this runs for every call in every loop).
bool isAtomicReader(const FunctionDecl *FD) {
  constexpr unsigned MaxStatements = 8;
  static thread_local unsigned Depth = 0;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(helperBody(FD));
  if (!Body || Body->size() > MaxStatements || Depth > 0)
    return false;
  ++Depth;
  llvm::DenseSet<const VarDecl *> Written, Stepped;
  bool Waits = waits(Body, Written, Stepped);
  --Depth;
  if (!Waits)
    return false;
  bool Loads = false;
  forEachDescendant(Body, [&](const Stmt *X) {
    if (const auto *AE = dyn_cast<AtomicExpr>(X))
      Loads |= !isFetchOpAtomic(AE) && !isCasAtomic(AE);
  });
  return Loads;
}

/// Reads memory other threads can see: a global, something behind a
/// pointer, an atomic load, a call that reads or loads.
/// The node \p X itself reads shared memory (readsShared, one node).
bool readsSharedHere(const Stmt *X) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
    return isSharedVar(DRE->getDecl());
  if (const auto *ME = dyn_cast<MemberExpr>(X))
    return ME->isArrow();
  if (const auto *UO = dyn_cast<UnaryOperator>(X))
    return UO->getOpcode() == UO_Deref;
  if (isa<AtomicExpr>(X) || isa<ArraySubscriptExpr>(X))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(X)) {
    // An atomic load (`vatomic32_read`, `atomic_load_explicit`), not I/O
    // (`read(fd, ..)`).
    std::string N = llvm::StringRef(calleeName(CE)).lower();
    llvm::StringRef L(N);
    return L.contains("atomic") || L.contains("load") ||
           isAtomicReader(CE->getDirectCallee());
  }
  return false;
}

bool readsShared(const Stmt *S) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *X) { Found |= readsSharedHere(X); });
  return Found;
}

/// A store to memory others can see that is not atomic.
bool isPlainSharedLValue(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (E->getType()->isAtomicType())
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isSharedVar(DRE->getDecl());
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() || isPlainSharedLValue(ME->getBase());
  return isa<UnaryOperator>(E) || isa<ArraySubscriptExpr>(E);
}

/// Functions a waiting loop may call: pausing, yielding, atomic operations,
/// verification hooks.
bool isWaitingCall(const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    if (FD->getBuiltinID())
      return true;
  std::string N = llvm::StringRef(calleeName(CE)).lower();
  llvm::StringRef L(N);
  if (L.empty())
    return false;
  // A condition variable's wait is synchronization the analysis models
  // (under its mutex), not a busy-wait.
  if (isConditionWaitCall(CE))
    return false;
  static const char *const Words[] = {
      "yield", "pause", "relax", "spin", "await", "verification_",
      "__verifier_atomic", "atomic", "barrier", "fence", "cpu_", "load",
      "assume", "nop"};
  return isCasName(L) ||
         llvm::any_of(Words, [&](const char *W) { return L.contains(W); }) ||
         isAtomicReader(CE->getDirectCallee());
}

/// The body waits: no plain store to shared memory, only waiting calls.
/// Locals it writes are added to \p LocalsWritten; locals it steps
/// (`p++`, `n += k`, `p = p->next`: a loop that walks or counts) to
/// \p LocalsStepped. A pointer loaded by an atomic read or another waiting
/// call (`cur = atomic_load(&head)`) is re-read, not stepped.
bool waits(const Stmt *S, llvm::DenseSet<const VarDecl *> &LocalsWritten,
           llvm::DenseSet<const VarDecl *> &LocalsStepped) {
  bool Ok = true;
  auto Store = [&](const Expr *LHS, const Expr *RHS, bool Step) {
    if (isPlainSharedLValue(LHS))
      Ok = false;
    const Expr *Value = RHS ? RHS->IgnoreParenCasts() : nullptr;
    bool Reloaded = false;
    if (const auto *Load = dyn_cast_or_null<CallExpr>(Value))
      Reloaded = isWaitingCall(Load);
    else if (const auto *Atomic = dyn_cast_or_null<AtomicExpr>(Value))
      Reloaded = !isFetchOpAtomic(Atomic) && !isCasAtomic(Atomic);
    Reloaded &= !Step;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (!VD->hasGlobalStorage()) {
          LocalsWritten.insert(VD);
          if (Step || (VD->getType()->isPointerType() && !Reloaded))
            LocalsStepped.insert(VD);
        }
  };
  forEachDescendant(S, [&](const Stmt *X) {
    if (const auto *BO = dyn_cast<BinaryOperator>(X)) {
      if (BO->isAssignmentOp())
        Store(BO->getLHS(), BO->getRHS(), BO->isCompoundAssignmentOp());
    } else if (const auto *UO = dyn_cast<UnaryOperator>(X)) {
      if (UO->isIncrementDecrementOp())
        Store(UO->getSubExpr(), nullptr, true);
    } else if (const auto *CE = dyn_cast<CallExpr>(X)) {
      if (!isWaitingCall(CE))
        Ok = false;
    }
  });
  return Ok;
}

bool mentions(const Stmt *S, const llvm::DenseSet<const VarDecl *> &Vars) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *X) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Found |= Vars.count(VD) != 0;
  });
  return Found;
}

bool isConstantTrue(const Expr *Cond, const ASTContext *Ctx) {
  if (!Cond)
    return true; // for (;;)
  bool V = false;
  return Ctx && !Cond->isValueDependent() && Cond->EvaluateAsBooleanCondition(
                                                 V, *Ctx) &&
         V;
}

} // namespace

LoopParts loopParts(const Stmt *S) {
  LoopParts P;
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    P.Cond = W->getCond();
    P.Body = W->getBody();
  } else if (const auto *D = dyn_cast<DoStmt>(S)) {
    P.Cond = D->getCond();
    P.Body = D->getBody();
  } else if (const auto *F = dyn_cast<ForStmt>(S)) {
    P.Cond = F->getCond();
    P.Body = F->getBody();
    P.Inc = F->getInc();
  } else {
    return P;
  }
  P.IsLoop = true;
  return P;
}

namespace {

/// The memory order \p E evaluates to (0 relaxed, 1 consume, 2 acquire,
/// 3 release, 4 acq_rel, 5 seq_cst), or -1 if it is not a constant.
int memoryOrder(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return -1;
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx) || !R.Val.isInt())
    return -1;
  return static_cast<int>(R.Val.getInt().getExtValue());
}

/// \p E evaluates to memory_order_relaxed (0).
bool isRelaxedOrder(const Expr *E, const ASTContext &Ctx) {
  return memoryOrder(E, Ctx) == 0;
}

/// Every memory the condition \p S reads that others can see is read by a
/// relaxed atomic load (`atomic_load_explicit(&f, memory_order_relaxed)`,
/// `f.load(std::memory_order_relaxed)`), and there is one: a spin on it
/// orders nothing (the plain data around it races for sure).
bool onlyRelaxedLoads(const Stmt *S, const ASTContext &Ctx) {
  unsigned Relaxed = 0;
  bool Other = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X || Other)
      return;
    if (const auto *AE = dyn_cast<AtomicExpr>(X)) {
      bool Load = AE->getOp() == AtomicExpr::AO__c11_atomic_load ||
                  AE->getOp() == AtomicExpr::AO__atomic_load_n ||
                  AE->getOp() == AtomicExpr::AO__atomic_load;
      if (Load && isRelaxedOrder(AE->getOrder(), Ctx))
        ++Relaxed;
      else
        Other = true;
      return;
    }
    if (const auto *CE = dyn_cast<CallExpr>(X)) {
      if (calleeName(CE) == "load" && CE->getNumArgs() >= 1 &&
          isRelaxedOrder(CE->getArg(CE->getNumArgs() - 1), Ctx)) {
        ++Relaxed;
        return;
      }
    }
    if (readsSharedHere(X)) {
      Other = true;
      return;
    }
    for (const Stmt *C : X->children())
      Walk(C);
  };
  Walk(S);
  return Relaxed && !Other;
}

/// The body of \p Body exits the loop (`break`, `return`) when a test of
/// shared memory that names none of \p Counted says so: `for (j = 0; j <
/// 1000000; j++) { if (pending(id) != 0) break; }` spins, bounded; a search
/// (`if (a[i] == key) break;`) tests what the count names.
bool exitsOnSharedTest(const Stmt *Body,
                       const llvm::DenseSet<const VarDecl *> &Counted) {
  bool Found = false;
  forEachDescendant(Body, [&](const Stmt *X) {
    const auto *If = dyn_cast<IfStmt>(X);
    if (Found || !If || !If->getCond())
      return;
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Then);
        CS && CS->size() == 1)
      Then = CS->body_front();
    if ((isa_and_nonnull<BreakStmt>(Then) || isa_and_nonnull<ReturnStmt>(Then)) &&
        readsShared(If->getCond()) && !mentions(If->getCond(), Counted))
      Found = true;
  });
  return Found;
}

bool isHandRolledLoop(const Stmt *Loop, const ASTContext *Ctx) {
  LoopParts P = loopParts(Loop);
  if (!P.IsLoop)
    return false;
  const Expr *Cond = P.Cond;
  const Stmt *Body = P.Body, *Inc = P.Inc;
  if (containsCas(Cond) || containsCas(Body))
    return true;
  llvm::DenseSet<const VarDecl *> Counted, Stepped, InCond;
  if (!waits(Body, Counted, Stepped) || !waits(Inc, Counted, Stepped))
    return false;
  // A local the body declares starts over each time round (`unsigned long
  // pending = 0; for (j = 1; j < n; j++) pending += count(j);`): the loop
  // re-reads with it, it does not walk or count with it.
  forEachDescendant(Body, [&](const Stmt *X) {
    if (const auto *DS = dyn_cast<DeclStmt>(X))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          Counted.erase(VD);
          Stepped.erase(VD);
        }
  });
  // A condition that calls an ordinary function retries an operation
  // (`while ((item = alloc(q)) == NULL) ;`): not a wait on memory. One that
  // steps a local walks a buffer (`while ((c = *p++))`).
  if (!waits(Cond, InCond, Stepped))
    return false;
  if (!Stepped.empty()) {
    // Unless it only counts its rounds: a spin bounded by a count (`for (j
    // = 0; j < 1000000; j++) { if (pending(id) != 0) break; }`), whose
    // exit tests shared memory the count does not name.
    bool Counts = llvm::all_of(Stepped, [](const VarDecl *V) {
      return V->getType()->isIntegerType();
    });
    return Counts && !readsShared(Cond) && exitsOnSharedTest(Body, Counted);
  }
  if (isConstantTrue(Cond, Ctx))
    return readsShared(Body); // `for (;;) { if (flag) break; }`
  if (Ctx && onlyRelaxedLoads(Cond, *Ctx))
    return false;
  return readsShared(Cond) && !mentions(Cond, Counted);
}

} // namespace

bool updatesAtomically(const Stmt *Body) {
  bool Found = false;
  forEachDescendant(Body, [&](const Stmt *S) {
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      std::string N = calleeName(CE);
      Found |= isCasName(N) || isFetchOpName(N);
    } else if (const auto *AE = dyn_cast<AtomicExpr>(S)) {
      Found |= isFetchOpAtomic(AE);
    }
  });
  return Found;
}

bool onlyForwards(const Stmt *Body) {
  const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
  if (!CS || CS->size() != 1)
    return false;
  const Stmt *S = CS->body_front();
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    S = R->getRetValue();
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *CE = E ? dyn_cast<CallExpr>(E->IgnoreParenCasts()) : nullptr;
  if (!CE || !CE->getDirectCallee())
    return false;
  return llvm::all_of(CE->arguments(), [](const Expr *A) {
    A = A->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(A))
      return isa<ParmVarDecl>(DRE->getDecl());
    return isa<IntegerLiteral>(A) || isa<CharacterLiteral>(A);
  });
}

namespace {
/// `while (tas(&l))`, `while (!(tas(&l)))`, `while (cas(&l, 0, 1) != 0)`:
/// a spinlock's acquire loop, of any order (a relaxed one is no lock and
/// orders nothing: the races around it stay high, as around a spin on
/// relaxed loads).
bool acquiresSpinLock(const Stmt *Loop, const ASTContext *Ctx) {
  const Expr *C = loopParts(Loop).Cond;
  auto IsZero = [&](const Expr *X) {
    return Ctx && isIntConstant(X, *Ctx, /*NonZero=*/false);
  };
  while (C) {
    C = C->IgnoreParenCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(C);
        UO && UO->getOpcode() == UO_LNot) {
      C = UO->getSubExpr();
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(C);
    if (!BO || !BO->isEqualityOp())
      break;
    if (IsZero(BO->getRHS()))
      C = BO->getLHS();
    else if (IsZero(BO->getLHS()))
      C = BO->getRHS();
    else
      break;
  }
  if (!C || !Ctx)
    return false;
  const SpinLockOp Op = spinLockOp(C, *Ctx, /*AnyOrder=*/true);
  return Op == SpinLockOp::TestAndSet || Op == SpinLockOp::CompareAndSet;
}
} // namespace

const Stmt *findHandRolledSync(const Stmt *Body, const ASTContext *Ctx) {
  const Stmt *Found = nullptr;
  // The loops in a spinlock's acquire (`while (tas(l)) while (load(l)) ;`).
  llvm::DenseSet<const Stmt *> InAcquire;
  forEachDescendant(Body, [&](const Stmt *S) {
    bool Loop = isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<ForStmt>(S);
    if (Found || !Loop || InAcquire.count(S))
      return;
    if (acquiresSpinLock(S, Ctx))
      forEachDescendant(loopParts(S).Body,
                        [&](const Stmt *X) { InAcquire.insert(X); });
    else if (isHandRolledLoop(S, Ctx))
      Found = S;
  });
  return Found;
}

namespace {

/// The shared flag \p E names (a global or static variable, a member),
/// as its declaration.
const ValueDecl *flagOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isSharedVar(DRE->getDecl()) ? DRE->getDecl() : nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl();
  return nullptr;
}

/// `Flag == C`, `C == Flag`, `!Flag` (C = 0) or `Flag` (C != 0): the flag
/// and C (Zero/NonZero for the last two).
struct FlagTest {
  const ValueDecl *Flag = nullptr;
  std::optional<llvm::APSInt> Value; ///< unset: any nonzero value
};

FlagTest flagTestOf(const Expr *Cond, const ASTContext &Ctx) {
  FlagTest T;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot) {
    if ((T.Flag = flagOf(UO->getSubExpr())))
      T.Value = llvm::APSInt::get(0);
    return T;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && BO->getOpcode() == BO_EQ) {
    for (auto [F, C] : {std::pair(BO->getLHS(), BO->getRHS()),
                        std::pair(BO->getRHS(), BO->getLHS())})
      if (const ValueDecl *D = flagOf(F))
        if (std::optional<llvm::APSInt> V = C->getIntegerConstantExpr(Ctx)) {
          T.Flag = D;
          T.Value = V;
          return T;
        }
  }
  return T;
}

/// The first assignment in \p S of a constant other than \p From to
/// \p Flag (From unset: of zero).
const Stmt *flagSet(const Stmt *S, const ValueDecl *Flag,
                    const std::optional<llvm::APSInt> &From,
                    const ASTContext &Ctx) {
  const Stmt *Found = nullptr;
  forEachDescendant(S, [&](const Stmt *X) {
    const auto *BO = dyn_cast<BinaryOperator>(X);
    if (Found || !BO || BO->getOpcode() != BO_Assign ||
        flagOf(BO->getLHS()) != Flag)
      return;
    std::optional<llvm::APSInt> V = BO->getRHS()->getIntegerConstantExpr(Ctx);
    if (V && (From ? llvm::APSInt::compareValues(*V, *From) != 0 : V->isZero()))
      Found = BO;
  });
  return Found;
}

} // namespace

OnceInitRegion findOnceInit(const Stmt *Body, const ASTContext &Ctx) {
  OnceInitRegion R;
  forEachDescendant(Body, [&](const Stmt *S) {
    if (R.First)
      return;
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      FlagTest T = If->getCond() ? flagTestOf(If->getCond(), Ctx) : FlagTest();
      if (!T.Flag)
        return;
      if (const Stmt *Set = flagSet(If->getThen(), T.Flag, T.Value, Ctx)) {
        R.First = If->getThen();
        R.Last = Set;
      }
      return;
    }
    // switch (flag) { case C: ...; flag = D; ... }: from the case label.
    const auto *Sw = dyn_cast<SwitchStmt>(S);
    const ValueDecl *Flag = Sw ? flagOf(Sw->getCond()) : nullptr;
    const auto *Cases = Sw ? dyn_cast_or_null<CompoundStmt>(Sw->getBody())
                           : nullptr;
    if (!Flag || !Cases)
      return;
    for (auto It = Cases->body_begin(); It != Cases->body_end(); ++It) {
      const auto *Case = dyn_cast<CaseStmt>(*It);
      std::optional<llvm::APSInt> C =
          Case && !Case->getRHS() ? Case->getLHS()->getIntegerConstantExpr(Ctx)
                                  : std::nullopt;
      if (!C)
        continue;
      // The statements from the label to the next break or return.
      for (auto J = It; J != Cases->body_end(); ++J) {
        if (J != It && isa<BreakStmt>(*J))
          break;
        if (const Stmt *Set = flagSet(*J, Flag, C, Ctx)) {
          R.First = Case;
          R.Last = Set;
          return;
        }
      }
    }
  });
  return R;
}

FlagGuardRegion findFlagGuard(const Stmt *Body) {
  FlagGuardRegion R;
  forEachDescendant(Body, [&](const Stmt *S) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (R.Flag || !If || !If->getCond() || If->getConditionVariable())
      return;
    forEachDescendant(If->getCond(), [&](const Stmt *X) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
        if (!R.Flag && isSharedVar(DRE->getDecl()))
          R.Flag = cast<VarDecl>(DRE->getDecl());
    });
    if (R.Flag) {
      R.First = If->getThen();
      R.End = If->getEndLoc();
    }
  });
  return R;
}

/// The first call in \p Body (not in a lambda) that \p Match accepts and
/// that no loop of the body repeats, or null: a call in a loop is passed
/// over, with what is below it.
static const CallExpr *
firstCallOutsideLoops(const Stmt *Body,
                      llvm::function_ref<bool(const CallExpr *)> Match) {
  const CallExpr *Found = nullptr;
  std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S,
                                                     bool InLoop) {
    if (!S || Found || isa<LambdaExpr>(S))
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S); CE && Match(CE)) {
      if (!InLoop)
        Found = CE;
      return;
    }
    const bool Loop = loopParts(S).IsLoop;
    for (const Stmt *C : S->children())
      Walk(C, InLoop || Loop);
  };
  Walk(Body, false);
  return Found;
}

const Stmt *findConditionWait(const Stmt *Body) {
  const Stmt *Found = nullptr;
  forEachDescendant(Body, [&](const Stmt *S) {
    LoopParts P = loopParts(S);
    if (Found || !P.IsLoop)
      return;
    const Expr *Cond = P.Cond;
    const Stmt *LoopBody = P.Body;
    // The loop only waits (`while (!ready) wait(&c, &m);`): not a wait at
    // the end of a worker's main loop (`while (running) { ...work...;
    // wait(..); }`): what follows a waiting loop is ordered after the flag;
    // a main loop orders nothing.
    llvm::SmallVector<const Stmt *, 4> Direct;
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(LoopBody))
      Direct.append(CS->body_begin(), CS->body_end());
    else if (LoopBody)
      Direct.push_back(LoopBody);
    bool Waits = !Direct.empty();
    for (const Stmt *D : Direct) {
      bool IsWait = false;
      const auto *E = dyn_cast_or_null<Expr>(D);
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(
              E ? E->IgnoreParenImpCasts() : nullptr);
          BO && BO->isAssignmentOp())
        E = BO->getRHS(); // `rc = pthread_cond_wait(&c, &m);`
      if (const auto *CE = dyn_cast_or_null<CallExpr>(
              E ? E->IgnoreParenImpCasts() : nullptr))
        IsWait = isConditionWaitCall(CE);
      Waits &= IsWait;
    }
    if (Waits && Cond && readsShared(Cond))
      Found = S;
  });
  if (Found)
    return Found;
  // A wait with its predicate (`cv.wait(lk, [&] { return ready_; })`,
  // `wait_for(lk, 5s, pred)`): the loop is inside it. Not one in a worker's
  // main loop (`while (running) { cv.wait(lk, pred); ..work.. }`), which
  // orders nothing, as above.
  Found = firstCallOutsideLoops(Body, [](const CallExpr *CE) {
    if (!isa<CXXMemberCallExpr>(CE) || CE->getNumArgs() < 2 ||
        !isConditionWaitCall(CE))
      return false;
    const Expr *Pred = CE->getArg(CE->getNumArgs() - 1)->IgnoreImplicit();
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Pred))
      Pred = MTE->getSubExpr()->IgnoreImplicit();
    const auto *LE = dyn_cast<LambdaExpr>(Pred);
    return LE && readsShared(LE->getBody());
  });
  // The statement it is (under its cleanups), for claimsAfterWait.
  const Stmt *Statement = Found;
  forEachDescendant(Body, [&](const Stmt *S) {
    if (const auto *CS = dyn_cast<CompoundStmt>(S); CS && Found)
      for (const Stmt *C : CS->body())
        if (const auto *E = dyn_cast<Expr>(C);
            E && E->IgnoreImplicit() == Found)
          Statement = C;
  });
  return Statement;
}

/// A method \p CE calls of a std class whose name starts with \p Class.
static bool isStdMethodOf(const CallExpr *CE, llvm::StringRef Class) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
  return MD && MD->getParent()->isInStdNamespace() &&
         MD->getParent()->getName().starts_with(Class);
}

/// A semaphore's post (`sem_post(&s)`, `s.release()` of a
/// std::counting_semaphore) or a latch's count-down.
static bool isPostCall(const CallExpr *CE) {
  const std::string Name = calleeName(CE);
  llvm::StringRef N(Name);
  return N == "sem_post" ||
         (N == "release" && isStdMethodOf(CE, "counting_semaphore")) ||
         (N.starts_with("count_down") && isStdMethodOf(CE, "latch"));
}

/// A semaphore's wait (`sem_wait`, `s.acquire()`) or a latch's.
static bool isSemaphoreWaitCall(const CallExpr *CE) {
  const std::string Name = calleeName(CE);
  llvm::StringRef N(Name);
  return N == "sem_wait" || N == "sem_timedwait" || N == "sem_clockwait" ||
         ((N == "acquire" || N.starts_with("try_acquire_")) &&
          isStdMethodOf(CE, "counting_semaphore")) ||
         ((N == "wait" || N == "arrive_and_wait") &&
          isStdMethodOf(CE, "latch"));
}

/// The semaphore or latch a post or wait names (`&s`, `s`, `q->s`: the
/// variable or field), or null.
static const ValueDecl *semaphoreOf(const CallExpr *CE) {
  const Expr *E = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    E = MC->getImplicitObjectArgument();
  else if (CE->getNumArgs() > 0)
    E = CE->getArg(0);
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl();
  return nullptr;
}

/// A condition variable's signal, a promise's value (or exception) set, a
/// semaphore's post or a latch's count-down: what wakes a waiter.
static bool isSignalCall(const CallExpr *CE) {
  std::string N = llvm::StringRef(calleeName(CE)).lower();
  llvm::StringRef L(N);
  return L.contains("cond_signal") || L.contains("cond_broadcast") ||
         L.contains("cnd_signal") || L.contains("cnd_broadcast") ||
         L.ends_with("notify_one") || L.ends_with("notify_all") ||
         ((L.starts_with("set_value") || L.starts_with("set_exception")) &&
          isStdMethodOf(CE, "promise")) ||
         isPostCall(CE);
}

const Stmt *findSignalledWait(const Stmt *Body) {
  // The semaphores the body posts itself: a wait on one of those is a
  // lock's acquire (`sem_wait(&m); ..; sem_post(&m);`), not a hand-off.
  llvm::SmallPtrSet<const ValueDecl *, 4> Posted;
  forEachDescendant(Body, [&](const Stmt *S) {
    if (const auto *CE = dyn_cast<CallExpr>(S); CE && isPostCall(CE))
      Posted.insert(semaphoreOf(CE));
  });
  const Stmt *Found = nullptr;
  forEachDescendant(Body, [&](const Stmt *S) {
    const auto *CE = dyn_cast<CallExpr>(S);
    if (Found || !CE)
      return;
    const std::string Name = calleeName(CE);
    llvm::StringRef N(Name);
    if ((N == "get" || N.starts_with("wait")) &&
        (isStdMethodOf(CE, "future") || isStdMethodOf(CE, "shared_future")))
      Found = S;
    else if (isSemaphoreWaitCall(CE)) {
      const ValueDecl *Sem = semaphoreOf(CE);
      if (Sem && !Posted.count(Sem))
        Found = S;
    }
  });
  return Found;
}

static bool isBarrierWait(const CallExpr *CE) {
  const std::string Name = calleeName(CE);
  llvm::StringRef N(Name);
  return N == "pthread_barrier_wait" || N.ends_with("arrive_and_wait");
}

const CallExpr *findBarrierWait(const Stmt *Body) {
  return firstCallOutsideLoops(Body, isBarrierWait);
}

bool claimsAfterWait(const Stmt *Body, const Stmt *Wait) {
  const CompoundStmt *Block = nullptr;
  forEachDescendant(Body, [&](const Stmt *S) {
    if (const auto *CS = dyn_cast<CompoundStmt>(S);
        CS && !Block && llvm::is_contained(CS->body(), Wait))
      Block = CS;
  });
  if (const auto *CS = dyn_cast<CompoundStmt>(Body);
      !Block && CS && llvm::is_contained(CS->body(), Wait))
    Block = CS;
  if (!Block)
    return false;
  auto NotOwn = [](const Expr *LHS) {
    const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return !VD || VD->hasGlobalStorage();
  };
  bool After = false, Claims = false, Unlocked = false;
  for (const Stmt *S : Block->body()) {
    if (S == Wait) {
      After = true;
      continue;
    }
    if (!After || Unlocked)
      continue;
    forEachDescendant(S, [&](const Stmt *X) {
      if (Unlocked)
        return;
      if (const auto *CE = dyn_cast<CallExpr>(X)) {
        const std::string N = llvm::StringRef(calleeName(CE)).lower();
        if (llvm::StringRef(N).contains("unlock"))
          Unlocked = true;
      } else if (const auto *BO = dyn_cast<BinaryOperator>(X);
                 BO && BO->isAssignmentOp() && NotOwn(BO->getLHS())) {
        Claims = true;
      } else if (const auto *UO = dyn_cast<UnaryOperator>(X);
                 UO && UO->isIncrementDecrementOp() &&
                 NotOwn(UO->getSubExpr())) {
        Claims = true;
      }
    });
  }
  return Claims;
}

const CallExpr *lastSignal(const Stmt *Body, const SourceManager &SM) {
  const CallExpr *Last = nullptr;
  forEachDescendant(Body, [&](const Stmt *S) {
    const auto *CE = dyn_cast<CallExpr>(S);
    if (CE && isSignalCall(CE) &&
        (!Last ||
         SM.isBeforeInTranslationUnit(Last->getBeginLoc(), CE->getBeginLoc())))
      Last = CE;
  });
  return Last;
}

const Stmt *helperBody(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || !Def->getBody())
    return nullptr;
  const SourceManager &SM = Def->getASTContext().getSourceManager();
  if (SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())) ||
      Def->isTemplated() || Def->isTemplateInstantiation() ||
      Def->isConstexpr() || isLambdaCallOperator(Def))
    return Def->getBody();
  return nullptr;
}

bool signalsCondition(const Stmt *Body) {
  bool Found = false;
  forEachDescendant(Body, [&](const Stmt *S) {
    const auto *CE = dyn_cast<CallExpr>(S);
    if (Found || !CE)
      return;
    if (isSignalCall(CE)) {
      Found = true;
      return;
    }
    // One level into the TU's own helpers (`pass_turn(next)`).
    if (const Stmt *B = helperBody(CE->getDirectCallee()))
      forEachDescendant(B, [&](const Stmt *X) {
        if (const auto *C = dyn_cast<CallExpr>(X); C && isSignalCall(C))
          Found = true;
      });
  });
  return Found;
}

namespace {

/// `q.front()`: the queue `q`; else null.
const Expr *frontOf(const Expr *E) {
  const auto *MCE = dyn_cast_or_null<CXXMemberCallExpr>(
      E ? E->IgnoreParenImpCasts() : nullptr);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier() || MD->getName() != "front" ||
      MCE->getNumArgs() != 0)
    return nullptr;
  const Expr *Q = MCE->getImplicitObjectArgument();
  return Q ? Q->IgnoreParenImpCasts() : nullptr;
}

/// A comparison `x OP q.front()` or `q.front() OP x` (OP: != if \p Ne, else
/// ==) somewhere in \p E: the queue `q`; else null.
const Expr *comparedWithFront(const Expr *E, bool Ne) {
  const Expr *Found = nullptr;
  forEachDescendant(E, [&](const Stmt *S) {
    if (Found)
      return;
    const Expr *L = nullptr, *R = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == (Ne ? BO_NE : BO_EQ)) {
        L = BO->getLHS();
        R = BO->getRHS();
      }
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      if (OC->getOperator() == (Ne ? OO_ExclaimEqual : OO_EqualEqual) &&
          OC->getNumArgs() == 2) {
        L = OC->getArg(0);
        R = OC->getArg(1);
      }
    }
    if (L && R)
      Found = frontOf(L) ? frontOf(L) : frontOf(R);
  });
  return Found;
}

bool isWaitCall(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *CE =
      dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return CE && llvm::StringRef(calleeName(CE)).lower().find("wait") !=
                   std::string::npos;
}

} // namespace

std::vector<QueueFrontWait> findQueueFrontWaits(const Stmt *Body) {
  std::vector<QueueFrontWait> Out;
  forEachDescendant(Body, [&](const Stmt *S) {
    // while (&w != q.front()) cv.wait(..): the body only waits.
    if (LoopParts P = loopParts(S); P.IsLoop && P.Cond && P.Body) {
      const Expr *Q = comparedWithFront(P.Cond, /*Ne=*/true);
      if (!Q)
        return;
      llvm::SmallVector<const Stmt *, 2> Direct;
      if (const auto *CS = dyn_cast<CompoundStmt>(P.Body))
        Direct.append(CS->body_begin(), CS->body_end());
      else
        Direct.push_back(P.Body);
      if (!Direct.empty() && llvm::all_of(Direct, isWaitCall))
        Out.push_back({S, nullptr, Q});
      return;
    }
    // cv.wait(lk, [&] { return q.front() == &w; })
    const auto *CE = dyn_cast<CallExpr>(S);
    if (!CE || !isWaitCall(CE))
      return;
    for (const Expr *A : CE->arguments()) {
      const auto *LE = dyn_cast<LambdaExpr>(A->IgnoreImplicit());
      const auto *Ret = LE ? dyn_cast_or_null<CompoundStmt>(LE->getBody())
                           : nullptr;
      const auto *RS = Ret && Ret->size() == 1
                           ? dyn_cast<ReturnStmt>(Ret->body_front())
                           : nullptr;
      if (const Expr *Q = RS && RS->getRetValue()
                              ? comparedWithFront(RS->getRetValue(), false)
                              : nullptr) {
        Out.push_back({nullptr, CE, Q});
        return;
      }
    }
  });
  return Out;
}

const Expr *queuePopped(const CallExpr *CE) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier() ||
      (MD->getName() != "pop_front" && MD->getName() != "pop"))
    return nullptr;
  const Expr *Q = MCE->getImplicitObjectArgument();
  return Q ? Q->IgnoreParenImpCasts() : nullptr;
}

namespace {

const VarDecl *counterOf(const Expr *Index) {
  const auto *DRE = dyn_cast<DeclRefExpr>(Index->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && !VD->hasGlobalStorage() ? VD : nullptr;
}

bool refersTo(const Expr *E, const VarDecl *V) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts()
                                                    : nullptr);
  return DRE && DRE->getDecl() == V;
}

std::string compactText(const Expr *E, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(
      SM.getExpansionRange(E->getSourceRange()).getAsRange());
  std::string T = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  llvm::erase_if(T, [](char C) { return C == ' ' || C == '\t' || C == '\n'; });
  return T;
}

/// The range of \p For if it counts \p V up by a constant step from an
/// initial value to a bound: "FROM OP BOUND +STEP"; else "".
std::string rangeOf(const ForStmt *For, const VarDecl *V, ASTContext &Ctx) {
  const Expr *From = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (DS->isSingleDecl() && DS->getSingleDecl() == V)
      From = V->getInit();
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (BO->getOpcode() == BO_Assign && refersTo(BO->getLHS(), V))
      From = BO->getRHS();
  }
  if (!From)
    return std::string();
  uint64_t Step = 0;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(For->getInc())) {
    if (UO->isIncrementOp() && refersTo(UO->getSubExpr(), V))
      Step = 1;
  } else if (const auto *CA =
                 dyn_cast_or_null<CompoundAssignOperator>(For->getInc())) {
    if (CA->getOpcode() == BO_AddAssign && refersTo(CA->getLHS(), V))
      if (const auto *IL =
              dyn_cast<IntegerLiteral>(CA->getRHS()->IgnoreParenImpCasts()))
        Step = IL->getValue().getLimitedValue(1u << 16);
  }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Step || !Cond || !refersTo(Cond->getLHS(), V))
    return std::string();
  const char *Op = Cond->getOpcode() == BO_LT   ? "<"
                   : Cond->getOpcode() == BO_LE ? "<="
                   : Cond->getOpcode() == BO_NE ? "!="
                                                : nullptr;
  if (!Op)
    return std::string();
  return compactText(From, Ctx) + " " + Op + " " +
         compactText(Cond->getRHS(), Ctx) + " +" + std::to_string(Step);
}

} // namespace

bool writtenIn(const Stmt *S, const VarDecl *V) {
  bool Written = false;
  forEachDescendant(S, [&](const Stmt *X) {
    if (const auto *BO = dyn_cast<BinaryOperator>(X))
      Written |= BO->isAssignmentOp() && refersTo(BO->getLHS(), V);
    else if (const auto *UO = dyn_cast<UnaryOperator>(X))
      Written |= (UO->isIncrementDecrementOp() ||
                  UO->getOpcode() == UO_AddrOf) &&
                 refersTo(UO->getSubExpr(), V);
  });
  return Written;
}

namespace {
/// `base + index` with a pointer base: the address of an element.
const BinaryOperator *pointerPlusIndex(const Expr *E) {
  const auto *BO = dyn_cast<BinaryOperator>(E);
  return BO && BO->getOpcode() == BO_Add &&
                 BO->getLHS()->getType()->isPointerType()
             ? BO
             : nullptr;
}
} // namespace

uint32_t distinctElementArgs(const CallExpr *CE, const EnclosingLoops &Loops,
                             ASTContext &Ctx) {
  // The counting loop must be the only loop around the call, and nothing
  // may jump back over it.
  auto It = Loops.Around.find(CE);
  if (Loops.HasGoto || It == Loops.Around.end() || It->second.size() != 1 ||
      isa<CXXOperatorCallExpr>(CE))
    return 0;
  // A method's object is the call's first argument (ir::CallInfo::Args).
  const unsigned Shift = isa<CXXMemberCallExpr>(CE) ? 1 : 0;
  const auto *For = dyn_cast<ForStmt>(It->second.front());
  if (!For)
    return 0;
  uint32_t Bits = 0;
  for (unsigned K = 0; K < CE->getNumArgs() && K + Shift < 32; ++K) {
    const Expr *A = CE->getArg(K)->IgnoreParenCasts();
    const Expr *Base = nullptr, *Index = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(A);
        UO && UO->getOpcode() == UO_AddrOf) {
      if (const auto *ASE =
              dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())) {
        Base = ASE->getBase();
        Index = ASE->getIdx();
      }
    } else if (const BinaryOperator *BO = pointerPlusIndex(A)) {
      Base = BO->getLHS();
      Index = BO->getRHS();
    }
    if (!Base || !Index)
      continue;
    const VarDecl *Counter = counterOf(Index);
    const auto *BaseRef = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
    const auto *Array =
        BaseRef ? dyn_cast<VarDecl>(BaseRef->getDecl()) : nullptr;
    if (!Counter || !Array || rangeOf(For, Counter, Ctx).empty() ||
        writtenIn(For->getBody(), Counter) || writtenIn(For->getBody(), Array))
      continue;
    Bits |= 1u << (K + Shift);
  }
  return Bits;
}

void collectEnclosingLoops(const Stmt *Body, EnclosingLoops &Out) {
  std::vector<const Stmt *> Stack; // outermost first
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return;
    Out.HasGoto |= isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S);
    if (const auto *CE = dyn_cast<CallExpr>(S); CE && !Stack.empty()) {
      bool Indexed = false;
      for (const Expr *A : CE->arguments())
        forEachDescendant(A, [&](const Stmt *X) {
          const auto *E = dyn_cast<Expr>(X);
          Indexed |= isa<ArraySubscriptExpr>(X) ||
                     (E && pointerPlusIndex(E->IgnoreParens()));
        });
      if (Indexed)
        Out.Around[CE].assign(Stack.rbegin(), Stack.rend());
    }
    bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
                isa<CXXForRangeStmt>(S);
    if (Loop)
      Stack.push_back(S);
    for (const Stmt *C : S->children())
      Walk(C);
    if (Loop)
      Stack.pop_back();
  };
  Walk(Body);
}

std::string loopRangeOf(const CallExpr *CE, const EnclosingLoops &Loops,
                        ASTContext &Ctx) {
  auto It = Loops.Around.find(CE);
  if (It == Loops.Around.end())
    return std::string();
  const VarDecl *Counter = nullptr;
  for (const Expr *A : CE->arguments()) {
    forEachDescendant(A, [&](const Stmt *S) {
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S))
        if (!Counter)
          Counter = counterOf(ASE->getIdx());
    });
    if (Counter)
      break;
  }
  if (!Counter)
    return std::string();
  // The innermost enclosing for loop that counts with it.
  for (const Stmt *Loop : It->second)
    if (const auto *For = dyn_cast<ForStmt>(Loop)) {
      std::string R = rangeOf(For, Counter, Ctx);
      if (!R.empty())
        return R;
    }
  return std::string();
}

namespace {

/// `&flag` or `flag`: the shared flag, or null.
const ValueDecl *flagBehind(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr();
  return flagOf(E);
}

/// \p S as an ordered atomic operation on a shared flag: a load with
/// acquire order or stronger (consume counts), or a store or exchange with
/// release order or stronger. Flag is null if \p S is neither.
struct FlagOp {
  const ValueDecl *Flag = nullptr;
  bool Load = false;
};

FlagOp orderedFlagOp(const Stmt *S, const ASTContext &Ctx) {
  auto Ordered = [](bool Load, int Order) {
    return Load ? Order == 1 || Order == 2 || Order == 4 || Order == 5
                : Order >= 3;
  };
  if (const auto *AE = dyn_cast<AtomicExpr>(S)) {
    bool Load;
    switch (AE->getOp()) {
    case AtomicExpr::AO__c11_atomic_load:
    case AtomicExpr::AO__atomic_load_n:
    case AtomicExpr::AO__atomic_load:
      Load = true;
      break;
    case AtomicExpr::AO__c11_atomic_store:
    case AtomicExpr::AO__atomic_store_n:
    case AtomicExpr::AO__atomic_store:
    case AtomicExpr::AO__c11_atomic_exchange:
    case AtomicExpr::AO__atomic_exchange_n:
    case AtomicExpr::AO__atomic_exchange:
      Load = false;
      break;
    default:
      return {};
    }
    if (!Ordered(Load, memoryOrder(AE->getOrder(), Ctx)))
      return {};
    return {flagBehind(AE->getPtr()), Load};
  }
  // std::atomic: `f.load(order)`, `if (f)`, `f.store(v, order)`, `f = v`.
  const auto *CE = dyn_cast<CallExpr>(S);
  const auto *MD =
      CE ? dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee()) : nullptr;
  if (!MD || !isAtomicClassName(qualifiedName(MD->getParent())))
    return {};
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
    return OC->getOperator() == OO_Equal && OC->getNumArgs() == 2
               ? FlagOp{flagBehind(OC->getArg(0)), false} // seq_cst
               : FlagOp{};
  const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
  if (!MC)
    return {};
  const Expr *Object = MC->getImplicitObjectArgument();
  if (isa<CXXConversionDecl>(MD))
    return {flagBehind(Object), true}; // seq_cst
  const std::string N = calleeName(CE);
  const bool Load = N == "load";
  if (!Load && N != "store" && N != "exchange")
    return {};
  const unsigned OrderArg = Load ? 0 : 1;
  if (CE->getNumArgs() > OrderArg &&
      !Ordered(Load, memoryOrder(CE->getArg(OrderArg), Ctx)))
    return {};
  return {flagBehind(Object), Load};
}

/// \p S as an atomic decrement of a shared count (a reference count's
/// release: `__atomic_sub_fetch(&o->refs, 1, __ATOMIC_ACQ_REL)`,
/// `__sync_sub_and_fetch`, `atomic_fetch_sub`, `refs_.fetch_sub(1)`,
/// `--refs_` on a std::atomic) with acquire-and-release order or stronger:
/// the count (null if \p S is none), and whether the result is the value
/// before the decrement (`fetch_sub`) or after.
struct CountDrop {
  const ValueDecl *Count = nullptr;
  bool ReturnsOld = false;
};

CountDrop orderedCountDrop(const Stmt *S, const ASTContext &Ctx) {
  auto Full = [&](const Expr *Order) {
    int O = memoryOrder(Order, Ctx);
    return O == 4 || O == 5;
  };
  if (const auto *AE = dyn_cast<AtomicExpr>(S)) {
    switch (AE->getOp()) {
    case AtomicExpr::AO__atomic_sub_fetch:
      return Full(AE->getOrder()) ? CountDrop{flagBehind(AE->getPtr()), false}
                                  : CountDrop{};
    case AtomicExpr::AO__atomic_fetch_sub:
    case AtomicExpr::AO__c11_atomic_fetch_sub:
      return Full(AE->getOrder()) ? CountDrop{flagBehind(AE->getPtr()), true}
                                  : CountDrop{};
    default:
      return {};
    }
  }
  const auto *CE = dyn_cast<CallExpr>(S);
  if (!CE)
    return {};
  const std::string N = calleeName(CE);
  // The legacy builtins are full barriers.
  if (N == "__sync_sub_and_fetch" && CE->getNumArgs() >= 1)
    return {flagBehind(CE->getArg(0)), false};
  if (N == "__sync_fetch_and_sub" && CE->getNumArgs() >= 1)
    return {flagBehind(CE->getArg(0)), true};
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
  if (!MD || !isAtomicClassName(qualifiedName(MD->getParent())))
    return {};
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    if (N != "fetch_sub" || (MC->getNumArgs() > 1 && !Full(MC->getArg(1))))
      return {};
    return {flagBehind(MC->getImplicitObjectArgument()), true};
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE);
      OC && OC->getOperator() == OO_MinusMinus && OC->getNumArgs() >= 1)
    // `--refs_` (one argument) gives the new value, `refs_--` the old.
    return {flagBehind(OC->getArg(0)), OC->getNumArgs() == 2};
  return {};
}

/// The first ordered flag load in \p E, or an empty FlagOp.
FlagOp acquireLoadIn(const Stmt *E, const ASTContext &Ctx) {
  FlagOp Found;
  forEachDescendant(E, [&](const Stmt *X) {
    if (Found.Flag)
      return;
    FlagOp Op = orderedFlagOp(X, Ctx);
    if (Op.Flag && Op.Load)
      Found = Op;
  });
  return Found;
}

/// `!x`, `x == 0`, `0 == x`, `x == false`: the test is for the flag unset.
bool testsUnset(const Expr *Cond, const ASTContext &Ctx) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
    return UO->getOpcode() == UO_LNot;
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && BO->getOpcode() == BO_EQ)
    for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
      if (std::optional<llvm::APSInt> V = Side->getIntegerConstantExpr(Ctx))
        return *V == 0;
  return false;
}

/// \p S always leaves the code after it: it is (or ends in) a return,
/// break, continue or goto.
bool alwaysLeaves(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->body_empty() ? nullptr : CS->body_back();
  return S && (isa<ReturnStmt>(S) || isa<BreakStmt>(S) ||
               isa<ContinueStmt>(S) || isa<GotoStmt>(S));
}

} // namespace

AcquireRegion findAcquireRegion(const Stmt *Body, const ASTContext &Ctx) {
  AcquireRegion R;
  forEachDescendant(Body, [&](const Stmt *S) {
    if (R.Flag)
      return;
    LoopParts P = loopParts(S);
    if (P.IsLoop && P.Cond && !containsCas(S)) {
      // `while (!ready.load(acquire)) pause();`: what follows the loop.
      // (A loop while the flag is set exits having seen it unset: nothing.)
      FlagOp Op = acquireLoadIn(P.Cond, Ctx);
      if (Op.Flag && testsUnset(P.Cond, Ctx))
        R = {Op.Flag, S->getEndLoc(), SourceLocation(), S};
      return;
    }
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || !If->getCond())
      return;
    // `if (__atomic_sub_fetch(&o->refs, 1, ..) == 0) { ..free.. }`: the
    // last owner's branch, after every other owner's drop.
    if (const auto *Test =
            dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
        Test && Test->getOpcode() == BO_EQ) {
      for (auto [E, C] : {std::pair(Test->getLHS(), Test->getRHS()),
                          std::pair(Test->getRHS(), Test->getLHS())}) {
        CountDrop D = orderedCountDrop(E->IgnoreParenImpCasts(), Ctx);
        std::optional<llvm::APSInt> V = C->getIntegerConstantExpr(Ctx);
        if (D.Count && V && *V == (D.ReturnsOld ? 1 : 0)) {
          R = {D.Count, If->getBeginLoc(), If->getThen()->getEndLoc(), nullptr};
          R.LastOwner = true;
          return;
        }
      }
    }
    FlagOp Op = acquireLoadIn(If->getCond(), Ctx);
    if (!Op.Flag)
      return;
    if (!testsUnset(If->getCond(), Ctx))
      R = {Op.Flag, If->getBeginLoc(), If->getThen()->getEndLoc(), nullptr};
    else if (alwaysLeaves(If->getThen()))
      // `if (!ready.load(acquire)) return slow();`: the rest of the body.
      R = {Op.Flag, If->getThen()->getEndLoc(), SourceLocation(), nullptr};
  });
  return R;
}

namespace {

/// \p S publishes a flag (a release store) or drops a count (a release
/// decrement): that flag or count, else null.
const ValueDecl *publishedBy(const Stmt *S, const ASTContext &Ctx) {
  FlagOp Op = orderedFlagOp(S, Ctx);
  if (Op.Flag && !Op.Load)
    return Op.Flag;
  if (CountDrop D = orderedCountDrop(S, Ctx); D.Count)
    return D.Count;
  // `ready = 1;` on an `_Atomic` flag: a sequentially consistent store.
  const auto *BO = dyn_cast<BinaryOperator>(S);
  if (BO && BO->getOpcode() == BO_Assign &&
      BO->getLHS()->getType()->isAtomicType())
    return flagOf(BO->getLHS());
  return nullptr;
}

} // namespace

FlagPublish lastFlagPublish(const Stmt *Body, const ASTContext &Ctx) {
  FlagPublish Last;
  const SourceManager &SM = Ctx.getSourceManager();
  forEachDescendant(Body, [&](const Stmt *S) {
    const ValueDecl *Flag = publishedBy(S, Ctx);
    // One level into the TU's own helpers: `buf_unref(b)` drops the count
    // (not into std::atomic's own members).
    const auto *CE = dyn_cast<CallExpr>(S);
    const FunctionDecl *FD = CE && !Flag ? CE->getDirectCallee() : nullptr;
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
    if (MD && isAtomicClassName(qualifiedName(MD->getParent())))
      FD = nullptr;
    if (const Stmt *HB = helperBody(FD))
      forEachDescendant(HB, [&](const Stmt *X) {
        if (const ValueDecl *F = publishedBy(X, Ctx))
          Flag = F;
      });
    if (Flag && (!Last.At || SM.isBeforeInTranslationUnit(
                                 Last.At->getBeginLoc(), S->getBeginLoc())))
      Last = {Flag, S};
  });
  return Last;
}

} // namespace racer::frontend::lowering
