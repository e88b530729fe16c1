//===- IndirectCallsTest.cpp - Calls through fields and globals -----------===//
#include "IRTestBuilder.h"
#include "summarize/IndirectCalls.h"
#include "summarize/ir/PackedBody.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace racer;
using namespace racer::test;
using ir::Operand;

namespace {

ir::Function worker(const std::string &Slot) {
  FunctionBuilder F("worker", "", ir::FunctionKind::Free);
  F.formal("j");
  F.call("job::fn",
         {Operand::object(ir::AccessPath::formal(0, "j").deref().field("job::arg").deref())},
         3, {}, std::string(ir::IndirectCalleePrefix) + Slot);
  return F.build();
}

ir::Function leaf(const std::string &Name) {
  FunctionBuilder F(Name, "", ir::FunctionKind::Free);
  F.formal("o");
  F.write(FunctionBuilder::global("g_" + Name));
  return F.build();
}

/// `Pool::Submit(task) { tasks_.push_back(std::move(task)); }`, storing its
/// std::function parameter \p Stores times.
ir::Function submitter(const std::string &Name, unsigned Stores) {
  FunctionBuilder Sub(Name, "Pool");
  Sub.formal("task");
  for (unsigned K = 0; K < Stores; ++K) {
    Sub.call("std::deque::push_back", {Operand::unknown(), Operand::unknown()});
    ir::CallableArg Fn;
    Fn.Arg = 1;
    Fn.Callee = "c:@std::function::operator()";
    Fn.CalleeName = "std::function::operator()";
    Fn.HasReceiver = true;
    Fn.Receiver = Operand::object(ir::AccessPath::formal(1, "task"));
    Sub.fn().Blocks.back().Instrs.back().call().Callables.push_back(Fn);
  }
  return Sub.build();
}

/// The callee symbols of the dispatcher's calls.
std::vector<std::string> dispatched(const ir::Function &D) {
  std::vector<std::string> Out;
  for (const ir::Block &B : D.Blocks)
    for (const ir::Instr &I : B.Instrs)
      if (I.Kind == ir::InstrKind::Call)
        Out.push_back(I.call().Callee.str());
  return Out;
}

} // namespace

TEST(IndirectCalls, SlotCallsEveryFunctionStoredIntoIt) {
  std::vector<ir::Function> Fs = {worker("field:job::fn"), leaf("release"),
                                  leaf("close_file"), leaf("unrelated")};
  std::vector<uint32_t> Changed;
  IndirectCallStats S = resolveIndirectCalls(
      Fs,
      {"field:job::fn\tfn:c:@close_file", "field:job::fn\tfn:c:@release",
       "field:other::fn\tfn:c:@unrelated"},
      &Changed);
  EXPECT_EQ(S.SlotsCalled, 1u);
  EXPECT_EQ(S.Dispatchers, 1u);
  EXPECT_EQ(S.Partial, 0u);
  ASSERT_EQ(Fs.size(), 5u);
  EXPECT_EQ(Changed, std::vector<uint32_t>{4});
  const ir::Function &D = Fs[4];
  EXPECT_EQ(D.Symbol, "indirect:field:job::fn");
  EXPECT_EQ(D.Name, "job::fn");
  EXPECT_TRUE(D.Specialized); // never an entry of its own
  ASSERT_EQ(D.Formals.size(), 1u);
  EXPECT_EQ(dispatched(D),
            (std::vector<std::string>{"c:@close_file", "c:@release"}));
  // Each branch passes the formal on: `*arg0` designates what it points to.
  const ir::Instr &Call = D.Blocks[1].Instrs[0];
  ASSERT_EQ(Call.call().Args.size(), 1u);
  EXPECT_EQ(Call.call().Args[0].Path,
            ir::AccessPath::formal(0, "arg0").deref());
  EXPECT_EQ(D.Blocks[0].Succs, (std::vector<uint32_t>{1, 2}));
}

TEST(IndirectCalls, FormalStoredIsWhatCallersPass) {
  // submit(fn) { j->fn = fn; }; main: submit(release); submit(NULL)
  FunctionBuilder Main("main", "", ir::FunctionKind::Free);
  Main.call("submit", {Operand::unknown()});
  ir::CallInfo &C1 = Main.fn().Blocks[0].Instrs.back().call();
  ir::CallableArg CA;
  CA.Arg = 0;
  CA.Callee = "c:@release";
  CA.CalleeName = "release";
  C1.Callables.push_back(CA);
  Main.call("submit", {Operand::unknown()});
  Main.fn().Blocks[0].Instrs.back().call().ScalarArgs.push_back({0, false, 0});
  std::vector<ir::Function> Fs = {worker("field:job::fn"), leaf("release"),
                                  Main.build()};
  std::vector<uint32_t> Changed;
  IndirectCallStats S = resolveIndirectCalls(
      Fs, {"field:job::fn\tformal:c:@submit#0"}, &Changed);
  // One function (NULL is none): the call calls it, no dispatcher.
  EXPECT_EQ(S.Direct, 1u);
  EXPECT_EQ(S.Dispatchers, 0u);
  ASSERT_EQ(Fs.size(), 3u);
  EXPECT_EQ(Changed, std::vector<uint32_t>{0});
  EXPECT_EQ(dispatched(Fs[0]), std::vector<std::string>{"c:@release"});
  EXPECT_EQ(Fs[0].Blocks[0].Instrs[0].call().CalleeName, "release");
}

