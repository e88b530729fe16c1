//===- FunctionLowerer.h - Lowering one function body to IR ----*- C++ -*-===//
//
// Why: lowering one FunctionDecl into an ir::Function needs state shared by
// several steps (local numbering, which locals hold lambdas or call
// results, the block being filled). The steps live in one file per concept:
//
//   PreScan.cpp         before lowering: what locals hold and which escape
//                       (`T *p = f();`, `auto l = [&] {..};`, `&x`)
//   IRBuilder.cpp       the CFG walk: blocks, branches, reads, writes,
//                       binds, returns, destructors
//   CallLowering.cpp    calls and constructor calls: receivers, actuals,
//                       atomic builtins
//   LambdaLowering.cpp  lambdas (where created, where invoked) and
//                       arguments that name a function (thread entries)
//
// Private to frontend/.
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_FUNCTIONLOWERER_H
#define RACER_FRONTEND_FUNCTIONLOWERER_H

#include "frontend/ArrayWalks.h"
#include "frontend/IRBuilder.h"
#include "frontend/ModeAsserts.h"
#include "frontend/PathBuilder.h"
#include "frontend/SerialJobs.h"
#include "frontend/SyncPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>

namespace racer::frontend::lowering {

class PreScan;

class FunctionLowerer {
public:
  FunctionLowerer(const FunctionDecl *FD, FileTable &Files)
      : FD(FD), Ctx(FD->getASTContext()), Files(Files),
        PB(FD, /*AttrMode=*/false,
           [this](const VarDecl *VD) { return localId(VD); }) {
    PB.ResultLocal = [this](const CallExpr *CE) -> std::optional<AccessPath> {
      auto It = ResultTemps.find(CE);
      if (It == ResultTemps.end())
        return std::nullopt;
      return AccessPath::local(It->second, F.Locals[It->second]);
    };
    PB.IteratorContainer = [this](const VarDecl *VD) {
      return IteratorLocals.lookup(VD);
    };
  }

  ir::Function run();
  /// Where to note calls lowered through global function pointers.
  std::vector<std::string> *ResolvedThrough = nullptr;
  /// The TU's mode assertions (frontend/ModeAsserts.h), or null.
  ModeAsserts *Modes = nullptr;

private:
  friend class PreScan;

  uint32_t localId(const VarDecl *VD) {
    auto [It, Inserted] = LocalIds.try_emplace(VD, uint32_t(F.Locals.size()));
    if (Inserted) {
      std::string Name = VD->getName().str();
      if (Name.empty())
        Name = "local" + std::to_string(It->second);
      F.Locals.push_back(std::move(Name));
    }
    return It->second;
  }

  static bool isBindableLocal(const VarDecl *VD) {
    return VD && !isa<ParmVarDecl>(VD) && VD->hasLocalStorage() &&
           (VD->getType()->isPointerType() ||
            VD->getType()->isReferenceType());
  }

  void preScan(const Stmt *Body);
  /// The local object \p E designates (or a part of it) may be seen by
  /// others: its address is taken, it is captured or bound by reference.
  /// Accesses to it are then lowered (a thread may share it).
  void noteEscape(const Expr *E);
  void noteEscape(const VarDecl *VD);
  void noteVarInit(const VarDecl *VD);
  /// \p CE's arguments that are pointers another call returns get a local
  /// of their own to hold that result (ResultTemps).
  void noteResultArgs(const CallExpr *CE);
  /// A call whose pointer (\p ViaPointer) or reference result \p E is
  /// used directly as an object (`Lookup(k)->next = e`, `stats().hits++`)
  /// gets a local of its own to hold that result (ResultTemps), as if the
  /// code were `Entry *t = Lookup(k); t->next = e;`.
  void noteResultBase(const Expr *E, bool ViaPointer);
  /// `for (auto &s : shards_)` over a std container: the loop variable is
  /// bound to the container's element, `this->shards_[]`, or for a pointer
  /// loop variable (`for (Worker *w : workers_)`) to what it points to
  /// (RangeElements).
  void noteRangeElement(const CXXForRangeStmt *FS);
  /// An assignment to an iterator local from anything but the same
  /// container's position (IteratorLocals) stops following it; the first
  /// one to an iterator declared without a position starts.
  void noteIteratorAssign(const CXXOperatorCallExpr *OC);
  void noteMovedTemporary(const CXXOperatorCallExpr *OCE);
  void noteAssign(const BinaryOperator *BO);

