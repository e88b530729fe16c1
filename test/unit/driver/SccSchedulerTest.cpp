//===- SccSchedulerTest.cpp - A recursive SCC's members in any valid order ===//
//
// ProgramSummarizer::computeSCC runs the members of one round of a
// recursive SCC's fixpoint on a TaskScheduler: each member after the
// members before it that it calls, reading the summaries of those as this
// round left them and of the others (itself too) as the last round did.
// Whatever order the scheduler picks within that, the summaries must be
// those of the plain round in member order. The SCC here does not converge
// within MaxRounds (paths grow along a ring), so a member that read a
// summary of the wrong round would end with other accesses.
//===----------------------------------------------------------------------===//
#include "driver/TaskDag.h"
#include "summarize/Summarizer.h"
#include "../summarize/IRTestBuilder.h"

#include <gtest/gtest.h>

#include <set>

using namespace racer;
using racer::test::FunctionBuilder;

namespace {

/// A ring of \p N functions: ring<i>(n) writes its own global and
/// `n->seen`, then calls ring<i+1>(n->next), and every third one also
/// calls ring<i+5>(n) holding a mutex: `ring0 -> ring1 -> ... -> ring0`.
std::vector<ir::Function> ring(unsigned N) {
  std::vector<ir::Function> Fns;
  for (unsigned I = 0; I < N; ++I) {
    FunctionBuilder F("ring" + std::to_string(I), "", ir::FunctionKind::Free);
    F.formal("n");
    ir::AccessPath P = ir::AccessPath::formal(0, "n");
    F.write(FunctionBuilder::global("g" + std::to_string(I)), 1);
    F.write(P.deref().field("Node::seen"), 2);
    F.call("ring" + std::to_string((I + 1) % N),
           {ir::Operand::object(P.deref().field("Node::next").deref())}, 3);
    if (I % 3 == 0) {
      F.lock(FunctionBuilder::global("ring_mu"), 4);
      F.call("ring" + std::to_string((I + 5) % N), {ir::Operand::object(P)},
             5);
      F.unlock(FunctionBuilder::global("ring_mu"), 6);
    }
    Fns.push_back(F.build());
  }
  return Fns;
}

/// Runs the ready task with the highest index first: an order the plain
/// round never takes.
class HighestFirst final : public TaskScheduler {
public:
  void runDag(const FlatLists &Before,
              llvm::function_ref<void(uint32_t)> Task) const override {
    const uint32_t N = uint32_t(Before.size());
    std::vector<bool> Done(N, false);
    for (uint32_t Ran = 0; Ran < N; ++Ran) {
      for (uint32_t I = N; I-- > 0;) {
        if (Done[I] || !llvm::all_of(Before[I],
                                     [&](uint32_t J) { return Done[J]; }))
          continue;
        Task(I);
        Done[I] = true;
        Order.push_back(I);
        break;
      }
    }
  }
  mutable std::vector<uint32_t> Order;
};

std::vector<FunctionSummary> summarize(const std::vector<ir::Function> &Fns,
                                       const TaskScheduler *S) {
  ProgramSummarizer PS(Fns);
  PS.setScheduler(S);
  PS.summarizeAll();
  return PS.summaries();
}

std::multiset<std::string> accessesOf(const FunctionSummary &S) {
  std::multiset<std::string> Out;
  for (const AccessSnapshot &A : S.Accesses)
    Out.insert(A.Path->str() + (A.Locks.empty() ? "" : " locked"));
  return Out;
}

TEST(SccScheduler, AnyValidOrderGivesThePlainRoundsSummaries) {
  const std::vector<ir::Function> Fns = ring(40);
  const std::vector<FunctionSummary> Plain = summarize(Fns, nullptr);
  ASSERT_EQ(ProgramSummarizer(Fns).graph().sccs().size(), 1u);
  // Not a fixpoint: a fifth round would still add paths, so the rounds'
  // order shows in the result.
  size_t Paths = 0;
  for (const FunctionSummary &S : Plain)
    Paths += S.Accesses.size();
  EXPECT_GT(Paths, 40u * 4);

  HighestFirst Reordered;
  const std::vector<FunctionSummary> Other = summarize(Fns, &Reordered);
  ASSERT_EQ(Reordered.Order.size(), 40u * ProgramSummarizer::MaxRounds);
  EXPECT_NE(Reordered.Order.front(), 0u); // it did reorder
  driver::TbbTaskScheduler Tbb;
  const std::vector<FunctionSummary> Parallel = summarize(Fns, &Tbb);
  for (size_t I = 0; I < Fns.size(); ++I) {
    SCOPED_TRACE(Fns[I].Name.str());
    EXPECT_TRUE(Other[I] == Plain[I]);
    EXPECT_TRUE(Parallel[I] == Plain[I]);
    EXPECT_EQ(accessesOf(Other[I]), accessesOf(Plain[I]));
  }
}

} // namespace