TEST(IndirectCalls, PackedCallersAreRewrittenPacked) {
  std::vector<ir::Function> Fs = {worker("field:job::fn"), leaf("release")};
  for (ir::Function &F : Fs)
    F.Packed = ir::packBody(F, nullptr);
  IndirectCallStats S = resolveIndirectCalls(
      Fs, {"field:job::fn\tfn:c:@release"}, nullptr);
  EXPECT_EQ(S.Direct, 1u);
  ASSERT_TRUE(Fs[0].Packed);
  EXPECT_EQ(ir::calleesOf(Fs[0]), std::vector<ir::Symbol>{"c:@release"});
}

TEST(IndirectCalls, UnknownValueKeepsAnUnresolvedBranch) {
  std::vector<ir::Function> Fs = {worker("global:c:@hook"), leaf("step")};
  IndirectCallStats S = resolveIndirectCalls(
      Fs, {"global:c:@hook\t?", "global:c:@hook\tslot:field:job::fn",
           "field:job::fn\tfn:c:@step"},
      nullptr);
  ASSERT_EQ(S.Dispatchers, 1u);
  EXPECT_EQ(S.Partial, 1u);
  // step (copied from another slot), then a call of nothing known.
  EXPECT_EQ(dispatched(Fs.back()), (std::vector<std::string>{"c:@step", ""}));
}

TEST(IndirectCalls, NothingStoredStaysUnresolved) {
  std::vector<ir::Function> Fs = {worker("field:job::fn"), leaf("release")};
  IndirectCallStats S = resolveIndirectCalls(
      Fs, {"field:other::fn\tfn:c:@release"}, nullptr);
  EXPECT_EQ(S.SlotsCalled, 1u);
  EXPECT_EQ(S.Dispatchers, 0u);
  EXPECT_EQ(Fs.size(), 2u);
}

TEST(IndirectCalls, HundredsOfHandlersStayUnresolved) {
  std::vector<ir::Function> Fs = {worker("field:command::proc")};
  std::vector<std::string> Stores;
  for (uint32_t I = 0; I <= MaxDispatchTargets; ++I) {
    Fs.push_back(leaf("handler" + std::to_string(I)));
    Stores.push_back("field:command::proc\tfn:c:@handler" + std::to_string(I));
  }
  std::sort(Stores.begin(), Stores.end());
  const size_t Before = Fs.size();
  IndirectCallStats S = resolveIndirectCalls(Fs, Stores, nullptr);
  EXPECT_EQ(S.TooMany, 1u);
  EXPECT_EQ(S.Dispatchers, 0u);
  EXPECT_EQ(Fs.size(), Before);
  // One fewer fits.
  Fs.pop_back();
  Stores.clear();
  for (uint32_t I = 0; I < MaxDispatchTargets; ++I)
    Stores.push_back("field:command::proc\tfn:c:@handler" + std::to_string(I));
  std::sort(Stores.begin(), Stores.end());
  S = resolveIndirectCalls(Fs, Stores, nullptr);
  EXPECT_EQ(S.Dispatchers, 1u);
  EXPECT_EQ(dispatched(Fs.back()).size(), size_t(MaxDispatchTargets));
}

// A slot that structs' initializers fill (three stores in four at least,
// none from a parameter), with four functions or more, is a slot of
// callback tables: its dispatcher's name is listed (LowTableDispatch).
TEST(IndirectCalls, SlotsOfCallbackTablesAreListed) {
  auto Program = [] {
    return std::vector<ir::Function>{worker("field:job::fn"), leaf("a"),
                                     leaf("b"),  leaf("c"), leaf("d")};
  };
  auto Tables = [&](std::vector<std::string> Stores) {
    std::vector<ir::Function> Fs = Program();
    std::vector<std::string> Out;
    resolveIndirectCalls(Fs, Stores, nullptr, &Out);
    return Out;
  };
  const std::vector<std::string> Four = {
      "field:job::fn\ttfn:c:@a", "field:job::fn\ttfn:c:@b",
      "field:job::fn\ttfn:c:@c", "field:job::fn\ttfn:c:@d"};
  EXPECT_EQ(Tables(Four), std::vector<std::string>{"job::fn"});
  // One table set up at run time among four initializers: still tables.
  std::vector<std::string> Local = Four;
  Local.push_back("field:job::fn\tfn:c:@a");
  EXPECT_EQ(Tables(Local), std::vector<std::string>{"job::fn"});
  // Assigned as often as initialized: callbacks set at run time.
  EXPECT_TRUE(Tables({"field:job::fn\ttfn:c:@a", "field:job::fn\ttfn:c:@b",
                      "field:job::fn\tfn:c:@c", "field:job::fn\tfn:c:@d"})
                  .empty());
  // A callback a caller registers: never tables.
  std::vector<std::string> Registered = Four;
  Registered.push_back("field:job::fn\tformal:c:@submit#0");
  EXPECT_TRUE(Tables(Registered).empty());
  // Three tables are too few to doubt the call.
  EXPECT_TRUE(Tables({"field:job::fn\ttfn:c:@a", "field:job::fn\ttfn:c:@b",
                      "field:job::fn\ttfn:c:@c"})
                  .empty());
}

