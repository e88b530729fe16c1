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

ProgramSummarizer::ProgramSummarizer(const std::vector<ir::Function> &Fns)
    : Functions(Fns), Graph(CallGraph::build(Fns)) {
  Summaries.resize(Fns.size());
  for (size_t I = 0; I < Fns.size(); ++I) {
    Summaries[I].Symbol = Fns[I].Symbol;
    Summaries[I].Name = Fns[I].Name;
  }
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
}

void ProgramSummarizer::summarizeAll() {
  for (uint32_t C = 0; C < Graph.sccs().size(); ++C)
    summarizeSCC(C);
}

} // namespace racer
