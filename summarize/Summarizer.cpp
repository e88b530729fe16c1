//===- Summarizer.cpp - Bottom-up summaries over SCCs ---------------------===//
#include "summarize/Summarizer.h"
#include "summarize/Domain.h"
#include "summarize/Transfer.h"

namespace racer {

namespace {
/// Reads summaries of already-processed functions (callee SCCs are done;
/// functions of the current SCC hold the previous round's approximation).
class ProgramLookup final : public SummaryLookup {
public:
  ProgramLookup(const CallGraph &G, const std::vector<FunctionSummary> &S)
      : G(G), S(S) {}
  const FunctionSummary *lookup(llvm::StringRef Symbol) const override {
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
        !(A[I].Location == B[I].Location) || !(A[I].Trace == B[I].Trace))
      return false;
  return true;
}
} // namespace

bool operator==(const FunctionSummary &A, const FunctionSummary &B) {
  return A.Symbol == B.Symbol && A.Threads == B.Threads &&
         A.UsesLocksDirectly == B.UsesLocksDirectly &&
         A.Locks.Acquired == B.Locks.Acquired &&
         A.Locks.Released == B.Locks.Released &&
         A.Locks.Assumed == B.Locks.Assumed && A.Return == B.Return &&
         sameAccesses(A.Accesses, B.Accesses) && sameSpawns(A.Spawns, B.Spawns) &&
         A.LiveAtExit == B.LiveAtExit && A.Joins == B.Joins;
}

ProgramSummarizer::ProgramSummarizer(const std::vector<ir::Function> &Fns,
                                     bool ReleaseUnneeded)
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
  CalleeSCCs.resize(NS);
  CallersLeft.reset(new std::atomic<uint32_t>[NS]);
  for (uint32_t C = 0; C < NS; ++C) {
    CallersLeft[C].store(static_cast<uint32_t>(Graph.callers()[C].size()),
                         std::memory_order_relaxed);
    for (uint32_t Caller : Graph.callers()[C])
      CalleeSCCs[Caller].push_back(C);
  }
  Retained.assign(Fns.size(), false);
  for (size_t I = 0; I < Fns.size(); ++I) {
    if (!Fns[I].Class.empty())
      Retained[I] = true;
    for (const ir::Block &B : Fns[I].Blocks)
      for (const ir::Instr &In : B.Instrs)
        if (In.Kind == ir::InstrKind::Call)
          for (const ir::CallableArg &A : In.Call.Callables) {
            auto It = Graph.index().find(A.Callee);
            if (It != Graph.index().end())
              Retained[It->second] = true;
          }
  }
}

void ProgramSummarizer::releaseIfUnneeded(uint32_t F) {
  if (Retained[F])
    return;
  FunctionSummary &S = Summaries[F];
  bool Root = Graph.callers()[Graph.sccOf()[F]].empty();
  if (Root && !S.Spawns.empty())
    return; // a thread root: its accesses are paired with its threads'
  std::vector<AccessSnapshot>().swap(S.Accesses);
}

void ProgramSummarizer::summarizeSCC(uint32_t C) {
  ProgramLookup Lookup(Graph, Summaries);
  const std::vector<uint32_t> &Members = Graph.sccs()[C];
  bool Recursive = Members.size() > 1;
  if (!Recursive) {
    // A single function is recursive iff it calls itself.
    const ir::Function &F = Functions[Members[0]];
    for (const ir::Block &B : F.Blocks)
      for (const ir::Instr &I : B.Instrs)
        Recursive |= I.Kind == ir::InstrKind::Call && I.Call.Callee == F.Symbol;
  }
  for (unsigned Round = 0; Round < (Recursive ? MaxRounds : 1); ++Round) {
    bool Changed = false;
    for (uint32_t F : Members) {
      FunctionSummary S = summarizeFunction(Functions[F], Lookup);
      if (!(S == Summaries[F])) {
        Summaries[F] = std::move(S);
        Changed = true;
      }
    }
    if (!Changed)
      break;
  }
  if (!ReleaseUnneeded)
    return;
  // Callers of C are not done yet (or there are none); callees of C may now
  // have no caller left that reads their summaries.
  if (CallersLeft[C].load(std::memory_order_acquire) == 0)
    for (uint32_t F : Members)
      releaseIfUnneeded(F);
  for (uint32_t Callee : CalleeSCCs[C])
    if (CallersLeft[Callee].fetch_sub(1, std::memory_order_acq_rel) == 1)
      for (uint32_t F : Graph.sccs()[Callee])
        releaseIfUnneeded(F);
}

void ProgramSummarizer::summarizeAll() {
  for (uint32_t C = 0; C < Graph.sccs().size(); ++C)
    summarizeSCC(C);
}

} // namespace racer