TEST(IndirectCalls, QueuedLambdasRunWhereTheQueueIsCalled) {
  // pool.Submit(fn) stores its std::function into the queue the workers
  // call. main queues `once` once, `each` in a loop; both lambdas run where
  // the queue is called, not where main makes them, and only `once` is a
  // task of one run.
  auto Lambda = [](const std::string &Name) {
    FunctionBuilder L(Name, "", ir::FunctionKind::Lambda);
    L.write(FunctionBuilder::global("g_" + Name));
    return L.build();
  };
  FunctionBuilder Main("main", "", ir::FunctionKind::Free);
  auto Make = [&](const std::string &L) {
    Main.call(L, {Operand::unknown()}, 1, {}, "c:@" + L);
    Main.fn().Blocks[Main.fn().Blocks.size() - 1].Instrs.back().call()
        .MakesClosure = true;
  };
  auto Submit = [&](const std::string &L) {
    Main.call("Pool::Submit", {Operand::unknown(), Operand::unknown()});
    ir::CallableArg CA;
    CA.Arg = 1;
    CA.Callee = "c:@" + L;
    CA.CalleeName = L;
    CA.HasReceiver = true;
    Main.fn().Blocks[Main.fn().Blocks.size() - 1].Instrs.back().call()
        .Callables.push_back(CA);
  };
  Make("main::lambda@once");
  Submit("main::lambda@once");
  uint32_t Loop = Main.newBlock();
  Main.edges(0, {Loop});
  Main.edges(Loop, {Loop});
  Make("main::lambda@each");
  Submit("main::lambda@each");
  std::vector<ir::Function> Fs = {worker("field:Pool::tasks_"),
                                  Lambda("main::lambda@once"),
                                  Lambda("main::lambda@each"), Main.build(),
                                  submitter("Pool::Submit", 1)};
  std::vector<uint32_t> Changed;
  IndirectCallStats S = resolveIndirectCalls(
      Fs, {"field:Pool::tasks_\tformal:c:@Pool::Submit#1"}, &Changed);
  EXPECT_EQ(S.Dispatchers, 1u);
  ASSERT_EQ(Fs.size(), 6u);
  const ir::Function &D = Fs[5];
  ASSERT_EQ(dispatched(D), (std::vector<std::string>{"c:@main::lambda@each",
                                                     "c:@main::lambda@once"}));
  EXPECT_FALSE(D.Blocks[1].Instrs[0].call().RunsTask); // queued in a loop
  EXPECT_TRUE(D.Blocks[2].Instrs[0].call().RunsTask);  // queued once
  // main no longer runs either lambda where it makes it: only the submits.
  ir::Function M = ir::withBody(Fs[3]);
  for (const ir::Block &B : M.Blocks)
    for (const ir::Instr &I : B.Instrs)
      EXPECT_EQ(I.call().CalleeName.str(), "Pool::Submit");
  EXPECT_TRUE(std::binary_search(Changed.begin(), Changed.end(), 3u));
}

TEST(IndirectCalls, ATaskStoredTwiceIsQueuedAgain) {
  // Submit stores what it is handed twice: main's one call queues two runs.
  FunctionBuilder L("main::lambda@twice", "", ir::FunctionKind::Lambda);
  L.write(FunctionBuilder::global("g_twice"));
  FunctionBuilder Main("main", "", ir::FunctionKind::Free);
  Main.call("Pool::Submit", {Operand::unknown(), Operand::unknown()});
  ir::CallableArg CA;
  CA.Arg = 1;
  CA.Callee = "c:@main::lambda@twice";
  CA.CalleeName = "main::lambda@twice";
  CA.HasReceiver = true;
  Main.fn().Blocks[0].Instrs.back().call().Callables.push_back(CA);
  std::vector<ir::Function> Fs = {worker("field:Pool::tasks_"), L.build(),
                                  Main.build(), submitter("Pool::Submit", 2)};
  std::vector<uint32_t> Changed;
  IndirectCallStats S = resolveIndirectCalls(
      Fs, {"field:Pool::tasks_\tformal:c:@Pool::Submit#1"}, &Changed);
  EXPECT_EQ(S.Direct, 1u); // one lambda: the worker's call calls it directly
  const ir::Instr &Call = Fs[0].Blocks[0].Instrs[0];
  EXPECT_EQ(Call.call().Callee.str(), "c:@main::lambda@twice");
  EXPECT_FALSE(Call.call().RunsTask);
}
