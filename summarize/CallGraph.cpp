//===- CallGraph.cpp - Tarjan's SCCs over the linked program --------------===//
#include "summarize/CallGraph.h"
#include "summarize/Summary.h"
#include "summarize/ir/PackedBody.h"

#include <algorithm>

namespace racer {

CallGraph CallGraph::build(const std::vector<ir::Function> &Functions) {
  CallGraph G;
  const uint32_t N = static_cast<uint32_t>(Functions.size());
  G.Index.reserve(N);
  for (uint32_t I = 0; I < N; ++I)
    G.Index.try_emplace(Functions[I].Symbol, I);

  std::vector<std::vector<uint32_t>> Succs(N);
  for (uint32_t I = 0; I < N; ++I) {
    for (ir::Symbol Callee : ir::calleesOf(Functions[I])) {
      auto It = G.Index.find(Callee);
      if (It != G.Index.end())
        Succs[I].push_back(It->second);
    }
    std::sort(Succs[I].begin(), Succs[I].end());
    Succs[I].erase(std::unique(Succs[I].begin(), Succs[I].end()),
                   Succs[I].end());
  }

  // Iterative Tarjan: SCCs come out callees-first.
  const uint32_t Unvisited = UINT32_MAX;
  std::vector<uint32_t> Num(N, Unvisited), Low(N, 0);
  std::vector<bool> OnStack(N, false);
  std::vector<uint32_t> Stack;
  G.SCCOf.assign(N, 0);
  uint32_t Counter = 0;
  struct Frame {
    uint32_t Node;
    size_t Next;
  };
  std::vector<Frame> Calls;
  for (uint32_t Root = 0; Root < N; ++Root) {
    if (Num[Root] != Unvisited)
      continue;
    Calls.push_back({Root, 0});
    Num[Root] = Low[Root] = Counter++;
    Stack.push_back(Root);
    OnStack[Root] = true;
    while (!Calls.empty()) {
      Frame &Fr = Calls.back();
      uint32_t V = Fr.Node;
      if (Fr.Next < Succs[V].size()) {
        uint32_t W = Succs[V][Fr.Next++];
        if (Num[W] == Unvisited) {
          Num[W] = Low[W] = Counter++;
          Stack.push_back(W);
          OnStack[W] = true;
          Calls.push_back({W, 0});
        } else if (OnStack[W]) {
          Low[V] = std::min(Low[V], Num[W]);
        }
        continue;
      }
      if (Low[V] == Num[V]) {
        std::vector<uint32_t> Comp;
        uint32_t W;
        do {
          W = Stack.back();
          Stack.pop_back();
          OnStack[W] = false;
          G.SCCOf[W] = static_cast<uint32_t>(G.SCCs.size());
          Comp.push_back(W);
        } while (W != V);
        std::sort(Comp.begin(), Comp.end());
        G.SCCs.append(Comp);
      }
      Calls.pop_back();
      if (!Calls.empty()) {
        uint32_t Parent = Calls.back().Node;
        Low[Parent] = std::min(Low[Parent], Low[V]);
      }
    }
  }

  const size_t NS = G.SCCs.size();
  std::vector<std::vector<uint32_t>> Callers(NS);
  G.CalleeCounts.assign(NS, 0);
  for (uint32_t C = 0; C < NS; ++C) {
    std::vector<uint32_t> Callees;
    for (uint32_t F : G.SCCs[C])
      for (uint32_t S : Succs[F])
        if (G.SCCOf[S] != C)
          Callees.push_back(G.SCCOf[S]);
    std::sort(Callees.begin(), Callees.end());
    Callees.erase(std::unique(Callees.begin(), Callees.end()), Callees.end());
    G.CalleeCounts[C] = static_cast<uint32_t>(Callees.size());
    for (uint32_t Callee : Callees)
      Callers[Callee].push_back(C);
  }
  G.Callers = FlatLists(Callers);
  return G;
}

std::vector<bool>
startedAsThreads(const CallGraph &G,
                 const std::vector<FunctionSummary> &Summaries) {
  std::vector<bool> Started(Summaries.size(), false);
  for (const FunctionSummary &S : Summaries)
    for (const ThreadSpawn &T : S.Spawns) {
      auto It = G.index().find(T.Entry);
      if (It != G.index().end() && It->second < Started.size())
        Started[It->second] = true;
    }
  return Started;
}

} // namespace racer
