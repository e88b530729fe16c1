//===- SpecializeTest.cpp - Copies of functions for constant arguments ----===//
#include "IRTestBuilder.h"
#include "summarize/Specialize.h"
#include "summarize/ir/PackedBody.h"

#include <gtest/gtest.h>

using namespace racer;
using namespace racer::test;
using ir::FormalTest;
using ir::Operand;

namespace {

/// pause(type): bb0 switches on formal 0: [== 0] -> bb1 (lock),
/// [== 2] -> bb2 (unlock), [none of 0, 2] -> bb3; all go to bb3.
ir::Function pauseThreads() {
  FunctionBuilder F("pause", "", ir::FunctionKind::Free);
  F.formal("type");
  uint32_t Lock = F.newBlock();
  F.call("pthread_mutex_lock", {Operand::object(F.global("hang"))});
  uint32_t Unlock = F.newBlock();
  F.call("pthread_mutex_unlock", {Operand::object(F.global("hang"))});
  uint32_t Exit = F.newBlock();
  F.edges(0, {Lock, Unlock, Exit}).edges(Lock, {Exit}).edges(Unlock, {Exit});
  ir::Block &B = F.block(0);
  B.CondFormal = 0;
  B.EdgeTests = {{FormalTest::Op::Eq, {0}},
                 {FormalTest::Op::Eq, {2}},
                 {FormalTest::Op::NoneOf, {0, 2}}};
  return F.build();
}

ir::Instr &lastCall(ir::Function &F) {
  for (ir::Block &B : F.Blocks)
    for (ir::Instr &I : B.Instrs)
      if (I.Kind == ir::InstrKind::Call && I.call().CalleeName == "pause")
        return I;
  ADD_FAILURE() << "no call to pause";
  static ir::Instr None;
  return None;
}

ir::Function caller(const std::string &Name, std::vector<ir::ScalarArg> Args) {
  FunctionBuilder F(Name, "", ir::FunctionKind::Free);
  F.formal("mode");
  F.call("pause", {Operand::unknown()});
  ir::Function Fn = F.build();
  lastCall(Fn).call().ScalarArgs = std::move(Args);
  return Fn;
}

TEST(FormalTest, AdmitsByOperator) {
  EXPECT_TRUE((FormalTest{FormalTest::Op::Eq, {3}}.admits(3)));
  EXPECT_FALSE((FormalTest{FormalTest::Op::Eq, {3}}.admits(4)));
  EXPECT_TRUE((FormalTest{FormalTest::Op::AnyBit, {6}}.admits(2)));
  EXPECT_FALSE((FormalTest{FormalTest::Op::AnyBit, {6}}.admits(1)));
  EXPECT_TRUE((FormalTest{FormalTest::Op::NoBit, {6}}.admits(1)));
  EXPECT_TRUE((FormalTest{FormalTest::Op::Lt, {-1}}.admits(-5)));
  EXPECT_FALSE((FormalTest{FormalTest::Op::Ge, {3}}.admits(2)));
  EXPECT_FALSE((FormalTest{FormalTest::Op::NoneOf, {0, 2}}.admits(2)));
  EXPECT_TRUE((FormalTest{FormalTest::Op::NoneOf, {0, 2}}.admits(1)));
  EXPECT_TRUE(FormalTest().admits(42));
}

TEST(Specialize, BodyKeepsOnlyTheEdgesTheConstantAdmits) {
  ir::Function F = pauseThreads();
  specializeBody(F, {{0, 2, {}, {}}});
  // The lock block is gone (no path reaches it); unlock and exit remain.
  ASSERT_EQ(F.Blocks.size(), 3u);
  EXPECT_EQ(F.Blocks[0].Succs, std::vector<uint32_t>{1});
  EXPECT_EQ(F.Blocks[1].Instrs[0].call().CalleeName, "pthread_mutex_unlock");
  EXPECT_EQ(F.Blocks[1].Succs, std::vector<uint32_t>{2});
  EXPECT_EQ(F.Blocks[0].CondFormal, -1);
  EXPECT_TRUE(F.Blocks[0].EdgeTests.empty());

  ir::Function Other = pauseThreads();
  specializeBody(Other, {{0, 7, {}, {}}}); // no case: the default edge
  ASSERT_EQ(Other.Blocks.size(), 2u);
  EXPECT_EQ(Other.Blocks[0].Succs, std::vector<uint32_t>{1});
  EXPECT_TRUE(Other.Blocks[1].Instrs.empty());

  ir::Function Untouched = pauseThreads();
  specializeBody(Untouched, {{1, 0, {}, {}}}); // another formal
  EXPECT_EQ(Untouched.Blocks[0].Succs.size(), 3u);
}

TEST(Specialize, ConstantCallsGetOneCopyPerConstant) {
  std::vector<ir::Function> Fns = {
      pauseThreads(), caller("a", {{0, false, 0}}), caller("b", {{0, false, 2}}),
      caller("c", {{0, false, 0}}), caller("d", {})};
  std::vector<uint32_t> Changed;
  SpecializeStats S = specializeConstantCalls(Fns, &Changed);
  EXPECT_EQ(S.Copies, 2u);
  EXPECT_EQ(S.CallsRedirected, 3u);
  ASSERT_EQ(Fns.size(), 7u);
  EXPECT_TRUE(Fns[0].HasSpecializedCopies);
  EXPECT_FALSE(Fns[0].Specialized);
  EXPECT_TRUE(Fns[5].Specialized && Fns[6].Specialized);
  EXPECT_EQ(Fns[5].Name, "pause"); // reports read the same
  EXPECT_EQ(lastCall(Fns[1]).call().Callee, Fns[5].Symbol);
  EXPECT_EQ(lastCall(Fns[3]).call().Callee, Fns[5].Symbol);
  EXPECT_EQ(lastCall(Fns[2]).call().Callee, Fns[6].Symbol);
  EXPECT_EQ(lastCall(Fns[4]).call().Callee, Fns[0].Symbol); // no constant
  EXPECT_EQ(Fns[5].Blocks[0].Succs, std::vector<uint32_t>{1});
  EXPECT_EQ(Fns[6].Blocks[0].Succs, std::vector<uint32_t>{1});
  EXPECT_EQ(Fns[6].Blocks[1].Instrs[0].call().CalleeName,
            "pthread_mutex_unlock");
  // The copies' call graphs hold only the calls that can run.
  EXPECT_EQ(ir::calleesOf(Fns[5]),
            std::vector<ir::Symbol>{ir::Symbol("c:@pthread_mutex_lock")});
  EXPECT_EQ(Changed, (std::vector<uint32_t>{1, 2, 3, 5, 6}));
}

TEST(Specialize, WrapperPassingItsFormalIsSpecializedThrough) {
  // wrap(mode) { pause(mode); }  called as wrap(2).
  ir::Function Wrap = caller("wrap", {{0, true, 0}});
  FunctionBuilder Top("top", "", ir::FunctionKind::Free);
  Top.call("wrap", {Operand::unknown()});
  ir::Function TopFn = Top.build();
  TopFn.Blocks[0].Instrs[0].call().ScalarArgs = {{0, false, 2}};
  std::vector<ir::Function> Fns = {pauseThreads(), Wrap, TopFn};
  SpecializeStats S = specializeConstantCalls(Fns, nullptr);
  ASSERT_EQ(S.Copies, 2u);
  const ir::Function &WrapCopy = Fns[3];
  EXPECT_EQ(WrapCopy.Name, "wrap");
  EXPECT_EQ(Fns[2].Blocks[0].Instrs[0].call().Callee, WrapCopy.Symbol);
  const ir::Function &PauseCopy = Fns[4];
  EXPECT_EQ(PauseCopy.Name, "pause");
  EXPECT_EQ(PauseCopy.Blocks[0].Succs, std::vector<uint32_t>{1});
  EXPECT_EQ(PauseCopy.Blocks.size(), 3u);
  // The unspecialized wrapper still calls the original.
  EXPECT_EQ(lastCall(Fns[1]).call().Callee, Fns[0].Symbol);
}

TEST(Specialize, PackedBodiesStayPacked) {
  std::vector<ir::Function> Fns = {pauseThreads(),
                                   caller("a", {{0, false, 0}})};
  for (ir::Function &F : Fns)
    F.Packed = ir::packBody(F, nullptr);
  EXPECT_EQ(ir::testedFormalsOf(Fns[0]), 1u);
  EXPECT_TRUE(ir::passesScalarsOf(Fns[1]));
  specializeConstantCalls(Fns, nullptr);
  ASSERT_EQ(Fns.size(), 3u);
  ASSERT_TRUE(Fns[1].Packed && Fns[2].Packed);
  ir::Function Caller = ir::withBody(Fns[1]);
  EXPECT_EQ(lastCall(Caller).call().Callee, Fns[2].Symbol);
  ir::Function Copy = ir::withBody(Fns[2]);
  EXPECT_EQ(Copy.Blocks[0].Succs, std::vector<uint32_t>{1});
}

TEST(Specialize, FunctionPassedAsThreadEntryIsStartedByTheCopy) {
  // create(fn, arg) { pthread_create(&t, 0, fn, arg); }  create(worker, p)
  FunctionBuilder Create("create", "", ir::FunctionKind::Free);
  Create.formal("fn").formal("arg");
  Create.call("pthread_create",
              {Operand::object(FunctionBuilder::global("t")), Operand::unknown(),
               Operand::unknown(), Operand::unknown()});
  ir::Function CreateFn = Create.build();
  CreateFn.Blocks[0].Instrs[0].call().ScalarArgs = {{2, true, 0}};
  FunctionBuilder Main("main", "", ir::FunctionKind::Free);
  Main.call("create", {Operand::unknown(), Operand::unknown()});
  ir::Function MainFn = Main.build();
  ir::CallableArg CA;
  CA.Arg = 0;
  CA.Callee = "c:@worker";
  CA.CalleeName = "worker";
  MainFn.Blocks[0].Instrs[0].call().Callables = {CA};
  std::vector<ir::Function> Fns = {CreateFn, MainFn};
  SpecializeStats S = specializeConstantCalls(Fns, nullptr);
  ASSERT_EQ(S.Copies, 1u);
  EXPECT_EQ(Fns[1].Blocks[0].Instrs[0].call().Callee, Fns[2].Symbol);
  const ir::CallInfo &Start = Fns[2].Blocks[0].Instrs[0].call();
  ASSERT_EQ(Start.Callables.size(), 1u);
  EXPECT_EQ(Start.Callables[0].Arg, 2u);
  EXPECT_EQ(Start.Callables[0].Callee, "c:@worker");
  EXPECT_EQ(Start.Callables[0].CalleeName, "worker");
  ASSERT_EQ(Start.Callables[0].DecayedArgs.size(), 1u); // the data argument
  EXPECT_TRUE(Start.ScalarArgs.empty());
  EXPECT_EQ(ir::threadEntriesOf(Fns[2]),
            std::vector<ir::Symbol>{ir::Symbol("c:@worker")});
  // A formal passed to a call that does not start threads is no reason to copy.
  ir::Function Other = CreateFn;
  Other.Blocks[0].Instrs[0].call().CalleeName = "register_handler";
  Other.Blocks[0].Instrs[0].call().Callee = "c:@register_handler";
  std::vector<ir::Function> NoCopy = {Other, MainFn};
  EXPECT_EQ(specializeConstantCalls(NoCopy, nullptr).Copies, 0u);
}

TEST(Specialize, CallThroughAFormalBecomesADirectCall) {
  // run(job, arg) { job(arg); }  run(bump, p)
  FunctionBuilder Run("run", "", ir::FunctionKind::Free);
  Run.formal("job").formal("arg");
  Run.call("", {Operand::unknown()});
  ir::Function RunFn = Run.build();
  ir::CallInfo &Indirect = RunFn.Blocks[0].Instrs[0].call();
  Indirect.Callee = ir::Symbol();
  Indirect.ScalarArgs = {{ir::ScalarArg::CalleeArg, true, 0}};
  FunctionBuilder Main("main", "", ir::FunctionKind::Free);
  Main.call("run", {Operand::unknown(), Operand::unknown()});
  ir::Function MainFn = Main.build();
  ir::CallableArg CA;
  CA.Arg = 0;
  CA.Callee = "c:@bump";
  CA.CalleeName = "bump";
  MainFn.Blocks[0].Instrs[0].call().Callables = {CA};
  std::vector<ir::Function> Fns = {RunFn, MainFn};
  ASSERT_EQ(specializeConstantCalls(Fns, nullptr).Copies, 1u);
  const ir::CallInfo &Direct = Fns[2].Blocks[0].Instrs[0].call();
  EXPECT_EQ(Direct.Callee, "c:@bump");
  EXPECT_EQ(Direct.CalleeName, "bump");
  EXPECT_TRUE(Direct.ScalarArgs.empty());
  EXPECT_EQ(ir::calleesOf(Fns[2]), std::vector<ir::Symbol>{ir::Symbol("c:@bump")});
}

TEST(Specialize, NothingToDoWithoutTests) {
  std::vector<ir::Function> Fns = {caller("a", {{0, false, 0}})};
  EXPECT_EQ(specializeConstantCalls(Fns, nullptr).Copies, 0u);
  EXPECT_EQ(Fns.size(), 1u);
}

} // namespace