  void lowerCFG(const CFG &G);
  void lowerFallback(const Stmt *Body);
  void lowerElement(const CFGElement &E);
  void lowerStmt(const Stmt *S);
  void lowerCall(const CallExpr *CE);
  void lowerConstruct(const CXXConstructExpr *CE);
  void lowerAtomic(const AtomicExpr *AE);
  bool lowerSyncBuiltin(const CallExpr *CE, const FunctionDecl *Callee);
  /// A test-and-set spinlock's acquire or release on *Ptr (LibraryModels.h,
  /// SpinTestAndSetName), keyed by \p Key for a branch on its result;
  /// nothing for SpinLockOp::None.
  void emitSpinLockCall(SpinLockOp Op, const Expr *Ptr, const Expr *Key);
  void lowerVarDecl(const VarDecl *VD);
  void lowerReturn(const ReturnStmt *RS);
  void lowerLambda(const LambdaExpr *LE);
  /// Appends the actuals \p Args to \p C, noting those that name a function
  /// (with the arguments after them, as a thread would receive them) and
  /// those passed to writable memory (CallInfo::WritableArgs; \p Params:
  /// the callee's parameter types, if known; \p Forwarding: bit k, the
  /// parameter is a forwarding reference).
  void lowerArgs(ir::CallInfo &C, llvm::ArrayRef<const Expr *> Args,
                 llvm::ArrayRef<QualType> Params, uint32_t Forwarding);
  /// The function an argument names (a thread's entry, a callback).
  std::optional<ir::CallableArg> callableOf(const Expr *A);
  Operand lambdaReceiver(const LambdaExpr *LE, std::string &Type);
  const LambdaExpr *localLambdaOf(const Expr *Closure) const;
  void lowerInitializer(const CXXCtorInitializer *I);
  void lowerBranch(const CFGBlock &B, ir::Block &Out);
  /// FormalBranches.cpp: a branch or switch on a read-only scalar formal
  /// (ir::Block::CondFormal), and the actuals whose values a call knows
  /// (ir::CallInfo::ScalarArgs; \p FirstIndex is Args[0]'s index in C.Args).
  void lowerFormalBranch(const CFGBlock &B, ir::Block &Out);
  void lowerScalarArgs(ir::CallInfo &C, const FunctionDecl *Callee,
                       llvm::ArrayRef<const Expr *> Args, uint32_t FirstIndex);
  /// The formal index of the by-value scalar parameter \p E names, if the
  /// body only reads it; -1 otherwise.
  int32_t scalarFormalOf(const Expr *E);

