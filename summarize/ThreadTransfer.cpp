//===- ThreadTransfer.cpp - Threads in the per-function analysis ----------===//
//
// The thread half of FunctionAnalysis (O2's origins, made compositional):
//  - `pthread_create(&t, 0, worker, d)` and its kin (LibraryModels) record a
//    ThreadSpawn: the entry, its actuals, the handle, which spawns may be
//    running then, whether it is in a loop (then it may run twice at once);
//  - joins (`pthread_join(t, 0)`, `t.join()`) mark spawns with a matching
//    handle joined; accesses are stamped with the spawns started and not
//    joined (AbstractState::live);
//  - the function's own objects (locals, allocations bound to locals) get
//    names instead of being dropped as owned, so that when one is handed to
//    a thread, the parent's accesses to it can be paired with the thread's;
//  - a callee's spawns, joins and named objects are mapped into the caller;
//  - `fork()` starts a process, not a thread: on the branch where it returned
//    0 (AbstractState::enterForkChild) none of the parent's threads run, and
//    accesses and spawns there are marked InForkChild, so that no caller
//    pairs them with its own threads (they share no ordinary memory).
//===----------------------------------------------------------------------===//
#include "summarize/FunctionAnalysis.h"

#include <algorithm>

namespace racer::detail {

using ir::AccessPath;
using ir::Operand;
using ir::RootKind;
using ir::StepKind;

/// Sorted union of two id sets.
llvm::SmallVector<uint32_t, 0> idUnion(llvm::ArrayRef<uint32_t> A,
                                       llvm::ArrayRef<uint32_t> B) {
  llvm::SmallVector<uint32_t, 0> Out;
  std::set_union(A.begin(), A.end(), B.begin(), B.end(),
                 std::back_inserter(Out));
  return Out;
}

/// For each block, the loop (CFG cycle) it lies on, named by one of its
/// blocks, or -1 (iterative Tarjan: a loop is a non-trivial SCC).
std::vector<int32_t> loopsOfBlocks(const ir::Function &F) {
  const size_t N = F.Blocks.size();
  std::vector<int32_t> LoopOf(N, -1);
  std::vector<bool> SelfLoop(N, false);
  std::vector<int> Index(N, -1), Low(N, 0);
  std::vector<bool> OnStack(N, false);
  std::vector<uint32_t> Stack;
  int Next = 0;
  struct Frame {
    uint32_t B;
    size_t Succ;
  };
  for (uint32_t Start = 0; Start < N; ++Start) {
    if (Index[Start] >= 0)
      continue;
    std::vector<Frame> Work{{Start, 0}};
    Index[Start] = Low[Start] = Next++;
    Stack.push_back(Start);
    OnStack[Start] = true;
    while (!Work.empty()) {
      Frame &Fr = Work.back();
      const std::vector<uint32_t> &Succs = F.Blocks[Fr.B].Succs;
      if (Fr.Succ < Succs.size()) {
        uint32_t S = Succs[Fr.Succ++];
        if (S >= N)
          continue;
        if (S == Fr.B)
          SelfLoop[S] = true;
        if (Index[S] < 0) {
          Index[S] = Low[S] = Next++;
          Stack.push_back(S);
          OnStack[S] = true;
          Work.push_back({S, 0});
        } else if (OnStack[S]) {
          Low[Fr.B] = std::min(Low[Fr.B], Index[S]);
        }
        continue;
      }
      uint32_t B = Fr.B;
      Work.pop_back();
      if (!Work.empty())
        Low[Work.back().B] = std::min(Low[Work.back().B], Low[B]);
      if (Low[B] == Index[B]) {
        size_t Size = 0;
        size_t Top = Stack.size();
        while (true) {
          uint32_t M = Stack[--Top];
          OnStack[M] = false;
          ++Size;
          if (M == B)
            break;
        }
        if (Size > 1 || SelfLoop[B])
          for (size_t K = Top; K < Stack.size(); ++K)
            LoopOf[Stack[K]] = static_cast<int32_t>(B);
        Stack.resize(Top);
      }
    }
  }
  return LoopOf;
}

/// True if the function may start or join threads itself or through a callee,
/// or fork a process (its child must forget the threads it does not have):
/// only then are accesses to its own objects and thread ids tracked.
bool tracksThreads(const ir::Function &F, const SummaryLookup &Callees) {
  for (const ir::Block &B : F.Blocks)
    for (const ir::Instr &I : B.Instrs) {
      if (I.Kind != ir::InstrKind::Call)
        continue;
      ModelKind K = lookupCallModel(I.call().CalleeName, I.call().ElementType).Kind;
      if (K == ModelKind::ThreadCreate || K == ModelKind::ThreadJoin ||
          K == ModelKind::ThreadMove || K == ModelKind::ProcessFork)
        return true;
      if (K != ModelKind::None || I.call().Callee.empty())
        continue;
      if (const FunctionSummary *S = Callees.lookup(I.call().Callee))
        if (!S->Spawns.empty() || !S->Joins.empty())
          return true;
    }
  return false;
}


/// \p Callee starts a thread running the callable wrapper it is handed as
/// argument \p Arg (FunctionAnalysis::bindWrappedEntry).
static bool startsWrapped(const FunctionSummary &Callee, uint32_t Arg) {
  return llvm::any_of(Callee.Spawns, [&](const ThreadSpawn &T) {
    return !T.Args.empty() && isCallableWrapperCall(T.EntryName.str()) &&
           formalObjectOf(T.Args[0]) == int32_t(Arg);
  });
}

/// If the call at \p Idx lowers a lambda where it is created, and a later
/// call of the same block starts a thread running it (`std::thread t([&] {
/// .. })`, or a helper that starts one with the `std::function` it is
/// handed): the lambda's body belongs to that thread only.
bool startedAsThread(const ir::Block &B, size_t Idx,
                     const SummaryLookup &Callees) {
  const ir::CallInfo &Lambda = B.Instrs[Idx].call();
  if (Lambda.Callee.empty() ||
      Lambda.CalleeName.str().find("lambda@") == std::string::npos)
    return false;
  for (size_t J = Idx + 1; J < B.Instrs.size(); ++J) {
    const ir::Instr &I = B.Instrs[J];
    if (I.Kind != ir::InstrKind::Call)
      continue;
    for (const ir::CallableArg &CA : I.call().Callables) {
      if (CA.Callee != Lambda.Callee)
        continue;
      if (lookupCallModel(I.call().CalleeName, I.call().ElementType).Kind ==
          ModelKind::ThreadCreate)
        return true;
      const FunctionSummary *Helper =
          I.call().Callee.empty() ? nullptr : Callees.lookup(I.call().Callee);
      if (Helper && startsWrapped(*Helper, CA.Arg))
        return true;
    }
  }
  return false;
}

std::optional<AccessPath>
FunctionAnalysis::namedPath(const AccessPath &P, const AbstractState &S) const {
  switch (P.Root) {
  case RootKind::Global:
    return truncated(P);
  case RootKind::Formal:
    if (!startsWithDeref(P))
      return std::nullopt; // a by-value parameter's own storage
    return truncated(P);
  case RootKind::Local: {
    if (!startsWithDeref(P)) {
      AccessPath Out = truncated(P);
      if (Out.Spelling.empty())
        Out.Spelling = ir::Symbol("<local>");
      return Out; // the local object itself
    }
    auto It = S.Bindings.find(P.Index);
    if (It == S.Bindings.end())
      return std::nullopt;
    if (It->second.K == Operand::Kind::Object || isNamedFresh(It->second))
      return appendSteps(It->second.Path, P, 1);
    return std::nullopt;
  }
  }
  return std::nullopt;
}

Operand FunctionAnalysis::namedOperand(const Operand &O,
                                       const AbstractState &S) const {
  if (O.K == Operand::Kind::Object)
    if (std::optional<AccessPath> P = namedPath(O.Path, S))
      return Operand::object(std::move(*P));
  if (isNamedFresh(O))
    return Operand::object(O.Path);
  return Operand::unknown();
}

uint32_t FunctionAnalysis::syntheticLocal(const ir::Instr &Call,
                                          uint32_t CalleeLocal) {
  auto [It, New] =
      SyntheticLocals.try_emplace({&Call, CalleeLocal}, NextSyntheticLocal);
  if (New)
    ++NextSyntheticLocal;
  return It->second;
}

std::optional<AccessPath>
FunctionAnalysis::substituteNamed(const AccessPath &P, const ir::Instr &Call,
                                  const AbstractState &S) {
  switch (P.Root) {
  case RootKind::Global:
    return P;
  case RootKind::Local: {
    AccessPath Out = P;
    Out.Index = syntheticLocal(Call, P.Index);
    return Out;
  }
  case RootKind::Formal: {
    const std::vector<Operand> &Args = Call.call().Args;
    if (!startsWithDeref(P) || P.Index >= Args.size())
      return std::nullopt;
    Operand A = namedOperand(Args[P.Index], S);
    if (A.K != Operand::Kind::Object)
      return std::nullopt;
    return appendSteps(A.Path, P, 1);
  }
  }
  return std::nullopt;
}

Operand FunctionAnalysis::substituteNamedOperand(const Operand &O,
                                                 const ir::Instr &Call,
                                                 const AbstractState &S) {
  if (O.K != Operand::Kind::Object)
    return Operand::unknown();
  if (std::optional<AccessPath> P = substituteNamed(O.Path, Call, S))
    return Operand::object(std::move(*P));
  return Operand::unknown();
}

uint32_t FunctionAnalysis::mapSpawnId(const ir::Instr &Call,
                                      uint32_t CalleeId) {
  auto [It, New] = SpawnIds.try_emplace({&Call, CalleeId},
                                        static_cast<uint32_t>(SpawnIds.size()));
  return It->second;
}

ThreadSpawn *FunctionAnalysis::spawnFor(const ir::Instr &Call,
                                        uint32_t CalleeId) {
  uint32_t Id = mapSpawnId(Call, CalleeId);
  for (ThreadSpawn &T : Spawns)
    if (T.Id == Id)
      return &T;
  if (Spawns.size() >= MaxSpawns) {
    noteAssumption(AssumptionKind::ThreadLimit, Call.Location);
    return nullptr;
  }
  Spawns.emplace_back();
  Spawns.back().Id = Id;
  return &Spawns.back();
}

/// Two thread handles designate the same thread, as far as we can tell; an
/// unknown handle matches any (a join we cannot place joins what we cannot
/// place either; never invent a race from it).
static bool sameHandle(const Operand &A, const Operand &B) {
  if (A.K != Operand::Kind::Object || B.K != Operand::Kind::Object)
    return true;
  return A.Path == B.Path;
}

llvm::SmallVector<uint32_t, 2>
FunctionAnalysis::startedOnZero(llvm::ArrayRef<uint32_t> Before,
                                const AbstractState &S) const {
  llvm::SmallVector<uint32_t, 2> R;
  for (uint32_t Id : S.Started)
    if (ZeroResultStarts.count(Id) &&
        !std::binary_search(Before.begin(), Before.end(), Id))
      R.push_back(Id);
  return R;
}

void FunctionAnalysis::noteReturnedThreads(const ir::Instr &Return,
                                           const AbstractState &S) {
  if (Return.Dest & ir::ReturnsZero)
    return;
  // `rc = start_worker(); return rc;`: the threads that call started only
  // with a zero result are started here only if this returns zero.
  const AbstractState::PendingResult *R = nullptr;
  const Operand &V = Return.value();
  if (V.K == Operand::Kind::Value && V.Path.Root == RootKind::Local &&
      V.Path.Steps.empty())
    if (auto It = S.PendingResults.find(V.Path.Index);
        It != S.PendingResults.end())
      R = &It->second;
  for (uint32_t Id : S.Started)
    if (!R || !llvm::is_contained(R->StartedOnZero, Id))
      StartedAtNonZeroReturn.insert(Id);
}

void FunctionAnalysis::startThread(const ir::Instr &I, const CallModel &M,
                                   AbstractState &S) {
  const ir::CallInfo &C = I.call();
  // `std::thread t;` (no callable: it starts nothing) and `std::thread
  // t(std::move(u))` (it takes over a thread started elsewhere).
  if (M.EntryArg >= 0 && C.Callables.empty() &&
      (C.Args.size() <= size_t(M.EntryArg) ||
       (M.HandleArg >= 0 && size_t(M.EntryArg) < C.ArgTypes.size() &&
        size_t(M.HandleArg) < C.ArgTypes.size() &&
        C.ArgTypes[M.EntryArg] == C.ArgTypes[M.HandleArg])))
    return;
  const ir::CallableArg *Entry = nullptr;
  for (const ir::CallableArg &CA : C.Callables)
    if (M.EntryArg < 0 || CA.Arg == static_cast<uint32_t>(M.EntryArg)) {
      Entry = &CA;
      break;
    }
  if (!Entry || Entry->Callee.empty()) {
    // An entry we cannot see: nothing to pair its accesses with.
    noteAssumption(AssumptionKind::UnknownThread, I.Location);
    return;
  }
  std::vector<Operand> Data;
  if (M.Data == ThreadData::One) {
    if (M.DataArg < C.Args.size())
      Data.push_back(C.Args[M.DataArg]);
  } else {
    Data = Entry->DecayedArgs;
  }
  std::vector<Operand> Actuals;
  if (Entry->HasReceiver) {
    Actuals.push_back(Entry->Receiver);
    for (uint32_t K = 0; K < Entry->NumParams; ++K)
      Actuals.push_back(K < Data.size() ? Data[K] : Operand::unknown());
    Actuals.insert(Actuals.end(), Entry->Captures.begin(),
                   Entry->Captures.end());
  } else {
    Actuals = std::move(Data);
  }
  ThreadSpawn *T = spawnFor(I, 0);
  if (!T)
    return;
  T->Entry = ir::Symbol(Entry->Callee);
  T->EntryName = ir::Symbol(Entry->CalleeName);
  T->Args.clear();
  T->FreshArgs = 0;
  // A callable wrapper that is a by-value parameter (`void Start(
  // std::function<void()> fn)`): its storage is named here, for callers to
  // bind what they pass (bindWrappedEntry).
  const bool WrapsFormal =
      Entry->HasReceiver && isCallableWrapperCall(Entry->CalleeName.str()) &&
      formalObjectOf(Entry->Receiver) >= 0;
  for (const Operand &A : Actuals) {
    // Our own object handed to the thread: shared from here on.
    if (ThisOwned && A.K == Operand::Kind::Object &&
        A.Path.Root == RootKind::Formal && A.Path.Index == 0)
      S.ThisStarted = true;
    Operand N = WrapsFormal && T->Args.empty() ? A : namedOperand(A, S);
    // `t = malloc(..)` in the loop that starts the thread with t: every
    // instance of the thread gets an object of its own.
    if (inLoop() && N.K == Operand::Kind::Object &&
        N.Path.Root == RootKind::Local && startsWithDeref(N.Path) &&
        N.Path.Steps.size() == 1 && FreshInLoop.count(N.Path.Index) &&
        T->Args.size() < 32)
      T->FreshArgs |= 1u << T->Args.size();
    // `fta = new FlushThreadArg; Schedule(&BGWorkFlush, fta)`: a pool's job
    // handed an object allocated for this submission has its own.
    if (M.Pool && !inLoop() && N.K == Operand::Kind::Object &&
        N.Path.Root == RootKind::Local && startsWithDeref(N.Path) &&
        N.Path.Steps.size() == 1 && S.StartedSinceAlloc.count(N.Path.Index) &&
        !OpaqueResults.count(N.Path.Index) && T->Args.size() < 32)
      T->FreshArgs |= 1u << T->Args.size();
    T->Args.push_back(std::move(N));
  }
  // `pthread_create(&t[i], 0, worker, &slots[i])` in the one loop around:
  // each instance gets an element of its own.
  if (inLoop() && M.Data == ThreadData::One && M.DataArg < 32 &&
      (C.DistinctArgs >> M.DataArg) & 1 && !T->Args.empty() &&
      T->Args[0].K == Operand::Kind::Object)
    T->FreshArgs |= 1u;
  Operand Handle = Operand::unknown();
  if (M.HandleArg >= 0 && static_cast<size_t>(M.HandleArg) < C.Args.size()) {
    Handle = namedOperand(C.Args[M.HandleArg], S);
    if (M.HandleIsElement && Handle.K == Operand::Kind::Object)
      Handle.Path = truncated(Handle.Path.index());
  }
  T->Handle = Handle;
  if (M.ZeroIsSuccess)
    ZeroResultStarts.insert(T->Id);
  T->Multi = T->Multi || M.Pool || startsRepeatedly(S, T->Id);
  T->Pool = M.Pool;
  // A pool's job kept to one at a time by a flag: the flag and the locks
  // the submission holds (ThreadSpawn::Serial); a caller adds its own.
  T->Serial.clear();
  if (M.Pool && Entry->SerialFlag.K == Operand::Kind::Object) {
    Operand Flag = namedOperand(Entry->SerialFlag, S);
    if (Flag.K == Operand::Kind::Object) {
      T->Serial.push_back(std::move(Flag));
      addSerialLocks(*T, S);
    }
  }
  T->InForkChild = S.ForkBlock >= 0;
  T->LoopRange = inLoop() ? C.LoopRange : ir::Symbol();
  llvm::SmallVector<uint32_t, 0> Live = S.live();
  T->LiveAtSpawn = idUnion(T->LiveAtSpawn, Live);
  T->Location = I.Location;
  T->Trace.clear();
  S.start(T->Id);
}

bool FunctionAnalysis::bindWrappedEntry(const ir::Instr &I,
                                        const ThreadSpawn &CS, ThreadSpawn &T,
                                        const AbstractState &S) {
  if (CS.Args.empty() || !isCallableWrapperCall(CS.EntryName.str()))
    return false;
  const int32_t K = formalObjectOf(CS.Args[0]);
  if (K < 0)
    return false;
  const ir::CallableArg *CA = nullptr;
  for (const ir::CallableArg &A : I.call().Callables)
    if (A.Arg == uint32_t(K) && !A.Callee.empty())
      CA = &A;
  if (!CA)
    return false;
  // The wrapper's operator() gets the data the callee passes (CS.Args
  // after its receiver); the callable gets them as its parameters.
  auto Data = [&](size_t J) {
    return 1 + J < CS.Args.size() ? substituteNamedOperand(CS.Args[1 + J], I, S)
                                  : Operand::unknown();
  };
  std::vector<Operand> Actuals;
  if (CA->HasReceiver) {
    // Our own wrapper parameter, forwarded (`Start(std::move(fn))`): our
    // callers bind it in turn.
    const bool Forwarded = isCallableWrapperCall(CA->CalleeName.str()) &&
                           formalObjectOf(CA->Receiver) >= 0;
    Actuals.push_back(Forwarded ? CA->Receiver
                                : namedOperand(CA->Receiver, S));
    for (uint32_t J = 0; J < CA->NumParams; ++J)
      Actuals.push_back(Data(J));
    for (const Operand &C : CA->Captures)
      Actuals.push_back(namedOperand(C, S));
  } else {
    // (A function std::bind bound arguments to gets those first.)
    for (const Operand &B : CA->DecayedArgs)
      Actuals.push_back(namedOperand(B, S));
    for (size_t J = 0; J + 1 < CS.Args.size(); ++J)
      Actuals.push_back(Data(J));
  }
  T.Entry = CA->Callee;
  T.EntryName = CA->CalleeName;
  T.Args = std::move(Actuals);
  return true;
}

void FunctionAnalysis::addFlagClear(MemberPointer C) {
  if (FlagClears.size() < MaxFlagClears &&
      !llvm::is_contained(FlagClears, C))
    FlagClears.push_back(std::move(C));
}

/// The mutexes held exclusively in \p S that have a name: what a serial
/// job's flag is tested, set and cleared under.
static std::vector<AccessPath> namedExclusiveLocks(const AbstractState &S) {
  std::vector<AccessPath> Out;
  for (const HeldLock &L : S.Held.locks())
    if (!L.Unknown && !L.Shared && !L.QueueFront)
      Out.push_back(L.Lock);
  return Out;
}

void FunctionAnalysis::noteFlagClear(const AccessPath &Path,
                                     const AbstractState &S) {
  if (!Recording) // (as for accesses: only the pass over the final states)
    return;
  std::optional<AccessPath> P = resolveShared(Path, S);
  if (!P)
    return;
  for (AccessPath &L : namedExclusiveLocks(S))
    addFlagClear({*P, Operand::object(std::move(L))});
}

void FunctionAnalysis::applyCalleeFlagClears(const ir::Instr &I,
                                             const FunctionSummary &Callee,
                                             const AbstractState &S) {
  if (!Recording || Callee.FlagClears.empty())
    return;
  const std::vector<AccessPath> Ours = namedExclusiveLocks(S);
  for (const MemberPointer &C : Callee.FlagClears) {
    std::optional<AccessPath> P = substitute(C.Member, I.call().Args, S);
    if (!P)
      continue;
    HeldLock L;
    L.Lock = C.Value.Path;
    HeldLock Mine = substituteLock(L, I.call().Args, S);
    if (!Mine.Unknown)
      addFlagClear({*P, Operand::object(std::move(Mine.Lock))});
    for (const AccessPath &H : Ours)
      addFlagClear({*P, Operand::object(H)});
  }
}

void FunctionAnalysis::addSerialLocks(ThreadSpawn &T,
                                      const AbstractState &S) const {
  for (AccessPath &L : namedExclusiveLocks(S))
    if (Operand O = Operand::object(std::move(L));
        !llvm::is_contained(T.Serial, O))
      T.Serial.push_back(std::move(O));
}

/// The handle is one element of an array of handles (`pthread_join(t[i])`).
static bool elementHandle(const Operand &H) {
  if (H.K != Operand::Kind::Object)
    return false;
  for (const ir::PathStep &St : H.Path.Steps)
    if (St.kind() == StepKind::Index)
      return true;
  return false;
}

/// A join loop of range \p Join over the handles a start loop of range
/// \p Start filled joins only some of them, for sure: the same start and
/// comparison, and a bound a constant below the start loop's (`i < n - 1`
/// against `i < n`) or a step above its step of one (`i += 2`). (Ranges
/// are "FROM OP BOUND +STEP", frontend/SyncPatterns.cpp.)
static bool joinsOnlySome(llvm::StringRef Join, llvm::StringRef Start) {
  auto Parts = [](llvm::StringRef R) {
    llvm::SmallVector<llvm::StringRef, 4> P;
    R.split(P, ' ');
    return P;
  };
  llvm::SmallVector<llvm::StringRef, 4> J = Parts(Join), S = Parts(Start);
  if (J.size() != 4 || S.size() != 4 || J[0] != S[0] || J[1] != S[1] ||
      S[3] != "+1")
    return false;
  uint64_t Step = 0;
  if (J[2] == S[2])
    return J[3].drop_front().getAsInteger(10, Step) == false && Step > 1;
  // BOUND-k: the bound's text, then a positive constant taken off.
  llvm::StringRef Less = J[2];
  uint64_t K = 0;
  return J[3] == "+1" && Less.consume_front(S[2]) &&
         Less.consume_front("-") && !Less.getAsInteger(10, K) && K > 0;
}

void FunctionAnalysis::applyJoin(const Operand &Handle, AbstractState &S,
                                 ir::Loc At, ir::Symbol Range, bool Direct,
                                 bool OnlyUnnamed) {
  bool Matched = false;
  unsigned Count = 0;
  for (const ThreadSpawn &T : Spawns)
    if (std::binary_search(S.Started.begin(), S.Started.end(), T.Id) &&
        !(OnlyUnnamed && T.Handle.K == Operand::Kind::Object) &&
        sameHandle(Handle, T.Handle)) {
      Matched = true;
      ++Count;
      // A loop that joins only some of the threads a loop started (`for (i
      // = 0; i < n - 1; i++) pthread_join(t[i], 0);`): the others keep
      // running, for sure. (Both loops here: their bounds name the same
      // variables.)
      if (Direct && T.Trace.empty() && T.Multi && !Range.empty() &&
          !T.LoopRange.empty() &&
          elementHandle(Handle) &&
          joinsOnlySome(Range.str(), T.LoopRange.str()))
        continue;
      insertId(S.Joined, T.Id);
      // Joined for sure only if the handle names this one thread. An
      // unknown handle may be another thread's. A thread started many
      // times is joined in full only by a join loop over an array of
      // handles with the same range as the start loop (one handle variable
      // reused, or a join loop of another range, leaves some running).
      bool SameLoop = !Range.empty() && Range == T.LoopRange &&
                      elementHandle(Handle);
      if (Handle.K != Operand::Kind::Object ||
          T.Handle.K != Operand::Kind::Object || (T.Multi && !SameLoop))
        noteAssumption(AssumptionKind::UnmatchedJoin, At);
    }
  // One handle for two threads (`pthread_create(&t[0], ..)` again): the
  // join waits for the last one started with it only.
  if (Count > 1)
    noteAssumption(AssumptionKind::UnmatchedJoin, At);
  // A thread our caller started (`void join_all(pthread_t *ts)`). Joined
  // from here on on this path (JoinedOuter) only when this is the join
  // itself, not a callee that joins on some path.
  if (!Matched && Handle.K == Operand::Kind::Object &&
      Handle.Path.Root != RootKind::Local) {
    uint8_t Bit = outerJoinBit(Handle);
    if (Direct)
      S.JoinedOuter |= Bit;
  }
}

uint8_t FunctionAnalysis::outerJoinBit(const Operand &Handle) {
  auto It = std::find(Joins.begin(), Joins.end(), Handle);
  size_t K = It - Joins.begin();
  if (It == Joins.end())
    Joins.push_back(Handle);
  return K < 8 ? uint8_t(1u << K) : 0;
}

CalleeJoins FunctionAnalysis::calleeJoins(const ir::Instr &I,
                                          const FunctionSummary &Callee,
                                          const AbstractState &S) {
  CalleeJoins R;
  for (size_t K = 0; K < Callee.Joins.size() && K < 8; ++K) {
    Operand H = substituteNamedOperand(Callee.Joins[K], I, S);
    if (H.K != Operand::Kind::Object)
      continue;
    unsigned Count = 0;
    const ThreadSpawn *Only = nullptr;
    for (const ThreadSpawn &T : Spawns)
      if (std::binary_search(S.Started.begin(), S.Started.end(), T.Id) &&
          T.Handle.K == Operand::Kind::Object && T.Handle.Path == H.Path) {
        ++Count;
        Only = &T;
      }
    // Ours: joined for sure if the handle names one thread started once
    // (a handle reused, or in a loop, names only the last one).
    if (Count == 1 && !Only->Multi && !elementHandle(H))
      R.Ours[K] = Only->Id;
    else if (Count == 0 && H.Path.Root != RootKind::Local)
      R.OuterBit[K] = outerJoinBit(H);
  }
  return R;
}

static size_t derefCount(const AccessPath &P) {
  return llvm::count_if(P.Steps, [](const ir::PathStep &S) {
    return S.kind() == StepKind::Deref;
  });
}

void FunctionAnalysis::joinThread(const ir::Instr &I, const CallModel &M,
                                  AbstractState &S) {
  const ir::CallInfo &C = I.call();
  Operand Handle = Operand::unknown();
  if (M.HandleArg >= 0 && static_cast<size_t>(M.HandleArg) < C.Args.size()) {
    const Operand &A = C.Args[M.HandleArg];
    if (A.K == Operand::Kind::Value) {
      if (std::optional<AccessPath> P = namedPath(A.Path, S))
        Handle = Operand::object(std::move(*P));
    } else {
      Handle = namedOperand(A, S);
    }
  }
  // A handle reached through a pointer we named ourselves (`for (auto &t :
  // threads) t.join()`: t is the unknown result of an iterator) may be any
  // thread: join what we cannot tell apart. An element of an array we
  // allocated (`tids = malloc(n * sizeof *tids)`, `pthread_join(tids[i])`)
  // is a handle like one of a local array.
  if (Handle.K == Operand::Kind::Object &&
      Handle.Path.Root == RootKind::Local && startsWithDeref(Handle.Path) &&
      !(elementHandle(Handle) && derefCount(Handle.Path) == 1))
    Handle = Operand::unknown();
  // A future's wait (no handle argument) waits for the task that makes its
  // value: a std::async's (a thread whose handle is not known), not a
  // thread that has a handle of its own (`std::thread t(..)`: a promise it
  // sets may end the wait, ThreadRaces' condition-wait).
  applyJoin(Handle, S, I.Location, inLoop() ? C.LoopRange : ir::Symbol(),
            /*Direct=*/true, /*OnlyUnnamed=*/M.HandleArg < 0);
}

void FunctionAnalysis::moveThread(const ir::Instr &I, const CallModel &M,
                                  const AbstractState &S) {
  const ir::CallInfo &C = I.call();
  if (M.HandleArg < 0 || M.EntryArg < 0 ||
      size_t(std::max(M.HandleArg, M.EntryArg)) >= C.Args.size())
    return;
  Operand Dest = namedOperand(C.Args[M.HandleArg], S);
  if (Dest.K != Operand::Kind::Object)
    return; // (the thread keeps a handle no join can name: unmatched)
  const Operand &Src = C.Args[M.EntryArg];
  Operand From = namedOperand(Src, S);
  ThreadSpawn *Temporary = nullptr;
  for (ThreadSpawn &T : Spawns) {
    if (!std::binary_search(S.Started.begin(), S.Started.end(), T.Id))
      continue;
    if (From.K == Operand::Kind::Object) {
      // `t = std::move(u)`: u's threads are t's.
      if (T.Handle.K == Operand::Kind::Object && T.Handle.Path == From.Path)
        T.Handle = Dest;
    } else if (Src.K == Operand::Kind::Fresh && T.Trace.empty() &&
               T.Handle.K != Operand::Kind::Object &&
               T.Location.File == I.Location.File &&
               T.Location.Line == I.Location.Line) {
      // `worker_ = std::thread(..)`: the temporary constructed on this
      // line, the last such start.
      Temporary = &T;
    }
  }
  if (Temporary)
    Temporary->Handle = Dest;
}

void FunctionAnalysis::applyCalleeThreads(const ir::Instr &I,
                                          const FunctionSummary &Callee,
                                          AbstractState &S) {
  llvm::SmallVector<uint32_t, 0> LiveNow = S.live();
  for (const ThreadSpawn &CS : Callee.Spawns) {
    if (CS.Trace.size() + 1 > MaxTraceDepth)
      continue;
    ThreadSpawn *T = spawnFor(I, CS.Id);
    if (!T)
      break;
    T->Entry = CS.Entry;
    T->EntryName = CS.EntryName;
    T->Args.clear();
    for (const Operand &A : CS.Args)
      T->Args.push_back(substituteNamedOperand(A, I, S));
    T->Handle = substituteNamedOperand(CS.Handle, I, S);
    T->Serial.clear();
    if (Operand Flag = CS.Serial.empty()
                           ? Operand::unknown()
                           : substituteNamedOperand(CS.Serial.front(), I, S);
        Flag.K == Operand::Kind::Object) {
      T->Serial.push_back(std::move(Flag));
      for (size_t K = 1; K < CS.Serial.size(); ++K) {
        HeldLock L;
        L.Lock = CS.Serial[K].Path;
        HeldLock Ours = substituteLock(L, I.call().Args, S);
        if (!Ours.Unknown)
          T->Serial.push_back(Operand::object(std::move(Ours.Lock)));
      }
      addSerialLocks(*T, S);
    }
    // A thread of a process the callee forks: our loop around the call forks
    // a new process each time, and none of our threads run in it.
    if (CS.OnlyOnZeroResult)
      ZeroResultStarts.insert(T->Id);
    T->Multi = T->Multi || CS.Multi ||
               (!CS.InForkChild && startsRepeatedly(S, T->Id));
    T->InForkChild = CS.InForkChild || S.ForkBlock >= 0;
    T->Pool = CS.Pool;
    T->LoopRange = inLoop() ? ir::Symbol() : CS.LoopRange;
    // An object the callee allocated (or keeps on its stack) is a new one
    // for each call: if our loop around the call starts the thread again,
    // that instance gets its own. An element of the caller's array the
    // callee picked per iteration is not: a loop of ours starts it again.
    bool Repeats = !CS.InForkChild && startsRepeatedly(S, T->Id);
    T->FreshArgs = 0;
    for (size_t K = 0; K < CS.Args.size() && K < 32; ++K)
      if ((CS.FreshArgs >> K) & 1 &&
          (!Repeats || (CS.Args[K].K == Operand::Kind::Object &&
                        CS.Args[K].Path.Root == RootKind::Local)))
        T->FreshArgs |= 1u << K;
    // `create_worker(fn, &threads[i])` in the one loop around the call: the
    // callee starts the thread once with our element, a different one each
    // time.
    for (size_t K = 0; K < CS.Args.size() && K < 32; ++K) {
      const Operand &A = CS.Args[K];
      if (inLoop() && !CS.Multi && A.K == Operand::Kind::Object &&
          A.Path.Root == RootKind::Formal && A.Path.Index < 32 &&
          (I.call().DistinctArgs >> A.Path.Index) & 1 &&
          ir::withinRootPointee(A.Path))
        T->FreshArgs |= 1u << K;
    }
    if (!CS.Multi)
      for (size_t K = 0; K < CS.Args.size() && K < 32; ++K)
        if (CS.Args[K].K == Operand::Kind::Object &&
            CS.Args[K].Path.Root == RootKind::Local)
          T->FreshArgs |= 1u << K;
    if (bindWrappedEntry(I, CS, *T, S))
      T->FreshArgs = 0; // (the callee's bits are of its wrapper's actuals)
    llvm::SmallVector<uint32_t, 0> Mapped;
    for (uint32_t Id : CS.LiveAtSpawn)
      Mapped.push_back(mapSpawnId(I, Id));
    llvm::sort(Mapped);
    T->LiveAtSpawn = CS.InForkChild
                         ? idUnion(T->LiveAtSpawn, Mapped)
                         : idUnion(idUnion(T->LiveAtSpawn, LiveNow), Mapped);
    T->Location = CS.Location;
    T->Trace.clear();
    T->Trace.push_back(CallSite{I.call().CalleeName.empty()
                                        ? ir::Symbol(Callee.Name)
                                        : I.call().CalleeName,
                                I.Location});
    T->Trace.insert(T->Trace.end(), CS.Trace.begin(), CS.Trace.end());
  }
  for (uint32_t Id : Callee.LiveAtExit) {
    uint32_t Mine = mapSpawnId(I, Id);
    S.start(Mine);
  }
  // A thread our caller started, which the callee joins on every path: ours
  // run after it too.
  for (size_t K = 0; K < Callee.Joins.size(); ++K)
    applyJoin(substituteNamedOperand(Callee.Joins[K], I, S), S, I.Location,
              ir::Symbol(),
              /*Direct=*/K < 8 && (Callee.JoinsAtExit >> K & 1));
}

} // namespace racer::detail
