//===- Transfer.cpp - Transfer functions and summary application ----------===//
//
// The rules (RacerD, OOPSLA'18, sections 5.1-5.2, Fig. 5):
//  - An access is recorded if its path, after resolving locals through their
//    bindings, is rooted at a formal (through a pointer: `this->f`, `p->f`)
//    or at a global. Accesses to a function's own stack objects, to objects
//    it allocated, or through locals we cannot resolve are owned: dropped.
//  - Locks are a must-set with identity (Domain.h); an access records the
//    locks held when it happens.
//  - A call applies, in order: a library model (LibraryModels.h) if the
//    callee has one; else the callee's summary, substituting actuals for
//    formals in access paths and lock paths, adding the caller's held locks,
//    pushing the call site on the trace, and adding the callee's net lock
//    effect; declared capability attributes override the summary's effect.
//    An unknown callee has no effect, and its returned pointer is owned.
//===----------------------------------------------------------------------===//
#include "summarize/EventLoopModels.h"
#include "summarize/FunctionAnalysis.h"
#include "summarize/QueueFront.h"
#include "summarize/WorkLimit.h"

#include <algorithm>
#include <deque>

namespace racer {

SummaryLookup::~SummaryLookup() = default;

namespace detail {

using ir::AccessPath;
using ir::Operand;
using ir::RootKind;
using ir::StepKind;

std::optional<AccessPath>
FunctionAnalysis::resolveShared(const AccessPath &P,
                                const AbstractState &S) const {
  switch (P.Root) {
  case RootKind::Global:
    return truncated(P);
  case RootKind::Formal:
    // A formal's own storage is local; its pointee may be shared.
    if (!startsWithDeref(P) || (ownsThis(S) && P.Index == 0))
      return std::nullopt;
    return truncated(P);
  case RootKind::Local: {
    if (!startsWithDeref(P))
      return std::nullopt; // the local object itself: on our stack
    auto It = S.Bindings.find(P.Index);
    if (It == S.Bindings.end() || It->second.K != Operand::Kind::Object)
      return std::nullopt; // fresh (owned) or unknown
    return appendSteps(It->second.Path, P, 1);
  }
  }
  return std::nullopt;
}

bool FunctionAnalysis::throughUnknownPointer(const AccessPath &P,
                                             const AbstractState &S) const {
  if (P.Root != RootKind::Local || !startsWithDeref(P))
    return false;
  auto It = S.Bindings.find(P.Index);
  return It == S.Bindings.end() || It->second.K == Operand::Kind::Unknown ||
         It->second.K == Operand::Kind::Value;
}

Operand FunctionAnalysis::resolveOperand(const Operand &O,
                                         const AbstractState &S) const {
  if (O.K != Operand::Kind::Object)
    return O;
  const AccessPath &P = O.Path;
  if (P.Root == RootKind::Local) {
    if (!startsWithDeref(P)) {
      if (llvm::none_of(P.Steps, [](const ir::PathStep &St) {
            return St.kind() == StepKind::Deref;
          }))
        return namedFresh(P); // address of a local object: owned
      // What a pointer member of a local object points to (`manual.cfd`):
      // what its constructor stored there, if that is known; not ours.
      AccessPath Through = throughGuardFields(P, S);
      if (Through.Root != RootKind::Local)
        return Operand::object(truncated(std::move(Through)));
      return Operand::unknown();
    }
    auto It = S.Bindings.find(P.Index);
    if (It == S.Bindings.end())
      return Operand::unknown();
    if (isNamedFresh(It->second))
      return namedFresh(appendSteps(It->second.Path, P, 1));
    if (It->second.K != Operand::Kind::Object)
      return It->second;
    return Operand::object(appendSteps(It->second.Path, P, 1));
  }
  if (P.Root == RootKind::Formal &&
      (!startsWithDeref(P) || (ownsThis(S) && P.Index == 0)))
    return Operand::fresh();
  return Operand::object(truncated(P));
}

HeldLock FunctionAnalysis::lockOf(const Operand &O, bool Shared,
                                  const AbstractState &S) const {
  HeldLock L;
  L.Shared = Shared;
  if (O.K == Operand::Kind::Object) {
    const AccessPath &P = O.Path;
    if (P.Root == RootKind::Local && startsWithDeref(P)) {
      auto It = S.Bindings.find(P.Index);
      if (It != S.Bindings.end() && (It->second.K == Operand::Kind::Object ||
                                     isNamedFresh(It->second))) {
        L.Lock = appendSteps(It->second.Path, P, 1);
        return L;
      }
    } else {
      L.Lock = truncated(P);
      return L;
    }
  }
  L.Unknown = true;
  return L;
}

std::optional<AccessPath>
FunctionAnalysis::substitute(const AccessPath &P,
                             const std::vector<Operand> &Actuals,
                             const AbstractState &S) const {
  if (P.Root == RootKind::Global)
    return P;
  if (P.Root != RootKind::Formal || P.Index >= Actuals.size() ||
      !startsWithDeref(P))
    return std::nullopt;
  Operand A = resolveOperand(Actuals[P.Index], S);
  if (isNamedFresh(A) && A.Path.Root == RootKind::Local) {
    // Our own object; but through a guard's pointer member, the mutex
    // it points to (`Local(l) .mu_ Deref .locked_`).
    AccessPath Out = throughGuardFields(appendSteps(A.Path, P, 1), S);
    if (Out.Root != RootKind::Local)
      return Out;
  }
  if (A.K != Operand::Kind::Object)
    return std::nullopt; // owned or unknown actual
  return appendSteps(A.Path, P, 1);
}

HeldLock FunctionAnalysis::substituteLock(const HeldLock &L,
                                          const std::vector<Operand> &Actuals,
                                          const AbstractState &S) const {
  if (L.Unknown)
    return L;
  HeldLock Out = L;
  if (L.Lock.Root == RootKind::Formal && startsWithDeref(L.Lock) &&
      L.Lock.Index < Actuals.size()) {
    const Operand &A = Actuals[L.Lock.Index];
    if (A.K == Operand::Kind::Object) {
      HeldLock Base = lockOf(A, L.Shared, S);
      if (!Base.Unknown) {
        Out.Lock = throughGuardFields(appendSteps(Base.Lock, L.Lock, 1), S);
        return Out;
      }
    }
    Out.Unknown = true;
    Out.Lock = AccessPath();
    return Out;
  }
  if (L.Lock.Root == RootKind::Global)
    return Out;
  if (L.Lock.Root == RootKind::Local && CurCall) {
    // A lock in an object of the callee's that a thread received.
    Out.Lock.Index = const_cast<FunctionAnalysis *>(this)->syntheticLocal(
        *CurCall, L.Lock.Index);
    return Out;
  }
  Out.Unknown = true;
  Out.Lock = AccessPath();
  return Out;
}

void FunctionAnalysis::record(AccessKind K, const AccessPath &Path, ir::Loc Loc,
                              const std::string &ContainerMethod,
                              const AbstractState &S, unsigned Flags) {
  if (!Recording)
    return;
  if (Path.isUnnamed()) {
    noteAssumption(AssumptionKind::UnknownPointer, Loc);
    return;
  }
  std::optional<AccessPath> P = resolveShared(Path, S);
  bool Local = false;
  if (!P) {
    if (throughUnknownPointer(Path, S))
      noteAssumption(AssumptionKind::UnknownPointer, Loc);
    if (!TrackThreads)
      return;
    P = namedPath(Path, S);
    if (!P || P->Root != RootKind::Local)
      return;
    Local = true;
  }
  AccessSnapshot A;
  A.Kind = K;
  A.Path = std::move(*P);
  LockVector Locks = S.Held.locks();
  addQueueFronts(Locks, S.QueueFronts);
  S.addConditionalHolds(Locks);
  A.Locks = std::move(Locks);
  AccessExtras E;
  E.ContainerMethod = ContainerMethod;
  E.Nestings = NestingVector(S.Held.nestings().begin(), S.Held.nestings().end());
  E.ReleasedBefore = LockVector(S.EntryReleased.begin(), S.EntryReleased.end());
  A.Location = Loc;
  if (TrackThreads) {
    // An allocated object (`Local(p) Deref ..`), not the storage of the
    // local p itself, is new to the threads started before it.
    E.Live = Local && startsWithDeref(A.Path) ? S.liveForObject(A.Path->Index)
                                              : S.live();
    A.JoinedOuter = S.JoinedOuter;
  }
  A.Extras = std::move(E);
  A.InForkChild = S.ForkBlock >= 0;
  A.Atomic = Flags & 1;
  A.WalksEveryElement = Flags & ir::WalksEveryElement;
  (Local ? LocalAccesses : Accesses).add(std::move(A), segmentOf(Loc));
}

bool FunctionAnalysis::onCrashPath(uint32_t BI) const {
  if (BI >= F.Blocks.size() || !F.Blocks[BI].NoReturn)
    return false;
  // The call the block ends in (the last one lowered): an orderly exit, or
  // what crashes (`abort()`, a panic, an assertion's failure handler).
  const std::vector<ir::Instr> &Is = F.Blocks[BI].Instrs;
  for (auto It = Is.rbegin(); It != Is.rend(); ++It)
    if (It->Kind == ir::InstrKind::Call)
      return !endsInOrder(It->call().CalleeName.str());
  return true;
}

/// The marker of the one run of the task queued once that \p Task is
/// (HeldLock::TaskRun).
static HeldLock taskRun(ir::Symbol Task, ir::Symbol Name) {
  HeldLock L;
  L.Lock = AccessPath::global(ir::Symbol("racecar.task:" + Task.str()), Name);
  L.TaskRun = true;
  return L;
}

/// \p A, a callee's access, comes out of applySummary as a function of
/// itself and the call's context (FunctionAnalysis::AppliedContext) only: its
/// path and locks are global (or unknown locks), so the arguments do not
/// change them; it names no thread the callee started or joined, so the
/// call site does not; and it has no lock nestings.
static bool isContextFree(const AccessSnapshot &A) {
  auto Global = [](const HeldLock &L) {
    return L.Unknown || L.Lock.Root == RootKind::Global;
  };
  return A.Path->Root == RootKind::Global && A.live().empty() &&
         A.JoinedOuter == 0 && A.nestings().empty() &&
         llvm::all_of(A.Locks, Global) && llvm::all_of(A.releasedBefore(), Global);
}

bool FunctionAnalysis::noteAppliedContext(const FunctionSummary &Callee,
                                          AppliedContext Ctx) {
  std::vector<AppliedContext> &Seen = AppliedContexts[&Callee];
  if (llvm::is_contained(Seen, Ctx))
    return false;
  Seen.push_back(std::move(Ctx));
  return true;
}

void FunctionAnalysis::applySummary(const ir::Instr &I,
                                    const FunctionSummary &Callee,
                                    AbstractState &S) {
  const ir::CallInfo &C = I.call();
  // A guard's constructor stores its mutex's address in the guard: the
  // locks its methods take through that member are that mutex.
  if (C.IsConstructor)
    bindGuardFields(C, Callee, S);
  std::vector<HeldLock> CallerLocks = S.Held.locks();
  // A lock the callee lets go on every path that we cannot name may be any
  // of ours: none of ours protects its accesses.
  if (C.DeclaredEffects.empty() &&
      llvm::any_of(Callee.Locks->Released, [&](const HeldLock &R) {
        return substituteLock(R, C.Args, S).Unknown;
      }))
    CallerLocks.clear();
  // A pool's call of a task queued once: what it reaches is that task's run.
  if (C.RunsTask)
    CallerLocks.push_back(taskRun(C.Callee, Callee.Name));
  // The locks the callee may let go, in our terms (Unknown: any).
  std::vector<HeldLock> CalleeReleases;
  for (const HeldLock &L : Callee.Locks->MayRelease)
    CalleeReleases.push_back(substituteLock(L, C.Args, S));
  const CallSite Frame{
      C.CalleeName.empty() ? ir::Symbol(Callee.Name) : C.CalleeName,
      I.Location, runsEventLoop(C.Callee.str()), onCrashPath(CurBlock)};
  CurCall = &I;
  const uint32_t Walked = walkedArgsOf(C, Callee);
  llvm::SmallVector<uint32_t, 0> LiveNow;
  CalleeJoins Joined;
  if (TrackThreads) {
    LiveNow = S.live();
    Joined = calleeJoins(I, Callee, S);
  }
  static const std::vector<AccessSnapshot> NotRecording;
  const std::vector<AccessSnapshot> &CalleeAccesses =
      Recording ? Callee.Accesses : NotRecording;
  // Called here before with what this call adds: its context-free accesses
  // are known already (a function that reads a stream forty times, each
  // read reaching ten thousand accesses). Declared effects (REQUIRES) and
  // lock nestings depend on the call itself: not then.
  bool Repeated = false;
  if (Recording && !CalleeAccesses.empty() && C.DeclaredEffects.empty() &&
      S.Held.nestings().empty()) {
    AppliedContext Ctx;
    Ctx.Locks = CallerLocks;
    Ctx.EntryReleased = S.EntryReleased;
    Ctx.QueueFronts = S.QueueFronts;
    if (TrackThreads)
      Ctx.Live = LiveNow;
    Ctx.JoinedOuter = S.JoinedOuter;
    Ctx.InFork = S.ForkBlock >= 0;
    Repeated = !noteAppliedContext(Callee, std::move(Ctx));
  }
  struct ContextOfAccess {
    LockList Locks;
    Interned<AccessExtras> Extras;
  };
  llvm::DenseMap<std::tuple<const void *, const void *, uint32_t>,
                 ContextOfAccess>
      ContextAtCall;
  struct PathAtCall {
    PathRef Path;
    bool Named = false, Local = false;
  };
  llvm::DenseMap<const void *, PathAtCall> PathsAtCall;
  llvm::DenseMap<const void *, CallChain> TracesAtCall;
  for (const AccessSnapshot &A : CalleeAccesses) {
    if (Repeated && isContextFree(A))
      continue;
    // A global's path is the same here (most of a C program's); the
    // callee's accesses share the others: each is put in our terms once.
    PathAtCall *Ours = nullptr;
    if (A.Path->Root != RootKind::Global) {
      auto [Known, New] = PathsAtCall.try_emplace(A.Path.identity());
      Ours = &Known->second;
      if (New) {
        std::optional<AccessPath> P;
        if (A.Path->Root != RootKind::Local)
          P = substitute(A.Path, C.Args, S);
        if (!P && TrackThreads) {
          P = substituteNamed(A.Path, I, S);
          Ours->Local = P && P->Root == RootKind::Local;
          if (!Ours->Local)
            P.reset();
        }
        Ours->Named = P.has_value();
        if (P)
          Ours->Path = std::move(*P);
      }
    }
    const bool Local = Ours && Ours->Local;
    if (Ours && !Ours->Named) {
      if (A.Path->Root == RootKind::Formal && startsWithDeref(A.Path) &&
          (A.Path->Index >= C.Args.size() ||
           resolveOperand(C.Args[A.Path->Index], S).K ==
               Operand::Kind::Unknown))
        noteAssumption(AssumptionKind::UnknownPointer, I.Location);
      continue;
    }
    AccessSnapshot Out;
    Out.Kind = A.Kind;
    Out.Path = Ours ? Ours->Path : A.Path;
    Out.Threads = A.Threads;
    Out.Location = A.Location;
    // The callee's accesses share a few lists of locks and threads: each is
    // put in our terms once per call.
    const bool Unshared = A.InForkChild || A.Path->Root == RootKind::Local;
    auto [Known, New] = ContextAtCall.try_emplace(
        {A.Locks.identity(), A.Extras.identity(),
         uint32_t(Unshared) | uint32_t(A.JoinedOuter) << 1});
    if (New) {
      CalleeAccessLocks L =
          locksAtCalleeAccess(A, C, CallerLocks, CalleeReleases, S);
      AccessExtras E;
      E.ContainerMethod = A.containerMethod();
      E.ReleasedBefore = std::move(L.ReleasedBefore);
      E.Nestings = std::move(L.Nestings);
      if (TrackThreads) {
        llvm::SmallVector<uint32_t, 0> Mapped;
        for (uint32_t Id : A.live())
          Mapped.push_back(mapSpawnId(I, Id));
        llvm::sort(Mapped);
        // In a process the callee forked, none of our threads run; those
        // the callee joined before the access do not either. An object the
        // callee allocated (or keeps on its stack) did not exist when our
        // threads started: none of them was handed it.
        E.Live = Unshared ? std::move(Mapped)
                 : A.JoinedOuter
                     ? idUnion(Joined.liveAfter(LiveNow, A.JoinedOuter), Mapped)
                     : idUnion(LiveNow, Mapped);
      }
      Known->second.Locks = std::move(L.Locks);
      Known->second.Extras = std::move(E);
    }
    Out.Locks = Known->second.Locks;
    Out.Extras = Known->second.Extras;
    if (TrackThreads)
      Out.JoinedOuter = S.JoinedOuter | Joined.outerBits(A.JoinedOuter);
    // Also where threads are not tracked: a caller that does must know.
    Out.InForkChild = A.InForkChild || S.ForkBlock >= 0;
    Out.Atomic = A.Atomic;
    Out.WalksEveryElement =
        A.WalksEveryElement || (Walked && readsWalkedElement(A, Walked));
    AccessSet &Into = Local ? LocalAccesses : Accesses;
    const uint8_t Segment = segmentOf(I.Location);
    const AccessSet::Probe Slot = Into.probe(Out, Segment);
    if (!Slot.keeps(Out.Location, [&] {
          return std::min<size_t>(A.Trace.size() + 1, MaxTraceDepth);
        }))
      continue; // the same access is already known from an earlier place
    // Accesses the callee reached the same way share their chain below
    // this call, and so share its first frame too.
    auto [Trace, NewTrace] = TracesAtCall.try_emplace(A.Trace.identity());
    if (NewTrace)
      Trace->second = CallChain::prepend(Frame, A.Trace);
    Out.Trace = Trace->second;
    Into.put(Slot, std::move(Out));
  }
  // A guard returned by value, kept in a local guard of ours: that guard
  // holds its locks (and is no escaping guard any more).
  const bool KeepsGuard =
      C.ResultLocal >= 0 && !Callee.Locks->Returned.empty();
  if (Recording) {
    if (KeepsGuard) {
      std::vector<Assumption> Kept = Callee.Assumptions;
      llvm::erase_if(Kept, [](const Assumption &A) {
        return A.Kind == AssumptionKind::EscapingGuard;
      });
      addAssumptions(Assumed, Kept);
    } else {
      addAssumptions(Assumed, Callee.Assumptions);
    }
    if (Callee.HandRolledSync.Line &&
        Callee.HandRolledDepth < MaxHandRolledDepth + F.OnlyForwards &&
        (!HandRolledSync.Line || Callee.HandRolledDepth + 1 < HandRolledDepth)) {
      HandRolledSync = Callee.HandRolledSync;
      HandRolledDepth = Callee.HandRolledDepth + (F.OnlyForwards ? 0 : 1);
    }
  }
  // The callables the callee runs: those handed to us run under our locks
  // too (a runner calling a runner).
  for (const CallableRun &R : Callee.CallableRuns) {
    CallableRun Ours;
    Ours.Callee = R.Callee;
    if (R.Formal >= 0) {
      if (size_t(R.Formal) >= C.Args.size())
        continue;
      const Operand &A = C.Args[R.Formal];
      if (A.K != Operand::Kind::Object || A.Path.Root != RootKind::Formal ||
          A.Path.Steps.size() != 1 || !startsWithDeref(A.Path))
        continue;
      Ours.Formal = int32_t(A.Path.Index);
    }
    Ours.Locks = CallerLocks;
    for (const HeldLock &L : R.Locks)
      Ours.Locks.push_back(substituteLock(L, C.Args, S));
    noteCallableRun(std::move(Ours));
  }
  if (TrackThreads)
    applyCalleeThreads(I, Callee, S);
  applyCalleePublications(C, Callee, S);
  applyCalleeFlagClears(I, Callee, S);
  CurCall = nullptr;
  if (C.DeclaredEffects.empty()) {
    for (const HeldLock &L : Callee.Locks->Assumed)
      assume(S, substituteLock(L, C.Args, S));
    for (const HeldLock &L : Callee.Locks->Acquired)
      acquire(S, substituteLock(L, C.Args, S));
    for (const HeldLock &L : Callee.Locks->Released)
      release(S, substituteLock(L, C.Args, S));
    // Ordered after the once-only run the callee made sure of.
    for (const HeldLock &L : Callee.Locks->OnceHeld) {
      HeldLock Once = substituteLock(L, C.Args, S);
      if (Once.Unknown)
        continue;
      Once.Shared = true;
      if (!S.Held.holds(Once))
        S.Held.acquire(Once, /*ByUs=*/false);
      if (!llvm::is_contained(OnceHolds, Once))
        OnceHolds.push_back(Once);
    }
  }
  // A hold of ours the callee let go (and maybe took again) is a new hold.
  for (const HeldLock &L : CalleeReleases) {
    if (L.Unknown)
      S.Held.endAllNestings();
    else
      S.Held.endNestings(L.Lock);
    noteMayRelease(L);
  }
  applyCalleeNestings(C, *Callee.Locks, CallerLocks, CalleeReleases, S);
  if (KeepsGuard) {
    GuardState G;
    for (const HeldLock &L : Callee.Locks->Returned)
      G.Locks.push_back(substituteLock(L, C.Args, S));
    G.Owns = true;
    S.Guards[C.ResultLocal] = std::move(G);
    return;
  }
  if (C.ResultLocal >= 0) {
    Operand R = *Callee.Return;
    if (R.K == Operand::Kind::Object) {
      std::optional<AccessPath> P = R.Path.Root == RootKind::Global
                                        ? std::optional<AccessPath>(R.Path)
                                        : substitute(R.Path, C.Args, S);
      R = P ? Operand::object(*P) : Operand::unknown();
    } else if (R.K == Operand::Kind::Fresh) {
      // An allocation wrapper's result: named like malloc's, below.
      R = namedFresh(localObject(C.ResultLocal));
      S.allocate(static_cast<uint32_t>(C.ResultLocal));
      if (inLoop())
        FreshInLoop.insert(static_cast<uint32_t>(C.ResultLocal));
    }
    S.Bindings[C.ResultLocal] = R;
  }
}

bool FunctionAnalysis::applyModel(const ir::Instr &I, const CallModel &M,
                                  AbstractState &S, bool IsCond,
                                  std::optional<CondEffect> &Cond) {
  const ir::CallInfo &C = I.call();
  auto Arg = [&](unsigned Idx) {
    return Idx < C.Args.size() ? C.Args[Idx] : Operand::unknown();
  };
  // The guard local a guard operation applies to, or -1 (a temporary).
  auto GuardLocal = [&]() -> int32_t {
    Operand G = Arg(0);
    if (G.K == Operand::Kind::Object && G.Path.Root == RootKind::Local &&
        G.Path.Steps.empty())
      return static_cast<int32_t>(G.Path.Index);
    return -1;
  };
  // The lock a Lock/Unlock model takes: SV-COMP's atomic section, a
  // program-wide lock by name when called without its argument, or the
  // argument.
  auto ModelLock = [&](bool Shared) {
    if (M.LockArg == AtomicLockArg)
      return atomicLock();
    if (M.LockWithoutArg && M.LockArg >= C.Args.size())
      return namedLock(M.LockWithoutArg);
    return lockOf(Arg(M.LockArg), Shared, S);
  };
  switch (M.Kind) {
  case ModelKind::None:
    return false;
  case ModelKind::Lock:
  case ModelKind::LockShared:
    acquire(S, ModelLock(M.Kind == ModelKind::LockShared));
    return true;
  case ModelKind::Unlock:
    release(S, ModelLock(false));
    return true;
  case ModelKind::TryLock:
  case ModelKind::TryLockShared: {
    HeldLock L =
        lockOf(Arg(M.LockArg), M.Kind == ModelKind::TryLockShared, S);
    noteLock(L);
    if (IsCond) {
      Cond.emplace();
      Cond->Acquire.push_back(std::move(L));
      Cond->OnZero = M.ZeroIsSuccess;
    }
    return true;
  }
  case ModelKind::ProcessFork:
    // A branch on the result: its zero edge is the child (run() applies it).
    // Otherwise parent and child run the same code and we cannot tell them
    // apart: everything after is analysed as the parent's, as before.
    if (IsCond) {
      Cond.emplace();
      Cond->ForkChild = true;
      Cond->OnZero = M.ZeroIsSuccess;
    }
    return true;
  case ModelKind::AssertHeld:
  case ModelKind::AssertHeldShared:
    assume(S, lockOf(Arg(M.LockArg), M.Kind == ModelKind::AssertHeldShared, S));
    return true;
  case ModelKind::LockAllArgs:
    for (const Operand &A : C.Args)
      acquire(S, lockOf(A, false, S));
    return true;
  case ModelKind::GuardConstruct:
  case ModelKind::SharedGuardConstruct: {
    bool Shared = M.Kind == ModelKind::SharedGuardConstruct;
    GuardTag Tag = GuardTag::None;
    GuardState G;
    for (size_t A = 1; A < C.Args.size(); ++A) {
      GuardTag T =
          lookupGuardTag(A < C.ArgTypes.size() ? C.ArgTypes[A] : "");
      if (T != GuardTag::None) {
        Tag = T;
        continue;
      }
      if (C.Args[A].K == Operand::Kind::Object)
        G.Locks.push_back(lockOf(C.Args[A], Shared, S));
    }
    if (G.Locks.empty())
      return true; // default-constructed, or moved-from: owns nothing known
    for (const HeldLock &L : G.Locks)
      noteLock(L);
    if (Tag == GuardTag::None)
      for (const HeldLock &L : G.Locks)
        acquire(S, L);
    G.Owns = Tag == GuardTag::None || Tag == GuardTag::Adopt;
    int32_t Local = GuardLocal();
    if (Local >= 0)
      S.Guards[Local] = std::move(G);
    else if (G.Owns)
      // A temporary guard is destroyed at the end of its full-expression;
      // its destructor call follows and releases.
      TempGuards.push_back(std::move(G));
    return true;
  }
  case ModelKind::GuardDestroy: {
    int32_t Local = GuardLocal();
    if (Local < 0) {
      if (!TempGuards.empty()) {
        for (const HeldLock &L : TempGuards.back().Locks)
          release(S, L);
        TempGuards.pop_back();
      }
      return true;
    }
    auto It = S.Guards.find(Local);
    if (It == S.Guards.end())
      return true;
    if (It->second.Owns)
      for (const HeldLock &L : It->second.Locks)
        release(S, L);
    S.Guards.erase(It);
    return true;
  }
  case ModelKind::GuardLock:
  case ModelKind::GuardUnlock:
  case ModelKind::GuardRelease:
  case ModelKind::GuardTryLock:
  case ModelKind::GuardOwnsLock: {
    auto It = S.Guards.find(GuardLocal());
    if (It == S.Guards.end())
      return true;
    GuardState &G = It->second;
    for (const HeldLock &L : G.Locks)
      noteLock(L);
    if (M.Kind == ModelKind::GuardLock && !G.Owns) {
      for (const HeldLock &L : G.Locks)
        acquire(S, L);
      G.Owns = true;
    } else if (M.Kind == ModelKind::GuardUnlock && G.Owns) {
      for (const HeldLock &L : G.Locks)
        release(S, L);
      G.Owns = false;
    } else if (M.Kind == ModelKind::GuardRelease) {
      S.Guards.erase(It);
    } else if ((M.Kind == ModelKind::GuardTryLock ||
                M.Kind == ModelKind::GuardOwnsLock) &&
               !G.Owns && IsCond) {
      Cond.emplace();
      Cond->Acquire = G.Locks;
      Cond->Guard = GuardLocal();
    }
    return true;
  }
  case ModelKind::ContainerRead:
  case ModelKind::ContainerWrite:
  case ModelKind::ContainerConstruct: {
    Operand Obj = Arg(0);
    if (Obj.K == Operand::Kind::Object && M.Kind != ModelKind::ContainerConstruct)
      record(M.Kind == ModelKind::ContainerWrite ? AccessKind::ContainerWrite
                                                 : AccessKind::ContainerRead,
             Obj.Path, I.Location, C.CalleeName, S);
    // A copy (`return v_;`, `out = v_`, `std::string s(path_)`, `v_` passed
    // by value) reads the whole source.
    if (isContainerCopyMethod(C.CalleeName.str())) {
      llvm::StringRef Class = C.CalleeName.str();
      Class = Class.substr(0, Class.rfind("::"));
      for (size_t K = 1; K < C.Args.size() && K < C.ArgTypes.size(); ++K)
        if (C.ArgTypes[K].str() == Class && C.Args[K].K == Operand::Kind::Object)
          record(AccessKind::ContainerRead, C.Args[K].Path, I.Location,
                 C.CalleeName, S);
    }
    return true;
  }
  case ModelKind::ThreadCreate:
    if (M.HandleIsElement && Arg(0).K == Operand::Kind::Object)
      // `threads_.emplace_back(f)` also writes the container.
      record(AccessKind::ContainerWrite, Arg(0).Path, I.Location,
             C.CalleeName, S);
    if (TrackThreads)
      startThread(I, M, S);
    return true;
  case ModelKind::ThreadJoin:
  case ModelKind::ThreadMove:
    if (TrackThreads)
      M.Kind == ModelKind::ThreadJoin ? joinThread(I, M, S)
                                      : moveThread(I, M, S);
    return true;
  case ModelKind::QueueFrontTake:
  case ModelKind::QueueFrontLeave: {
    HeldLock Q = lockOf(Arg(0), /*Shared=*/false, S);
    if (Q.Unknown)
      return true; // a queue we cannot name orders nothing we can tell
    auto It = llvm::lower_bound(S.QueueFronts, Q.Lock);
    const bool Holds = It != S.QueueFronts.end() && *It == Q.Lock;
    if (M.Kind == ModelKind::QueueFrontTake && !Holds)
      S.QueueFronts.insert(It, std::move(Q.Lock));
    else if (M.Kind == ModelKind::QueueFrontLeave && Holds)
      S.QueueFronts.erase(It);
    return true;
  }
  case ModelKind::SpecificSet:
  case ModelKind::SpecificGet:
    applyThreadSpecific(I, M, S);
    return true;
  case ModelKind::AtomicSection: // handled in transferCall
  case ModelKind::CallOnce: // its callable was applied under the flag
  case ModelKind::Atomic:
  case ModelKind::NoEffect:
    return true;
  case ModelKind::WaitRelock: {
    // The hold after the wait is a new one: what was taken inside the old
    // one is not inside this one (LockNesting).
    Operand W = Arg(M.LockArg);
    std::vector<HeldLock> Relocked;
    if (W.K == Operand::Kind::Object && W.Path.Root == RootKind::Local &&
        W.Path.Steps.empty() && S.Guards.count(W.Path.Index))
      Relocked = S.Guards[W.Path.Index].Locks; // `cv.wait(lk)`
    else
      Relocked.push_back(lockOf(W, /*Shared=*/false, S));
    for (const HeldLock &L : Relocked) {
      if (L.Unknown)
        S.Held.endAllNestings();
      else
        S.Held.endNestings(L.Lock);
      if (!S.Held.holds(L) || L.Unknown)
        noteMayRelease(L);
    }
    return true;
  }
  }
  return false;
}

/// If the call at \p Idx is a lambda handed to a later `std::call_once` in
/// the same block (the frontend lowers the lambda where it is created, just
/// before the call), that call's once-flag: the lambda runs under it.
static const ir::Operand *onceFlagFor(const ir::Block &B, size_t Idx) {
  const ir::CallInfo &Run = B.Instrs[Idx].call();
  if (Run.Callee.empty())
    return nullptr;
  const bool Lambda =
      Run.CalleeName.str().find("::lambda@") != std::string::npos;
  for (size_t J = Idx + 1; J < B.Instrs.size(); ++J) {
    const ir::Instr &I = B.Instrs[J];
    if (I.Kind != ir::InstrKind::Call)
      continue;
    const ir::CallInfo &Once = I.call();
    if (lookupCallModel(Once.CalleeName).Kind != ModelKind::CallOnce ||
        Once.Args.empty())
      return nullptr;
    if (Lambda)
      for (const std::string &T : Once.ArgTypes)
        if (T == Run.CalleeName)
          return &Once.Args[0];
    // A function run by `pthread_once(&once, init)`: its callable.
    if (!Lambda && llvm::any_of(Once.Callables, [&](const ir::CallableArg &CA) {
          return CA.Callee == Run.Callee && !CA.HasReceiver;
        }))
      return &Once.Args[0];
    return nullptr;
  }
  return nullptr;
}

/// `this` or an object embedded in it (a member, a member's member, an
/// element of a member array), not one a member points to.
static bool partOfThis(const AccessPath &P) {
  return P.Root == RootKind::Formal && P.Index == 0 && startsWithDeref(P) &&
         inPlaceOfRoot(P);
}

bool FunctionAnalysis::handedToStartedThread(uint32_t Local,
                                             const AbstractState &S) const {
  for (const ThreadSpawn &T : Spawns)
    if (llvm::is_contained(S.Started, T.Id))
      for (const Operand &A : T.Args)
        if (A.K == Operand::Kind::Object && A.Path.Root == RootKind::Local &&
            A.Path.Index == Local)
          return true;
  return false;
}

void FunctionAnalysis::noteCallContext(const ir::CallInfo &C,
                                       const AbstractState &S) {
  if (C.Callee.empty())
    return;
  ReceiverUse &U = Receivers[C.Callee];
  if (S.Held.empty())
    U.AllLocked = false;
  U.AllMakeClosure &= C.MakesClosure;
  if (C.Args.empty()) {
    U.Kinds |= SharedReceiver;
    return;
  }
  Operand R = resolveOperand(C.Args[0], S);
  // Which of our named exclusive holds are the receiver itself, or lie
  // outside it (both only while some call may still have them).
  if ((U.AllHoldReceiver || U.AllLockedOutside) && !S.Held.empty()) {
    bool Receiver = false, Outside = false;
    if (R.K == Operand::Kind::Object)
      for (const HeldLock &L : S.Held.locks())
        if (!L.Unknown && !L.Shared) {
          Receiver |= L.Lock == R.Path;
          Outside |= ir::disjointEmbedded(L.Lock, R.Path);
        }
    U.AllHoldReceiver &= Receiver;
    U.AllLockedOutside &= Outside;
  }
  if (R.K == Operand::Kind::Fresh && R.Path.Root == RootKind::Local &&
      OpaqueResults.count(R.Path.Index)) {
    U.Kinds |= SharedReceiver; // an unseen function's result: anyone's
  } else if (R.K == Operand::Kind::Fresh) {
    U.Kinds |= OwnedReceiver;
    if (isNamedFresh(R) && R.Path.Root == RootKind::Local) {
      if (TrackThreads) {
        // Where threads are tracked, whether a thread started before this
        // call (on this path) was handed the object: `impl->Recover()`
        // before `impl` goes to a background thread runs on an object not
        // shared yet.
        if (handedToStartedThread(R.Path.Index, S))
          U.Kinds |= SharedReceiver;
      } else if (!llvm::is_contained(U.Locals, R.Path.Index)) {
        U.Locals.push_back(R.Path.Index);
      }
    }
  } else if (R.K == Operand::Kind::Object && HasThis && partOfThis(R.Path)) {
    U.Kinds |= ThisReceiver; // `this`, `this->member_`, `this->slots_[i]`
  } else if (int32_t J = unpublishedFormalOf(R, S);
             J >= 0 && (U.Formal < 0 || U.Formal == J)) {
    U.Kinds |= FormalReceiver; // `new_mem->SetID(id)`, new_mem our formal
    U.Formal = int8_t(J);
  } else {
    U.Kinds |= SharedReceiver;
  }
  // Which actuals are objects of ours not shared yet. (A lambda made here
  // runs later, when what it captured may be shared.)
  if (C.MakesClosure)
    U.FreshArgs = 0;
  if (C.Args.size() < 32)
    U.FreshArgs &= (1u << C.Args.size()) - 1;
  for (uint32_t I = 0; I < C.Args.size() && I < 32; ++I) {
    if (!(U.FreshArgs & (1u << I)))
      continue;
    const Operand A = I == 0 ? R : resolveOperand(C.Args[I], S);
    const bool Named = isNamedFresh(A) && A.Path.Root == RootKind::Local;
    if (A.K != Operand::Kind::Fresh ||
        (A.Path.Root == RootKind::Local && OpaqueResults.count(A.Path.Index)) ||
        (Named && TrackThreads && handedToStartedThread(A.Path.Index, S)))
      U.FreshArgs &= ~(1u << I);
    else if (Named && !TrackThreads &&
             !llvm::is_contained(U.FreshArgLocals,
                                 std::make_pair(uint8_t(I), A.Path.Index)))
      U.FreshArgLocals.push_back({uint8_t(I), A.Path.Index});
  }
}

void FunctionAnalysis::transferCall(const ir::Instr &I, AbstractState &S,
                                    bool IsCond,
                                    std::optional<CondEffect> &Cond) {
  const ir::CallInfo &C = I.call();
  // A lock this call takes is held in one mode of the object only.
  AcquiringUnderModeTest = C.UnderModeTest;
  struct ModeReset {
    bool &Flag;
    ~ModeReset() { Flag = false; }
  } ResetMode{AcquiringUnderModeTest};
  if (Recording)
    noteCallContext(C, S);
  // A formal's object handed to a call (its receiver too: `p->Register()`
  // may store `this`) may be reachable by others after it.
  for (const Operand &A : C.Args)
    notePublishedFormal(resolveOperand(A, S), S);
  noteDirectRun(C, S);
  // A call through a function-pointer slot runs its dispatcher, if any
  // (summarize/IndirectCalls.h): no library model by the slot's name.
  const bool Indirect = ir::isIndirectCallee(C.Callee.str());
  CallModel M =
      Indirect ? CallModel() : lookupCallModel(C.CalleeName, C.ElementType);
  if (M.Kind == ModelKind::AtomicSection) {
    // `__VERIFIER_atomic_inc()`: its body runs under the atomic pseudo-lock.
    HeldLock L = atomicLock();
    acquire(S, L);
    if (const FunctionSummary *Callee =
            C.Callee.empty() ? nullptr : Callees.lookup(C.Callee))
      applySummary(I, *Callee, S);
    release(S, L);
    return;
  }
  if (M.AtomicBody) {
    // A lock function whose body is atomic and is the lock's own state
    // (`assume(m == 0); m = 1;`): the body runs holding the lock it takes
    // (after taking it) or drops (before dropping it), under the atomic
    // pseudo-lock.
    const FunctionSummary *Callee =
        C.Callee.empty() ? nullptr : Callees.lookup(C.Callee);
    bool Locks = M.Kind == ModelKind::Lock || M.Kind == ModelKind::LockShared;
    if (Locks)
      applyModel(I, M, S, IsCond, Cond);
    if (Callee) {
      HeldLock L = atomicLock();
      acquire(S, L);
      applySummary(I, *Callee, S);
      release(S, L);
    }
    if (!Locks)
      applyModel(I, M, S, IsCond, Cond);
    return;
  }
  if (M.Counting)
    noteAssumption(AssumptionKind::CountingLock, I.Location);
  if (applyModel(I, M, S, IsCond, Cond)) {
    if (C.ResultLocal >= 0 && M.Kind != ModelKind::SpecificGet)
      S.Bindings[C.ResultLocal] = Operand::unknown();
    if (M.RunsHeldCallable)
      applyUnseenCall(I, S); // what it runs is not seen
    return;
  }
  const FunctionSummary *Callee =
      C.Callee.empty() ? nullptr : Callees.lookup(C.Callee);
  if (!Callee && C.DeclaredEffects.empty() && !Indirect) {
    CallModel Conv = lookupConventionalLockModel(C.CalleeName);
    if (Conv.Kind != ModelKind::None && applyModel(I, Conv, S, IsCond, Cond))
      return;
  }
  if (Callee) {
    applySummary(I, *Callee, S);
  } else {
    applyUnseenCall(I, S);
    if (C.ResultLocal >= 0)
      // RacerD: unknown => owned; named for threads (`d = malloc(..)`).
    {
      // (The standard library's accessors return what their object
      // holds: a smart pointer's `operator->`, a container's element.)
      if (!lookupExternalEffect(C.CalleeName).ResultFresh &&
          !isStandardLibraryName(C.CalleeName.str()))
        OpaqueResults.insert(static_cast<uint32_t>(C.ResultLocal));
      S.Bindings[C.ResultLocal] = namedFresh(localObject(C.ResultLocal));
      S.allocate(static_cast<uint32_t>(C.ResultLocal));
      if (inLoop())
        FreshInLoop.insert(static_cast<uint32_t>(C.ResultLocal));
    }
  }
  applyDeclaredEffects(I, S, IsCond, Cond);
}

void FunctionAnalysis::findPartialJoins(
    const std::vector<std::optional<AbstractState>> &In,
    const std::vector<std::pair<llvm::SmallVector<uint32_t, 2>,
                                llvm::SmallVector<uint32_t, 2>>> &Out) {
  // A thread joined on one path into a block and started but not joined on
  // another is taken as joined there (the join of states is a union). Loop
  // blocks are exempt: a join loop's header merges its iterations, and a
  // join loop is matched with its start loop by range (LoopRange).
  for (uint32_t BI = 0; BI < Out.size() && !PartialJoin.Line; ++BI) {
    if (!In[BI])
      continue;
    for (uint32_t Succ : F.Blocks[BI].Succs) {
      if (Succ >= In.size() || !In[Succ] ||
          loopOf(Succ) >= 0)
        continue;
      for (uint32_t Id : In[Succ]->Joined)
        if (llvm::is_contained(Out[BI].first, Id) &&
            !llvm::is_contained(Out[BI].second, Id)) {
          PartialJoin = F.Blocks[Succ].Instrs.empty()
                            ? F.Location
                            : F.Blocks[Succ].Instrs.front().Location;
          return;
        }
    }
  }
}

void FunctionAnalysis::transferBlock(const ir::Block &B, AbstractState &S,
                                     std::optional<CondEffect> &Cond) {
  for (size_t Idx = 0; Idx < B.Instrs.size(); ++Idx) {
    const ir::Instr &I = B.Instrs[Idx];
    CurLoc = I.Location;
    switch (I.Kind) {
    case ir::InstrKind::Read:
    case ir::InstrKind::Write:
      record(I.Kind == ir::InstrKind::Write ? AccessKind::Write
                                            : AccessKind::Read,
             I.Path, I.Location, {}, S, ir::accessFlags(I));
      if (I.Kind == ir::InstrKind::Write && !Unlinked.empty() && I.hasValue())
        noteRelink(I, S);
      if (I.Kind == ir::InstrKind::Write && !S.LoadedUnderLock.empty() &&
          I.hasValue())
        noteUnlink(I, S);
      if (I.Kind == ir::InstrKind::Write && (I.Dest & ir::StoresZero))
        noteFlagClear(I.Path, S);
      if (I.Kind == ir::InstrKind::Write &&
          F.Kind == ir::FunctionKind::Constructor)
        noteMemberStore(I, S);
      else if (I.Kind == ir::InstrKind::Write && I.hasValue())
        noteLinkingStore(I, S);
      if (I.Kind == ir::InstrKind::Write && I.hasValue())
        notePublishedFormal(resolveOperand(I.value(), S), S);
      break;
    case ir::InstrKind::Call: {
      if (TrackThreads && startedAsThread(B, Idx, Callees))
        break; // the lambda runs on the thread, not here
      if (std::optional<std::vector<HeldLock>> Under =
              runnerLocksFor(B, Idx, S)) {
        // A lambda handed to a callee that runs it under its lock
        // (CallableRun): its accesses hold those locks too.
        std::vector<HeldLock> Added;
        for (const HeldLock &L : *Under)
          if (L.Unknown || !S.Held.holds(L)) {
            S.Held.acquire(L, /*ByUs=*/false);
            Added.push_back(L);
          }
        transferCall(I, S, false, Cond);
        for (const HeldLock &L : Added)
          S.Held.release(L);
        break;
      }
      if (const ir::Operand *Flag = onceFlagFor(B, Idx)) {
        // The flag orders the callable's run before every later call_once
        // returns, like a lock around it; but a once_flag is no evidence
        // that the class is shared (a static factory has one), so it is not
        // noted as a lock of the function.
        HeldLock Once = lockOf(*Flag, /*Shared=*/false, S);
        S.Held.acquire(Once);
        transferCall(I, S, false, Cond);
        S.Held.release(Once);
        // What follows the call_once is ordered after the callable's run:
        // held in shared mode from here on (a read of what it initialized
        // is protected; two writes after it still race with each other).
        Once.Shared = true;
        if (!S.Held.holds(Once))
          S.Held.acquire(Once, /*ByUs=*/false);
        if (!llvm::is_contained(OnceHolds, Once))
          OnceHolds.push_back(Once);
        break;
      }
      // A call whose result a local keeps, for branches in later blocks
      // and returns: what a try-lock's success takes, and the threads a
      // start's failure did not start, wait in the state until then.
      bool IsCond = static_cast<int32_t>(Idx) == B.CondCall;
      bool Keeps = I.call().ScalarResult >= 0;
      llvm::SmallVector<uint32_t, 2> Before;
      if (TrackThreads)
        Before = S.Started;
      std::optional<CondEffect> Later;
      std::optional<CondEffect> &Effect = IsCond ? Cond : Later;
      transferCall(I, S, IsCond || Keeps, Effect);
      llvm::SmallVector<uint32_t, 2> OnZero;
      if (TrackThreads)
        OnZero = startedOnZero(Before, S);
      if (Keeps) {
        uint32_t Local = uint32_t(I.call().ScalarResult);
        AbstractState::PendingResult R;
        if (Effect && Effect->Guard < 0 && !Effect->ForkChild) {
          R.Acquire = Effect->Acquire;
          R.OnZero = Effect->OnZero;
        }
        R.StartedOnZero = OnZero;
        if (!R.Acquire.empty() || !R.StartedOnZero.empty())
          S.PendingResults[Local] = std::move(R);
        else
          S.PendingResults.erase(Local);
      }
      if (IsCond && !OnZero.empty()) {
        if (!Cond)
          Cond.emplace();
        Cond->StartedOnZero = std::move(OnZero);
      }
      break;
    }
    case ir::InstrKind::Bind: {
      Operand V = resolveOperand(I.value(), S);
      const Operand &Raw = I.value();
      if (V.K == Operand::Kind::Fresh && !isNamedFresh(V) && ThisOwned &&
          Raw.K == Operand::Kind::Object && Raw.Path.Root == RootKind::Formal &&
          Raw.Path.Index == 0 && startsWithDeref(Raw.Path)) {
        // `for (auto &t : workers_) t.join();` in a destructor: the object
        // is ours, but its members keep their names (the handle joined,
        // a lock taken through a reference).
        V = namedFresh(Raw.Path);
      } else if (V.K == Operand::Kind::Fresh && !isNamedFresh(V)) {
        V = namedFresh(localObject(I.Dest));
        S.allocate(I.Dest);
        if (inLoop())
          FreshInLoop.insert(I.Dest);
      }
      // Loaded under a lock from a shared pointer (`j = q_head;`).
      auto LIt = llvm::lower_bound(S.LoadedUnderLock, I.Dest);
      const bool Was = LIt != S.LoadedUnderLock.end() && *LIt == I.Dest;
      const bool Is =
          V.K == Operand::Kind::Object && !S.Held.empty() &&
          (V.Path.Root == RootKind::Global || V.Path.Root == RootKind::Formal);
      if (Is && !Was)
        S.LoadedUnderLock.insert(LIt, I.Dest);
      else if (!Is && Was)
        S.LoadedUnderLock.erase(LIt);
      S.Bindings[I.Dest] = std::move(V);
      break;
    }
    case ir::InstrKind::Return: {
      ReturnsValue = true;
      if (TrackThreads && Recording)
        noteReturnedThreads(I, S);
      if (I.Dest & (ir::ReturnsScalar | ir::ReturnsZero))
        break; // designates nothing (a null pointer: `return NULL;`)
      Operand R = resolveOperand(I.value(), S);
      if (!Return)
        Return = R;
      else if (!(*Return == R))
        Return = Operand::unknown();
      break;
    }
    }
  }
  if (B.CondCall < 0 && B.CondLocal >= 0) {
    auto It = S.PendingResults.find(uint32_t(B.CondLocal));
    if (It != S.PendingResults.end()) {
      Cond.emplace();
      Cond->Acquire = It->second.Acquire;
      Cond->OnZero = It->second.OnZero;
      Cond->StartedOnZero = It->second.StartedOnZero;
    }
  }
}

FunctionSummary FunctionAnalysis::run() {
  const size_t N = F.Blocks.size();
  std::vector<std::optional<AbstractState>> In(N);
  std::optional<AbstractState> Exit;
  if (N > 0) {
    In[0].emplace();
    // `void Apply() REQUIRES(mu_)`: the caller holds mu_; so does the body.
    for (const ir::DeclaredLockEffect &E : F.DeclaredEffects)
      if (E.K == ir::DeclaredLockEffect::Kind::Requires ||
          E.K == ir::DeclaredLockEffect::Kind::RequiresShared) {
        HeldLock L;
        L.Lock = E.Lock;
        L.Shared = E.K == ir::DeclaredLockEffect::Kind::RequiresShared;
        In[0]->Held.acquire(L, /*ByUs=*/false);
        EntryLocks.push_back(L);
        noteLock(L);
      }
    std::deque<uint32_t> Work{0};
    std::vector<bool> Queued(N, false);
    Queued[0] = true;
    // Each block's in-state only descends a finite lattice; the bound is a
    // guard against malformed IR, not a widening.
    size_t Budget = 64 * N + 64;
    // Accesses (and spawns) are recorded in one last pass over the
    // fixpoint's states: a block in a loop is visited several times, and each
    // visit would apply its callees' summaries again (the cost that dominates
    // on large C programs); an early visit of a block after a join loop would
    // also see the threads still running.
    Recording = false;
    const uint64_t Limit = functionWorkLimit();
    while (!Work.empty() && Budget-- > 0) {
      uint32_t BI = Work.front();
      Work.pop_front();
      Queued[BI] = false;
      const ir::Block &B = F.Blocks[BI];
      AbstractState S = *In[BI];
      Units += B.Instrs.size() + S.Bindings.size() + 1;
      if (Limit && Units > Limit)
        return givenUp();
      std::optional<CondEffect> Cond;
      TempGuards.clear();
      CurBlock = BI;
      transferBlock(B, S, Cond);
      if (B.Succs.empty()) {
        if (B.NoReturn)
          continue; // the program (or thread) ends here: not a return
        if (Exit)
          Exit->joinWith(S);
        else
          Exit = S;
        continue;
      }
      for (size_t SI = 0; SI < B.Succs.size(); ++SI) {
        uint32_t Succ = B.Succs[SI];
        if (Succ >= N)
          continue;
        AbstractState Out = S;
        // The edge on which the condition call returned non-zero.
        bool NonZeroEdge = (SI == 0) != B.CondNegated;
        if (Cond && NonZeroEdge != Cond->OnZero && B.Succs.size() == 2) {
          for (const HeldLock &L : Cond->Acquire)
            Out.Held.acquire(L);
          if (Cond->Guard >= 0)
            Out.Guards[Cond->Guard].Owns = true;
          if (Cond->ForkChild && TrackThreads)
            Out.enterForkChild(BI);
        }
        if (Cond && NonZeroEdge && B.Succs.size() == 2)
          for (uint32_t Id : Cond->StartedOnZero)
            Out.unstart(Id); // the start failed: no thread
        bool Changed;
        if (!In[Succ]) {
          In[Succ] = std::move(Out);
          Changed = true;
        } else {
          AbstractState Joined = *In[Succ];
          Joined.joinWith(Out);
          Changed = !(Joined == *In[Succ]);
          if (Changed)
            In[Succ] = std::move(Joined);
        }
        if (Changed && !Queued[Succ]) {
          Queued[Succ] = true;
          Work.push_back(Succ);
        }
      }
    }
    if (!Recording) {
      Recording = true;
      Exit.reset();
      for (ThreadSpawn &T : Spawns)
        T.LiveAtSpawn.clear();
      // Per block, the threads started and joined at its end.
      std::vector<std::pair<llvm::SmallVector<uint32_t, 2>,
                            llvm::SmallVector<uint32_t, 2>>>
          OutThreads(TrackThreads ? N : 0);
      for (uint32_t BI = 0; BI < N; ++BI) {
        if (!In[BI])
          continue;
        AbstractState S = *In[BI];
        std::optional<CondEffect> Cond;
        TempGuards.clear();
        CurBlock = BI;
        transferBlock(F.Blocks[BI], S, Cond);
        if (TrackThreads)
          OutThreads[BI] = {S.Started, S.Joined};
        if (!TempGuards.empty()) {
          // A temporary guard whose destructor is not seen: returned
          // (`return std::unique_lock(mu_)`) or moved out.
          noteAssumption(AssumptionKind::EscapingGuard, CurLoc);
          for (const GuardState &G : TempGuards)
            if (G.Owns)
              for (const HeldLock &L : G.Locks)
                if (!llvm::is_contained(ReturnedGuardLocks, L))
                  ReturnedGuardLocks.push_back(L);
        }
        if (F.Blocks[BI].Succs.empty() && !F.Blocks[BI].NoReturn) {
          if (Exit)
            Exit->joinWith(S);
          else
            Exit = std::move(S);
        }
      }
      if (TrackThreads)
        findPartialJoins(In, OutThreads);
    }
  }

  FunctionSummary Sum;
  Sum.Symbol = F.Symbol;
  Sum.Name = F.Name;
  Sum.UsesLocksDirectly = UsesLocks;
  Sum.LockOwners = LockOwners;
  Sum.Threads = UsesLocks ? ThreadsKind::AnyThread : ThreadsKind::NoThread;
  Sum.Accesses = Accesses.take();
  // Objects of ours a thread receives: their accesses (and locks) keep
  // their local names so the thread and this function can be paired.
  std::set<uint32_t> Escaped;
  for (const ThreadSpawn &T : Spawns)
    for (const Operand &A : T.Args)
      if (A.K == Operand::Kind::Object && A.Path.Root == RootKind::Local)
        Escaped.insert(A.Path.Index);
  if (!Escaped.empty())
    for (AccessSnapshot &A : LocalAccesses.take())
      if (Escaped.count(A.Path->Index))
        Sum.Accesses.push_back(std::move(A));
  Sum.Accesses.shrink_to_fit(); // summaries live until the end of the run
  // Locks on this function's own stack objects protect nothing a caller
  // can name; keep them as unnamed protection (unless a thread shares it).
  auto OwnLocks = [&](LockVector &Locks) {
    for (HeldLock &L : Locks)
      if (!L.Unknown && L.Lock.Root == RootKind::Local &&
          !Escaped.count(L.Lock.Index)) {
        L.Unknown = true;
        L.Lock = AccessPath();
      }
    std::sort(Locks.begin(), Locks.end());
    Locks.erase(std::unique(Locks.begin(), Locks.end()), Locks.end());
  };
  // A local mutex of ours let go means nothing to callers.
  auto OwnReleases = [&](LockVector &Released) {
    llvm::erase_if(Released, [&](const HeldLock &L) {
      return !L.Unknown && L.Lock.Root == RootKind::Local &&
             !Escaped.count(L.Lock.Index);
    });
  };
  auto OwnNestings = [&](NestingVector &Nestings) {
    llvm::erase_if(Nestings, [&](const LockNesting &N) {
      auto Ours = [&](const AccessPath &P) {
        return P.Root == RootKind::Local && !Escaped.count(P.Index);
      };
      return Ours(N.Outer) || Ours(N.Inner);
    });
  };
  // The accesses share their lists: each distinct one is looked at once.
  llvm::DenseMap<const void *, LockList> LocksDone;
  llvm::DenseMap<const void *, Interned<AccessExtras>> ExtrasDone;
  for (AccessSnapshot &A : Sum.Accesses) {
    A.Threads = joinThreads(A.Threads, Sum.Threads);
    if (!A.Locks.empty()) {
      auto [It, New] = LocksDone.try_emplace(A.Locks.identity());
      if (New) {
        It->second = A.Locks;
        It->second.edit(OwnLocks);
      }
      A.Locks = It->second;
    }
    if (!A.Extras.empty()) {
      auto [It, New] = ExtrasDone.try_emplace(A.Extras.identity());
      if (New) {
        It->second = A.Extras;
        It->second.edit([&](AccessExtras &E) {
          if (!E.ReleasedBefore.empty())
            E.ReleasedBefore.edit(OwnReleases);
          if (!E.Nestings.empty())
            E.Nestings.edit(OwnNestings);
        });
      }
      A.Extras = It->second;
    }
  }
  std::sort(Sum.Accesses.begin(), Sum.Accesses.end(),
            [](const AccessSnapshot &A, const AccessSnapshot &B) {
              return std::make_tuple(std::cref(A.Location), A.Kind,
                                     bool(A.Atomic), std::cref(A.Path)) <
                     std::make_tuple(std::cref(B.Location), B.Kind,
                                     bool(B.Atomic), std::cref(B.Path));
            });
  std::sort(Spawns.begin(), Spawns.end(),
            [](const ThreadSpawn &A, const ThreadSpawn &B) {
              return A.Id < B.Id;
            });
  // (A path that falls off the end of a function returning a value is not
  // seen: a caller that tests that result reads an indeterminate value.)
  for (ThreadSpawn &T : Spawns)
    T.OnlyOnZeroResult = ReturnsValue && !StartedAtNonZeroReturn.count(T.Id);
  Sum.Spawns = std::move(Spawns);
  for (const auto &[Callee, U] : Receivers) {
    uint8_t Flags = 0;
    if (!(U.Kinds & (SharedReceiver | FormalReceiver)) &&
        llvm::none_of(U.Locals, [&](uint32_t L) { return Escaped.count(L); }))
      Flags |= CallContext::Unshared |
               ((U.Kinds & ThisReceiver) ? CallContext::OnThis : 0);
    if (U.AllLocked)
      Flags |= CallContext::Locked;
    if (U.AllLocked && U.AllHoldReceiver)
      Flags |= CallContext::HoldsReceiver;
    if (U.AllLocked && U.AllLockedOutside)
      Flags |= CallContext::LockedOutsideReceiver;
    if (U.Kinds & ThisReceiver)
      Flags |= CallContext::OnThisAny;
    if (U.AllMakeClosure)
      Flags |= CallContext::MakesClosure;
    // Every call on an object not shared yet, or on the object of one
    // formal not handed anywhere before the call: unshared if every caller
    // hands that formal an object of its own (CallContext::OnFormal).
    uint8_t Formal = 0;
    if (!(U.Kinds & (SharedReceiver | ThisReceiver)) &&
        (U.Kinds & FormalReceiver) &&
        llvm::none_of(U.Locals, [&](uint32_t L) { return Escaped.count(L); })) {
      Flags |= CallContext::OnFormal;
      Formal = uint8_t(U.Formal);
    }
    uint32_t FreshArgs = U.FreshArgs;
    for (const auto &[Arg, Local] : U.FreshArgLocals)
      if (Escaped.count(Local))
        FreshArgs &= ~(1u << Arg);
    if (Flags || FreshArgs)
      Sum.CallContexts.push_back({Callee, Flags, Formal, FreshArgs});
  }
  Sum.Joins = std::move(Joins);
  if (Exit) {
    for (const auto &[Local, G] : Exit->Guards)
      if (G.Owns && !G.Locks.empty()) {
        // A guard alive at the exit: returned, so its lock is the caller's
        // guard's (LockEffect::Returned), unless the caller drops it.
        noteAssumption(AssumptionKind::EscapingGuard, F.Location);
        for (const HeldLock &L : G.Locks)
          if (!llvm::is_contained(ReturnedGuardLocks, L))
            ReturnedGuardLocks.push_back(L);
      }
    for (const HeldLock &L : ReturnedGuardLocks)
      if (L.Unknown || L.Lock.Root != RootKind::Local)
        Sum.Locks.edit().Returned.push_back(L);
    Sum.LiveAtExit = Exit->live();
    Sum.JoinsAtExit = Exit->JoinedOuter;
    auto Escaping = [](const LockSet &Set) {
      std::vector<HeldLock> Out;
      for (const HeldLock &L : Set.locks())
        if (L.Unknown || L.Lock.Root != RootKind::Local)
          Out.push_back(L);
      return Out;
    };
    Sum.Locks.edit().Acquired = Escaping(Exit->Held);
    // Locks held from entry (REQUIRES) or asserted held are not acquired by
    // the function; asserted ones are passed on as assumed.
    auto Among = [](const std::vector<HeldLock> &V, const HeldLock &L) {
      return std::find(V.begin(), V.end(), L) != V.end();
    };
    llvm::erase_if(Sum.Locks.edit().Acquired, [&](const HeldLock &L) {
      return Among(EntryLocks, L) || Among(AssumedLocks, L) ||
             Among(OnceHolds, L);
    });
    for (const HeldLock &L : AssumedLocks)
      if (!L.Unknown && L.Lock.Root != RootKind::Local &&
          !Among(Sum.Locks->Assumed, L))
        Sum.Locks.edit().Assumed.push_back(L);
    for (const HeldLock &L : OnceHolds)
      if (!L.Unknown && L.Lock.Root != RootKind::Local && Exit->Held.holds(L))
        Sum.Locks.edit().OnceHeld.push_back(L);
    Sum.Locks.edit().Released = Escaping(Exit->Released);
  }
  if (Return && Return->K == Operand::Kind::Object &&
      Return->Path.Root == RootKind::Local)
    Return = Operand::unknown();
  if (Return && Return->K == Operand::Kind::Fresh)
    Return = Operand::fresh(); // our names mean nothing to callers
  Sum.Return = Return.value_or(Operand::unknown());
  for (const HeldLock &L : MayRelease)
    if (L.Unknown || L.Lock.Root != RootKind::Local)
      Sum.Locks.edit().MayRelease.push_back(L);
  if (Exit) {
    for (const AccessPath &T : Exit->Held.taken())
      if (T.Root != RootKind::Local)
        Sum.Locks.edit().Taken.push_back(T);
    for (const LockNesting &N : Exit->Held.nestings())
      if (N.Outer.Root != RootKind::Local && N.Inner.Root != RootKind::Local)
        Sum.Locks.edit().Nestings.push_back(N);
  }
  for (const auto &[Field, Value] : MemberPointers)
    if (Value.K == Operand::Kind::Object)
      Sum.MemberPointers.edit().push_back(
          {AccessPath::formal(0, F.Formals.empty() ? ir::Symbol("this")
                                                   : F.Formals[0])
               .deref()
               .field(Field.name()),
           Value});
  Sum.CallableRuns = std::move(CallableRuns);
  llvm::sort(Publications, [](const MemberPointer &A, const MemberPointer &B) {
    return std::tie(A.Member, A.Value.Path) < std::tie(B.Member, B.Value.Path);
  });
  Sum.Publications = std::move(Publications);
  llvm::sort(FlagClears, [](const MemberPointer &A, const MemberPointer &B) {
    return std::tie(A.Member, A.Value.Path) < std::tie(B.Member, B.Value.Path);
  });
  Sum.FlagClears = std::move(FlagClears);
  if (F.LockWrapper)
    nameLocksByWrapper(Sum);
  Sum.Locks.compact(); // most functions have no lock effect
  Sum.Assumptions = std::move(Assumed);
  Sum.HandRolledSync = F.Patterns->HandRolledSync.Line
                           ? F.Patterns->HandRolledSync
                           : HandRolledSync;
  // The distance counts from the lock's acquire: a wait (here or below)
  // with an atomic update here is one, so its callers count from here.
  Sum.HandRolledDepth = !Sum.HandRolledSync.Line          ? 0
                        : F.UpdatesAtomically             ? 0
                        : F.Patterns->HandRolledSync.Line ? 1
                                                          : HandRolledDepth;
  Sum.ConditionalLock = ConditionalLock;
  if (PartialJoin.Line)
    addAssumption(Sum.Assumptions,
                  Assumption{AssumptionKind::UnmatchedJoin, PartialJoin});
  return Sum;
}

} // namespace detail

FunctionSummary summarizeFunction(const ir::Function &F,
                                  const SummaryLookup &Callees,
                                  uint64_t *Units) {
  detail::FunctionAnalysis A(F, Callees);
  FunctionSummary S = A.run();
  if (Units)
    *Units = A.Units;
  return S;
}

} // namespace racer