  void emitAccess(ir::InstrKind K, const Expr *LV, bool ForceAtomic = false,
                  SourceLocation At = {});
  void emitPathAccess(ir::InstrKind K, AccessPath P, bool Atomic,
                      SourceLocation At);
  void emitBind(uint32_t Dest, Operand V, SourceLocation At);
  /// In a constructor: the Write just emitted stores \p Value into a
  /// pointer or reference member of `this`; records what it designates as
  /// the Write's value (ir::Instr::value()), e.g. `mu_(mu)` in a guard.
  void noteStoredPointer(const AccessPath &Member, QualType FieldType,
                         const Expr *Value);
  /// Outside constructors: the Write just emitted stores the pointer
  /// \p Value into \p Dest; records the local or formal object it
  /// designates as the Write's value: into a location rooted at a global
  /// (`head = l`), which summarize/Publication.cpp links there; elsewhere
  /// (`mem_ = new_mem`), a local's or a parameter's object, which may be
  /// reachable by others from then on (AbstractState::PublishedFormals).
  void noteLinkingStore(const Expr *Dest, const Expr *Value);
  void emitCall(ir::CallInfo C, SourceLocation At, const Stmt *Key);
  /// A call of the reserved \p Name (summarize/QueueFront.h) on \p Queue.
  void emitQueueFront(const char *Name, const Expr *Queue, SourceLocation At);
  /// After lowering \p CE: the turn it starts (a queue-front wait with a
  /// predicate) or ends (the pop of a queue this function waits on).
  void noteQueueFrontCall(const CallExpr *CE);
  /// \p A, a mode's assertion made in another method of the class, at \p At.
  void emitModeAssert(const CXXMemberCallExpr *A, SourceLocation At);
  void emitDtorCall(const CXXDestructorDecl *Dtor, Operand Recv,
                    std::string RecvType, SourceLocation At);
  ir::CallInfo callTo(const FunctionDecl *Callee);
  /// The object a member call runs on (`o.m()`, `p->m()`, `(p->*pm)()`;
  /// the call must have one), and its type in \p ObjType.
  Operand memberCallReceiver(const CXXMemberCallExpr *MCE, QualType &ObjType);
  ir::Loc at(SourceLocation L);

