//===- Summarizer.cpp - Bottom-up summaries over SCCs ---------------------===//
#include "summarize/Summarizer.h"
#include "summarize/ConcurrencyEvidence.h"
#include "summarize/ConflictFinder.h"
#include "summarize/Domain.h"
#include "summarize/Transfer.h"
#include "summarize/ir/PackedBody.h"

#include "llvm/ADT/StringMap.h"

namespace racer {

namespace {
/// Reads summaries of already-processed functions (callee SCCs are done;
/// functions of the current SCC hold the previous round's approximation).
class ProgramLookup final : public SummaryLookup {
public:
  ProgramLookup(const CallGraph &G, const std::vector<FunctionSummary> &S)
      : G(G), S(S) {}
  const FunctionSummary *lookup(ir::Symbol Symbol) const override {
    auto It = G.index().find(Symbol);
    return It == G.index().end() ? nullptr : &S[It->second];
  }

private:
  const CallGraph &G;
  const std::vector<FunctionSummary> &S;
};

bool sameAccesses(const std::vector<AccessSnapshot> &A,
                  const std::vector<AccessSnapshot> &B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (!A[I].sameAbstractAccess(B[I]) || !(A[I].Location == B[I].Location) ||
        !(A[I].Trace == B[I].Trace))
      return false;
  return true;
}
bool sameSpawns(const std::vector<ThreadSpawn> &A,
                const std::vector<ThreadSpawn> &B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (A[I].Id != B[I].Id || A[I].Entry != B[I].Entry ||
        A[I].Args != B[I].Args || !(A[I].Handle == B[I].Handle) ||
        A[I].Multi != B[I].Multi || A[I].LiveAtSpawn != B[I].LiveAtSpawn ||
        A[I].LoopRange != B[I].LoopRange || A[I].FreshArgs != B[I].FreshArgs ||
        A[I].Serial != B[I].Serial ||
        A[I].InForkChild != B[I].InForkChild ||
        A[I].OnlyOnZeroResult != B[I].OnlyOnZeroResult ||
        A[I].Pool != B[I].Pool ||
        !(A[I].Location == B[I].Location) || !(A[I].Trace == B[I].Trace))
      return false;
  return true;
}
} // namespace

bool operator==(const FunctionSummary &A, const FunctionSummary &B) {
  return A.Symbol == B.Symbol && A.Threads == B.Threads &&
         A.UsesLocksDirectly == B.UsesLocksDirectly &&
         A.LockOwners == B.LockOwners &&
         A.Locks->Acquired == B.Locks->Acquired &&
         A.Locks->Released == B.Locks->Released &&
         A.Locks->Assumed == B.Locks->Assumed &&
         A.Locks->MayRelease == B.Locks->MayRelease &&
         A.Locks->Taken == B.Locks->Taken &&
         A.Locks->Nestings == B.Locks->Nestings &&
         A.Locks->Returned == B.Locks->Returned &&
         A.Locks->OnceHeld == B.Locks->OnceHeld && A.Return == B.Return &&
         sameAccesses(A.Accesses, B.Accesses) &&
         sameSpawns(A.Spawns, B.Spawns) && A.LiveAtExit == B.LiveAtExit &&
         A.Joins == B.Joins && A.JoinsAtExit == B.JoinsAtExit &&
         A.CallContexts == B.CallContexts && A.Assumptions == B.Assumptions &&
         A.HandRolledSync == B.HandRolledSync &&
         A.HandRolledDepth == B.HandRolledDepth &&
         A.ConditionalLock == B.ConditionalLock &&
         A.MemberPointers == B.MemberPointers &&
         A.Publications == B.Publications && A.FlagClears == B.FlagClears &&
         A.CallableRuns == B.CallableRuns;
}

ProgramSummarizer::ProgramSummarizer(const std::vector<ir::Function> &Fns,
                                     bool ReleaseUnneeded,
                                     const std::vector<ir::ClassInfo> &Classes)
    : Functions(Fns), Graph(CallGraph::build(Fns)),
      ReleaseUnneeded(ReleaseUnneeded) {
  Summaries.resize(Fns.size());
  for (size_t I = 0; I < Fns.size(); ++I) {
    Summaries[I].Symbol = Fns[I].Symbol;
    Summaries[I].Name = Fns[I].Name;
  }
  if (!ReleaseUnneeded)
    return;
  const size_t NS = Graph.sccs().size();
  std::vector<std::vector<uint32_t>> Callees(NS);
  CallersLeft.reset(new std::atomic<uint32_t>[NS]);
  for (uint32_t C = 0; C < NS; ++C) {
    CallersLeft[C].store(static_cast<uint32_t>(Graph.callers()[C].size()),
                         std::memory_order_relaxed);
    for (uint32_t Caller : Graph.callers()[C])
      Callees[Caller].push_back(C);
  }
  CalleeSCCs = FlatLists(Callees);
  Retained.assign(Fns.size(), false);
  for (size_t I = 0; I < Fns.size(); ++I)
    for (ir::Symbol Callee : ir::callablesOf(Fns[I])) {
      auto It = Graph.index().find(Callee);
      if (It != Graph.index().end())
        Retained[It->second] = true;
    }
  // Which members of a recursive SCC a function outside it calls: the
  // others' summaries are read by nobody once their SCC is done.
  CalledFromOutside.assign(Fns.size(), false);
  for (size_t I = 0; I < Fns.size(); ++I)
    for (ir::Symbol Callee : ir::calleesOf(Fns[I])) {
      auto It = Graph.index().find(Callee);
      if (It != Graph.index().end() &&
          Graph.sccOf()[It->second] != Graph.sccOf()[I])
        CalledFromOutside[It->second] = true;
    }

  // Classes, numbered by first member.
  llvm::StringMap<int32_t> ClassIds;
  ClassOf.assign(Fns.size(), -1);
  for (uint32_t I = 0; I < Fns.size(); ++I) {
    if (Fns[I].Class.empty())
      continue;
    auto [It, New] =
        ClassIds.try_emplace(Fns[I].Class, int32_t(ClassMembers.size()));
    if (New)
      ClassMembers.emplace_back();
    ClassOf[I] = It->second;
    ClassMembers[It->second].push_back(I);
  }
  const size_t NK = ClassMembers.size();
  MembersLeft.reset(new std::atomic<uint32_t>[NK]);
  ClassChecked.reset(new std::atomic<bool>[NK]);
  for (size_t K = 0; K < NK; ++K) {
    MembersLeft[K].store(uint32_t(ClassMembers[K].size()));
    ClassChecked[K].store(false);
  }
  for (const ir::ClassInfo &C : Classes)
    if (C.declaresConcurrentUse()) {
      auto It = ClassIds.find(C.Name);
      if (It != ClassIds.end())
        ClassChecked[It->second].store(true);
    }
  // A method handed to a thread-creating call is a thread's entry, which is
  // evidence for its class (ConcurrencyEvidence.h): keep its class's
  // accesses.
  for (size_t I = 0; I < Fns.size(); ++I)
    for (ir::Symbol Entry : ir::threadEntriesOf(Fns[I])) {
      auto It = Graph.index().find(Entry);
      if (It != Graph.index().end() && ClassOf[It->second] >= 0)
        ClassChecked[ClassOf[It->second]].store(true);
    }
  CallersDone.reset(new std::atomic<bool>[Fns.size()]);
  Released.reset(new std::atomic<bool>[Fns.size()]);
  for (size_t I = 0; I < Fns.size(); ++I) {
    CallersDone[I].store(false);
    Released[I].store(false);
  }
}

void ProgramSummarizer::release(uint32_t F) {
  if (Released[F].exchange(true))
    return; // the other of callersDone and classDone got here first
  std::vector<AccessSnapshot>().swap(Summaries[F].Accesses);
}

void ProgramSummarizer::callersDone(uint32_t F) {
  if (Retained[F])
    return;
  FunctionSummary &S = Summaries[F];
  bool Root = Graph.callers()[Graph.sccOf()[F]].empty();
  if (Root && !S.Spawns.empty())
    return; // a thread root: its accesses are paired with its threads'
  int32_t K = ClassOf[F];
  if (K < 0)
    return release(F);
  // Kept for its class's check only, which pairs the accesses with a
  // location key and a handle parameter's fields: the rest (a local's) go
  // now.
  const size_t Before = S.Accesses.size();
  llvm::erase_if(S.Accesses, [&](const AccessSnapshot &A) {
    return !classCheckReads(Functions[F], A);
  });
  if (S.Accesses.size() < Before)
    S.Accesses.shrink_to_fit();
  // Its class's evidence is final once every member is summarized; the
  // seq_cst pair (store here, store in summarizeSCC; then each loads the
  // other's) makes sure one of the two sides releases it.
  CallersDone[F].store(true);
  if (MembersLeft[K].load() == 0 && !ClassChecked[K].load())
    release(F);
}

void ProgramSummarizer::classDone(uint32_t K) {
  if (ClassChecked[K].load())
    return;
  for (uint32_t F : ClassMembers[K])
    if (CallersDone[F].load())
      release(F);
}

void ProgramSummarizer::summarizeSCC(uint32_t C) {
  computeSCC(C);
  finishSCC(C);
}

void ProgramSummarizer::adoptSCC(uint32_t C,
                                 std::vector<FunctionSummary> Members) {
  llvm::ArrayRef<uint32_t> Fs = Graph.sccs()[C];
  for (size_t M = 0; M < Fs.size() && M < Members.size(); ++M)
    Summaries[Fs[M]] = std::move(Members[M]);
  finishSCC(C);
}

TaskScheduler::~TaskScheduler() = default;

void TaskScheduler::runDag(const FlatLists &Before,
                           llvm::function_ref<void(uint32_t)> Task) const {
  for (uint32_t I = 0; I < Before.size(); ++I)
    Task(I);
}

namespace {
/// What member Me of a recursive SCC reads in a round of the fixpoint: the
/// summaries of the members before it as this round left them (Next, where
/// they changed), its own and those after it as the last round did, every
/// other function's as it is. The order of a sequential round over the
/// members (Gauss-Seidel), however the members run.
class RoundLookup final : public SummaryLookup {
public:
  RoundLookup(const CallGraph &G, const std::vector<FunctionSummary> &S,
              const llvm::DenseMap<uint32_t, uint32_t> &Position,
              const std::vector<std::unique_ptr<FunctionSummary>> &Next,
              uint32_t Me)
      : G(G), S(S), Position(Position), Next(Next), Me(Me) {}
  const FunctionSummary *lookup(ir::Symbol Symbol) const override {
    auto It = G.index().find(Symbol);
    if (It == G.index().end())
      return nullptr;
    auto P = Position.find(It->second);
    if (P != Position.end() && P->second < Me && Next[P->second])
      return Next[P->second].get();
    return &S[It->second];
  }

private:
  const CallGraph &G;
  const std::vector<FunctionSummary> &S;
  const llvm::DenseMap<uint32_t, uint32_t> &Position;
  const std::vector<std::unique_ptr<FunctionSummary>> &Next;
  uint32_t Me;
};
} // namespace

void ProgramSummarizer::computeSCC(uint32_t C) {
  llvm::ArrayRef<uint32_t> Members = Graph.sccs()[C];
  bool Recursive = Members.size() > 1;
  if (!Recursive) {
    // A single function is recursive iff it calls itself.
    const ir::Function &F = Functions[Members[0]];
    for (ir::Symbol Callee : ir::calleesOf(F))
      Recursive |= Callee == F.Symbol;
  }
  // Packed bodies (a linked program's) are unpacked for the SCC's rounds.
  std::vector<ir::Function> Unpacked;
  std::vector<const ir::Function *> Bodies;
  Unpacked.reserve(Members.size());
  for (uint32_t F : Members) {
    if (Functions[F].Packed) {
      Unpacked.push_back(ir::withBody(Functions[F]));
      Bodies.push_back(&Unpacked.back());
    } else {
      Bodies.push_back(&Functions[F]);
    }
  }
  if (Recursive) {
    iterateSCC(C, Bodies);
    return;
  }
  uint64_t Units = 0;
  ProgramLookup Lookup(Graph, Summaries);
  FunctionSummary S = summarizeFunction(*Bodies[0], Lookup, &Units);
  if (!(S == Summaries[Members[0]]))
    Summaries[Members[0]] = std::move(S);
  std::lock_guard<std::mutex> G(WorkMu);
  if (Units > MostWork.first)
    MostWork = {Units, Members[0]};
}

void ProgramSummarizer::iterateSCC(
    uint32_t C, llvm::ArrayRef<const ir::Function *> Bodies) {
  llvm::ArrayRef<uint32_t> Members = Graph.sccs()[C];
  const uint32_t N = uint32_t(Members.size());
  llvm::DenseMap<uint32_t, uint32_t> Position;
  for (uint32_t M = 0; M < N; ++M)
    Position[Members[M]] = M;
  // Per member: the members it calls before it (a round's member runs
  // after them), and those at or after it, whose last-round summaries it
  // reads (with its own, which it compares its new one with).
  std::vector<std::vector<uint32_t>> Before(N), Reads(N);
  std::vector<uint32_t> Readers(N, 0);
  for (uint32_t M = 0; M < N; ++M) {
    Reads[M].push_back(M);
    for (ir::Symbol Callee : ir::calleesOf(*Bodies[M])) {
      auto It = Graph.index().find(Callee);
      if (It == Graph.index().end())
        continue;
      auto P = Position.find(It->second);
      if (P == Position.end())
        continue;
      std::vector<uint32_t> &Into = P->second < M ? Before[M] : Reads[M];
      if (!llvm::is_contained(Into, P->second))
        Into.push_back(P->second);
    }
    for (uint32_t K : Reads[M])
      ++Readers[K];
  }
  const FlatLists Deps(Before);
  std::unique_ptr<std::atomic<uint32_t>[]> ReadersLeft(
      new std::atomic<uint32_t>[N]);
  // A round's changed summaries, put in place once it ends; an unchanged
  // one stays where it is (null here).
  std::vector<std::unique_ptr<FunctionSummary>> Next(N);
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    for (uint32_t M = 0; M < N; ++M)
      ReadersLeft[M].store(Readers[M], std::memory_order_relaxed);
    auto Task = [&](uint32_t M) {
      const uint32_t F = Members[M];
      uint64_t Units = 0;
      RoundLookup Lookup(Graph, Summaries, Position, Next, M);
      auto S = std::make_unique<FunctionSummary>(
          summarizeFunction(*Bodies[M], Lookup, &Units));
      {
        // (A lock per function summarized: far cheaper than summarizing.)
        std::lock_guard<std::mutex> G(WorkMu);
        if (Units > MostWork.first)
          MostWork = {Units, F};
      }
      if (!(*S == Summaries[F]))
        Next[M] = std::move(S);
      // A last-round summary nobody reads any more, replaced by this
      // round's: its accesses go now (the SCC's members hold thousands
      // each).
      for (uint32_t K : Reads[M])
        if (ReadersLeft[K].fetch_sub(1, std::memory_order_acq_rel) == 1 &&
            Next[K])
          std::vector<AccessSnapshot>().swap(Summaries[Members[K]].Accesses);
    };
    if (Scheduler)
      Scheduler->runDag(Deps, Task);
    else
      TaskScheduler().runDag(Deps, Task);
    bool Changed = false;
    for (uint32_t M = 0; M < N; ++M)
      if (Next[M]) {
        Summaries[Members[M]] = std::move(*Next[M]);
        Next[M].reset();
        Changed = true;
      }
    if (!Changed)
      break;
  }
}