  const FunctionDecl *FD;
  ASTContext &Ctx;
  /// The for loops around calls with array elements in their arguments.
  EnclosingLoops LoopsAroundCalls;
  /// The subscripts that visit every element of their array (ArrayWalks.h).
  std::optional<ArrayWalks> Walks;
  /// The calls after the set of a flag seen false (findSerialFlagCalls).
  llvm::DenseMap<const CallExpr *, const Expr *> SerialFlagCalls;
  /// The calls that are a mode test's whole branch (callsUnderModeTests).
  llvm::DenseSet<const CallExpr *> ModeTestCalls;
  FileTable &Files;
  PathBuilder PB;
  /// The queue-front waits of the body (findQueueFrontWaits), and the
  /// queues they wait on, as paths: a pop of one ends the turn.
  std::vector<QueueFrontWait> QueueWaits;
  std::vector<AccessPath> WaitedQueues;
  ir::Function F;
  ir::Block *Cur = nullptr;
  llvm::DenseMap<const VarDecl *, uint32_t> LocalIds;
  llvm::DenseMap<const CXXConstructExpr *, Operand> CtorTargets;
  llvm::DenseMap<const CallExpr *, uint32_t> CallResults;
  /// Calls whose pointer result is passed straight to another call
  /// (`Install(Make())`) or used as an object (`Lookup(k)->next`): the local
  /// the pre-scan made to hold it, which the outer call passes
  /// (noteResultArgs) and paths through the result start from
  /// (noteResultBase).
  llvm::DenseMap<const CallExpr *, uint32_t> ResultTemps;
  llvm::DenseMap<const Stmt *, int32_t> CallIndexInBlock;
  /// Temporaries whose destructor is not lowered: the copy they stand for
  /// was elided, or they were moved from (noteMovedTemporary).
  llvm::DenseSet<const CXXBindTemporaryExpr *> ElidedTemporaries;
  /// std::jthread locals the body detaches: their destructor is not lowered.
  llvm::DenseSet<const VarDecl *> DetachedLocals;
  /// Scalar locals holding a call's result, for branches on them.
  llvm::DenseMap<const CallExpr *, const VarDecl *> ScalarResults;
  /// How each local of ScalarResults holds its calls' results: bit 0 as
  /// they are (`rc = trylock(..)`), bit 1 negated (`got = trylock(..) ==
  /// 0`, `failed = !start(..)`). A branch on a local holding both is no
  /// test of a result.
  llvm::DenseMap<const VarDecl *, uint8_t> ResultPolarity;
  void noteScalarResult(const CallExpr *CE, const VarDecl *VD, bool Negated) {
    ScalarResults[CE] = VD;
    ResultPolarity[VD] |= Negated ? 2 : 1;
  }
  llvm::DenseMap<const VarDecl *, int32_t> CallOfLocalInBlock;
  /// How many times the body stores into a local (its initializer, `=`,
  /// compound assignments, a class's `operator=`, `++`/`--`); taking its
  /// address counts as many.
  unsigned storesTo(const VarDecl *VD);
  /// \p E names a local callable wrapper (`std::function<void()> job =
  /// [..] {..};`) that nothing stores into after its initializer: that
  /// local, whose initializer is what it holds.
  const VarDecl *wrapperLocalOf(const Expr *E);
  /// \p E names a local callable wrapper every store into which takes a
  /// callable from one slot (`task = std::move(tasks_.front());`): that
  /// slot (frontend/FunctionPointers.h), and its name in \p Name; or "".
  std::string slotHeldByLocal(const Expr *E, std::string &Name);
  /// A local function pointer every store into which is a value of the same
  /// slot (`h = g_handlers[op]`, `fn = c->cmd->proc`): that slot, else "".
  std::string slotOfPointerLocal(const Expr *E, std::string &Name);
  /// \p E names the callable field of a local struct taken from a queue
  /// (`Item &item = queue_.front(); .. item.function();`, or a copy of the
  /// element that nothing stores into after): that field's slot, or "".
  std::string queuedFieldOfLocal(const Expr *E, std::string &Name);
  llvm::DenseMap<const VarDecl *, unsigned> StoreCounts;
  /// A local every store into which is a call's result
  /// (ir::CallInfo::ScalarResult, ir::Block::CondLocal).
  bool onlyCallResultsStoredIn(const VarDecl *VD);
  /// The function a call through a function pointer reaches when the
  /// pointer is a global that keeps its initializer, or a local that only
  /// ever copies such a global (`g = f; g();`); notes the global.
  const FunctionDecl *calleeThroughPointer(const CallExpr *CE);
  llvm::DenseMap<const VarDecl *, bool> OnlyCallStores;
  /// Lambdas stored in locals (`auto f = [this] {..};`) and how they are used.
  llvm::DenseMap<const VarDecl *, const LambdaExpr *> LambdaVars;
  /// Reference and pointer loop variables of range-for statements over a
  /// std container, and the container expression (noteRangeElement).
  llvm::DenseMap<const VarDecl *, const Expr *> RangeElements;
  /// Every range-for loop variable (a copy too) and the range it walks:
  /// `for (auto &cb : listeners_) cb(ev);` calls what the container holds.
  llvm::DenseMap<const VarDecl *, const Expr *> RangeSources;
  /// Iterator locals initialized from a std container member's position
  /// (`auto it = m_.find(k);`), and the container: `it->second` is an
  /// element of it (PathBuilder::IteratorContainer).
  llvm::DenseMap<const VarDecl *, const Expr *> IteratorLocals;
  /// Iterator locals assigned from two containers: not followed.
  llvm::DenseSet<const VarDecl *> DroppedIterators;
  llvm::DenseMap<const VarDecl *, unsigned> Refs, CallRefs;
  /// Uses of a local that only observe what it points to or hand it out
  /// at the end (`p->f`, `*p`, `p.get()`, `p.release()`, `if (p)`, `return
  /// p`): a smart pointer all of whose uses are these keeps its object.
  llvm::DenseMap<const VarDecl *, unsigned> ObserverRefs;
  /// Smart pointer locals initialized by a call's result, decided after
  /// the pre-scan (CallResults if the pointer keeps its object).
  std::vector<std::pair<const CallExpr *, const VarDecl *>> SmartPointerResults;
  /// Lambdas only invoked in this function (directly, or through a local
  /// that is only ever called): no call where they are created; each
  /// invocation passes the captured `this`.
  llvm::DenseSet<const LambdaExpr *> InvokedOnlyHere;
  /// Local ids of objects whose address escapes (see noteEscape).
  llvm::DenseSet<uint32_t> EscapingLocals;
  /// Per parameter: whether the body only ever reads it (scalarFormalOf).
  llvm::DenseMap<const ParmVarDecl *, bool> ReadOnlyFormals;
  ir::Loc LastLoc; ///< last location in user code, for code in system headers
};

} // namespace racer::frontend::lowering

#endif