void ProgramSummarizer::finishSCC(uint32_t C) {
  if (!ReleaseUnneeded)
    return;
  llvm::ArrayRef<uint32_t> Members = Graph.sccs()[C];
  for (uint32_t F : Members) {
    int32_t K = ClassOf[F];
    if (K < 0)
      continue;
    if (memberLockOwners(Functions[F], Summaries[F]) & CheckedLockOwners)
      ClassChecked[K].store(true);
    if (MembersLeft[K].fetch_sub(1) == 1)
      classDone(uint32_t(K));
  }
  // Callers of C are not done yet (or there are none); callees of C may now
  // have no caller left that reads their summaries.
  // Members no caller reads: every caller is done, or none is outside C
  // (redis's event loop and loaders are one SCC of dozens of functions,
  // each summary holding ~12,000 accesses; callers call a few of them).
  const bool NoneLeft = CallersLeft[C].load(std::memory_order_acquire) == 0;
  for (uint32_t F : Members)
    if (NoneLeft || (Members.size() > 1 && !CalledFromOutside[F]))
      callersDone(F);
  for (uint32_t Callee : CalleeSCCs[C])
    if (CallersLeft[Callee].fetch_sub(1, std::memory_order_acq_rel) == 1)
      for (uint32_t F : Graph.sccs()[Callee])
        callersDone(F);
}

unsigned ProgramSummarizer::releaseCallablesNotStarted() {
  if (!ReleaseUnneeded)
    return 0;
  const std::vector<bool> Started = startedAsThreads(Graph, Summaries);
  unsigned N = 0;
  for (uint32_t F = 0; F < Functions.size(); ++F) {
    if (!Retained[F] || Started[F] || Released[F].load())
      continue;
    Retained[F] = false;
    callersDone(F); // every SCC is done: so are its callers
    N += Released[F].load();
  }
  return N;
}

void ProgramSummarizer::summarizeAll() {
  for (uint32_t C = 0; C < Graph.sccs().size(); ++C)
    summarizeSCC(C);
}

} // namespace racer
