//===- TransferTest.cpp - Transfer functions on hand-built IR -------------===//
#include "IRTestBuilder.h"
#include "summarize/Summarizer.h"
#include "summarize/Transfer.h"
#include "summarize/WorkLimit.h"

#include "llvm/ADT/StringMap.h"

#include <gtest/gtest.h>

using namespace racer;
using namespace racer::test;
using ir::Operand;

namespace {

class MapLookup : public SummaryLookup {
public:
  void add(FunctionSummary S) { Map[S.Symbol] = std::move(S); }
  const FunctionSummary *lookup(ir::Symbol Sym) const override {
    auto It = Map.find(Sym.str());
    return It == Map.end() ? nullptr : &It->second;
  }

private:
  llvm::StringMap<FunctionSummary> Map;
};

const AccessSnapshot *find(const FunctionSummary &S, AccessKind K,
                           const std::string &Path) {
  for (const AccessSnapshot &A : S.Accesses)
    if (A.Kind == K && A.Path->str() == Path)
      return &A;
  return nullptr;
}

TEST(Transfer, LockGuardProtectsUntilDestroyed) {
  FunctionBuilder F("Counter::inc", "Counter");
  uint32_t G = F.local("g");
  F.lockGuard(G, F.thisField("mu_"), 1)
      .read(F.thisField("n_"), 2)
      .write(F.thisField("n_"), 2)
      .guardDtor(G, "std::lock_guard", 3)
      .write(F.thisField("after_"), 4);
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  EXPECT_TRUE(S.UsesLocksDirectly);
  EXPECT_EQ(S.Threads, ThreadsKind::AnyThread);
  const AccessSnapshot *W = find(S, AccessKind::Write, "this->n_");
  ASSERT_TRUE(W);
  ASSERT_EQ(W->Locks.size(), 1u);
  EXPECT_EQ(W->Locks[0].Lock.str(), "this->mu_");
  EXPECT_TRUE(W->isProtected());
  const AccessSnapshot *After = find(S, AccessKind::Write, "this->after_");
  ASSERT_TRUE(After);
  EXPECT_FALSE(After->isProtected());
  EXPECT_TRUE(S.Locks->Acquired.empty());
}

// summarize/WorkLimit.h: past the limit, the summary is given up (nothing
// seen, the WorkLimit assumption at the function); under it, the same
// function is summarized in full (the twin).
TEST(Transfer, WorkLimitGivesUpTheSummary) {
  FunctionBuilder F("Q::push", "Q");
  F.lock(F.thisField("mu_"), 1).write(F.thisField("n_"), 2);
  F.unlock(F.thisField("mu_"), 3).write(F.thisField("m_"), 4);
  ir::Function Fn = F.build();
  MapLookup L;
  uint64_t Units = 0;
  FunctionSummary Full = summarizeFunction(Fn, L, &Units);
  EXPECT_GT(Units, 0u);
  EXPECT_EQ(Full.Accesses.size(), 2u);
  const uint64_t Saved = functionWorkLimit();
  setFunctionWorkLimit(Units - 1);
  FunctionSummary Cut = summarizeFunction(Fn, L);
  setFunctionWorkLimit(Units);
  FunctionSummary Exact = summarizeFunction(Fn, L);
  setFunctionWorkLimit(Saved);
  EXPECT_TRUE(Cut.Accesses.empty());
  EXPECT_FALSE(Cut.UsesLocksDirectly);
  ASSERT_EQ(Cut.Assumptions.size(), 1u);
  EXPECT_EQ(Cut.Assumptions[0].Kind, AssumptionKind::WorkLimit);
  EXPECT_EQ(Cut.Assumptions[0].Location, Fn.Location);
  EXPECT_TRUE(Exact == Full);
}

TEST(Transfer, ExplicitLockUnlock) {
  FunctionBuilder F("Q::push", "Q");
  F.lock(F.thisField("mu_"), 1).write(F.thisField("n_"), 2);
  F.unlock(F.thisField("mu_"), 3).write(F.thisField("m_"), 4);
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  EXPECT_TRUE(find(S, AccessKind::Write, "this->n_")->isProtected());
  EXPECT_FALSE(find(S, AccessKind::Write, "this->m_")->isProtected());
}

TEST(Transfer, LocalPointerResolvesThroughBinding) {
  FunctionBuilder F("List::touch", "List");
  uint32_t N = F.local("n");
  F.bind(N, Operand::object(F.thisField("head_").deref()))
      .write(F.localVar(N).deref().field("Node::val"), 2);
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  EXPECT_TRUE(find(S, AccessKind::Write, "this->head_->val"));
}

TEST(Transfer, FreshObjectsAreOwned) {
  FunctionBuilder F("List::make", "List");
  uint32_t N = F.local("n");
  F.bind(N, Operand::fresh()).write(F.localVar(N).deref().field("Node::val"));
  uint32_t Obj = F.local("obj");
  F.write(F.localVar(Obj).field("Node::val"));
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  EXPECT_TRUE(S.Accesses.empty());
}

TEST(Transfer, ConstructorThisIsOwned) {
  FunctionBuilder F("Counter::Counter", "Counter",
                    ir::FunctionKind::Constructor);
  F.write(F.thisField("n_")).write(FunctionBuilder::global("g_count"));
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  ASSERT_EQ(S.Accesses.size(), 1u);
  EXPECT_EQ(S.Accesses[0].Path->Root, ir::RootKind::Global);
}

TEST(Transfer, CalleeSummaryIsSubstitutedWithCallerLocksAndTrace) {
  FunctionBuilder Bump("Counter::bump", "Counter", ir::FunctionKind::Method,
                       ir::AccessSpec::Private);
  Bump.read(Bump.thisField("n_"), 10).write(Bump.thisField("n_"), 10);
  MapLookup L;
  L.add(summarizeFunction(Bump.build(), L));

  FunctionBuilder Inc("Counter::inc", "Counter");
  uint32_t G = Inc.local("g");
  Inc.lockGuard(G, Inc.thisField("mu_"), 20)
      .call("Counter::bump", {Operand::object(Inc.thisObject())}, 21)
      .guardDtor(G, "std::lock_guard", 22);
  FunctionSummary S = summarizeFunction(Inc.build(), L);
  const AccessSnapshot *W = find(S, AccessKind::Write, "this->n_");
  ASSERT_TRUE(W);
  EXPECT_TRUE(W->isProtected());
  ASSERT_EQ(W->Trace.size(), 1u);
  EXPECT_EQ(W->Trace[0].Callee, "Counter::bump");
  EXPECT_EQ(W->Trace[0].Location.Line, 21u);
  EXPECT_EQ(W->Location.Line, 10u);
}

TEST(Transfer, PointerArgumentMapsFormalOntoActualPath) {
  FunctionBuilder Add("addTo", "", ir::FunctionKind::Free);
  Add.formal("s");
  Add.write(ir::AccessPath::formal(0, "s").deref().field("Stats::hits"));
  MapLookup L;
  L.add(summarizeFunction(Add.build(), L));

  FunctionBuilder Caller("Server::handle", "Server");
  Caller.call("addTo", {Operand::object(Caller.thisField("stats_"))});
  uint32_t Local = Caller.local("mine");
  Caller.call("addTo", {Operand::object(Caller.localVar(Local))});
  FunctionSummary S = summarizeFunction(Caller.build(), L);
  ASSERT_EQ(S.Accesses.size(), 1u) << "the local's copy is owned";
  EXPECT_EQ(S.Accesses[0].Path->str(), "this->stats_.hits");
}

// applySummary skips a callee's global accesses when an earlier call of it
// added the same context (AppliedContext): those would all be dropped. A
// call under another lock, or an access through another argument, still
// adds its own.
TEST(Transfer, CallsThatAddTheSameContextAddNothingNew) {
  FunctionBuilder Touch("touch", "", ir::FunctionKind::Free);
  Touch.formal("p");
  Touch.write(FunctionBuilder::global("g"), 10)
      .write(ir::AccessPath::formal(0, "p").deref().field("S::n"), 11);
  MapLookup L;
  L.add(summarizeFunction(Touch.build(), L));

  FunctionBuilder Caller("run", "", ir::FunctionKind::Free);
  auto Arg = [](const char *G) {
    return Operand::object(FunctionBuilder::global(G));
  };
  Caller.call("touch", {Arg("a")}, 20)
      .call("touch", {Arg("a")}, 21)
      .lock(FunctionBuilder::global("m"), 22)
      .call("touch", {Arg("b")}, 23)
      .unlock(FunctionBuilder::global("m"), 24)
      .call("touch", {Arg("b")}, 25);
  FunctionSummary S = summarizeFunction(Caller.build(), L);
  std::vector<std::string> Got;
  for (const AccessSnapshot &A : S.Accesses)
    Got.push_back(A.Path->str() + (A.isProtected() ? " locked" : "") +
                  " via " + std::to_string(A.Trace[0].Location.Line));
  std::sort(Got.begin(), Got.end());
  EXPECT_EQ(Got, (std::vector<std::string>{
                     "a.n via 20", "b.n locked via 23", "b.n via 25",
                     "g locked via 23", "g via 20"}));
}

TEST(Transfer, LockWrapperEffectReachesCaller) {
  FunctionBuilder Acquire("Db::acquire", "Db", ir::FunctionKind::Method,
                          ir::AccessSpec::Private);
  Acquire.lock(Acquire.thisField("mu_"));
  FunctionBuilder Release("Db::release", "Db", ir::FunctionKind::Method,
                          ir::AccessSpec::Private);
  Release.unlock(Release.thisField("mu_"));
  MapLookup L;
  FunctionSummary A = summarizeFunction(Acquire.build(), L);
  ASSERT_EQ(A.Locks->Acquired.size(), 1u);
  EXPECT_EQ(A.Locks->Acquired[0].Lock.str(), "this->mu_");
  FunctionSummary R = summarizeFunction(Release.build(), L);
  ASSERT_EQ(R.Locks->Released.size(), 1u);
  L.add(A);
  L.add(R);

  FunctionBuilder Put("Db::put", "Db");
  Operand Self = Operand::object(Put.thisObject());
  Put.call("Db::acquire", {Self}).write(Put.thisField("rows_"), 2);
  Put.call("Db::release", {Self}).write(Put.thisField("after_"), 3);
  FunctionSummary S = summarizeFunction(Put.build(), L);
  EXPECT_TRUE(find(S, AccessKind::Write, "this->rows_")->isProtected());
  EXPECT_FALSE(find(S, AccessKind::Write, "this->after_")->isProtected());
}

TEST(Transfer, LockNestingsFollowHoldsAndCallees) {
  // lock(reg); lock(stats); w a; unlock(stats); w b; relock(); w c;
  // where relock() lets reg go and takes it again.
  FunctionBuilder Relock("C::relock", "C", ir::FunctionKind::Method,
                         ir::AccessSpec::Private);
  Relock.unlock(Relock.thisField("reg_")).lock(Relock.thisField("reg_"));
  MapLookup L;
  FunctionSummary R = summarizeFunction(Relock.build(), L);
  ASSERT_EQ(R.Locks->MayRelease.size(), 1u);
  EXPECT_EQ(R.Locks->MayRelease[0].Lock.str(), "this->reg_");
  L.add(R);

  FunctionBuilder F("C::reload", "C");
  Operand Self = Operand::object(F.thisObject());
  F.lock(F.thisField("reg_"), 1).lock(F.thisField("stats_"), 2);
  F.write(F.thisField("a_"), 3).unlock(F.thisField("stats_"), 4);
  F.write(F.thisField("b_"), 5).call("C::relock", {Self}, 6);
  F.write(F.thisField("c_"), 7);
  FunctionSummary S = summarizeFunction(F.build(), L);
  const AccessSnapshot *A = find(S, AccessKind::Write, "this->a_");
  ASSERT_TRUE(A);
  ASSERT_EQ(A->nestings().size(), 1u);
  EXPECT_EQ(A->nestings()[0].Outer.str(), "this->reg_");
  EXPECT_EQ(A->nestings()[0].Inner.str(), "this->stats_");
  EXPECT_TRUE(A->nestings()[0].OuterHeld);
  EXPECT_TRUE(A->nestings()[0].InnerHeld);
  // stats_ let go: still taken inside this hold of reg_.
  const AccessSnapshot *B = find(S, AccessKind::Write, "this->b_");
  ASSERT_TRUE(B);
  ASSERT_EQ(B->nestings().size(), 1u);
  EXPECT_TRUE(B->nestings()[0].OuterHeld);
  EXPECT_FALSE(B->nestings()[0].InnerHeld);
  // After relock() the hold of reg_ is a new one.
  const AccessSnapshot *C = find(S, AccessKind::Write, "this->c_");
  ASSERT_TRUE(C);
  EXPECT_TRUE(C->isProtected());
  EXPECT_TRUE(C->nestings().empty());
}

TEST(Transfer, LockOnOneBranchOnlyIsNotHeldAfterMerge) {
  FunctionBuilder F("C::maybe", "C");
  // b0 -> {b1, b2}; b1 locks; both -> b3 which writes.
  uint32_t B1 = F.newBlock();
  F.lock(F.thisField("mu_"));
  uint32_t B2 = F.newBlock();
  uint32_t B3 = F.newBlock();
  F.write(F.thisField("x_"), 9);
  F.edges(0, {B1, B2}).edges(B1, {B3}).edges(B2, {B3});
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  const AccessSnapshot *W = find(S, AccessKind::Write, "this->x_");
  ASSERT_TRUE(W);
  EXPECT_FALSE(W->isProtected());
}

TEST(Transfer, TryLockProtectsOnlyTheSuccessBranch) {
  FunctionBuilder F("C::poll", "C");
  F.call("std::mutex::try_lock", {Operand::object(F.thisField("mu_"))});
  F.block(0).CondCall = 0;
  uint32_t Then = F.newBlock();
  F.write(F.thisField("locked_"), 5).unlock(F.thisField("mu_"), 6);
  uint32_t Else = F.newBlock();
  F.write(F.thisField("unlocked_"), 8);
  F.edges(0, {Then, Else});
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  EXPECT_TRUE(find(S, AccessKind::Write, "this->locked_")->isProtected());
  EXPECT_FALSE(find(S, AccessKind::Write, "this->unlocked_")->isProtected());
}

TEST(Transfer, PthreadTryLockSucceedsOnZero) {
  // if (pthread_mutex_trylock(&mu_) == 0) { locked_ = 1; ... } else { ... }
  FunctionBuilder F("C::poll", "C");
  F.call("pthread_mutex_trylock", {Operand::object(F.thisField("mu_"))});
  F.block(0).CondCall = 0;
  F.block(0).CondNegated = true; // Succs[0] is taken on a zero result
  uint32_t Then = F.newBlock();
  F.write(F.thisField("locked_"), 5);
  uint32_t Else = F.newBlock();
  F.write(F.thisField("unlocked_"), 8);
  F.edges(0, {Then, Else});
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  EXPECT_TRUE(find(S, AccessKind::Write, "this->locked_")->isProtected());
  EXPECT_FALSE(find(S, AccessKind::Write, "this->unlocked_")->isProtected());
}

TEST(Transfer, DeferredUniqueLockHoldsOnlyAfterLock) {
  FunctionBuilder F("C::deferred", "C");
  uint32_t G = F.local("lk");
  F.call("std::unique_lock::unique_lock",
         {Operand::object(F.localVar(G)), Operand::object(F.thisField("mu_")),
          Operand::unknown()},
         1, {"std::unique_lock", "std::mutex", "std::defer_lock_t"});
  F.write(F.thisField("before_"), 2);
  F.call("std::unique_lock::lock", {Operand::object(F.localVar(G))}, 3);
  F.write(F.thisField("inside_"), 4);
  F.guardDtor(G, "std::unique_lock", 5);
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  EXPECT_FALSE(find(S, AccessKind::Write, "this->before_")->isProtected());
  EXPECT_TRUE(find(S, AccessKind::Write, "this->inside_")->isProtected());
  EXPECT_TRUE(S.Locks->Acquired.empty());
}

TEST(Transfer, SharedLockProtectsReadsNotWrites) {
  FunctionBuilder F("Cache::get", "Cache");
  uint32_t G = F.local("rl");
  F.call("std::shared_lock::shared_lock",
         {Operand::object(F.localVar(G)), Operand::object(F.thisField("mu_"))},
         1, {"std::shared_lock", "std::shared_mutex"});
  F.read(F.thisField("map_"), 2).write(F.thisField("hits_"), 3);
  F.guardDtor(G, "std::shared_lock", 4);
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  const AccessSnapshot *R = find(S, AccessKind::Read, "this->map_");
  const AccessSnapshot *W = find(S, AccessKind::Write, "this->hits_");
  ASSERT_TRUE(R && W);
  EXPECT_TRUE(R->isProtected());
  EXPECT_FALSE(W->isProtected());
  ASSERT_EQ(W->Locks.size(), 1u);
  EXPECT_TRUE(W->Locks[0].Shared);
}

TEST(Transfer, ContainersAndAtomicsUseModels) {
  FunctionBuilder F("Q::add", "Q");
  F.call("std::vector::push_back", {Operand::object(F.thisField("items_"))}, 1);
  F.call("std::vector::size", {Operand::object(F.thisField("items_"))}, 2);
  F.call("std::atomic::fetch_add", {Operand::object(F.thisField("count_"))}, 3);
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  ASSERT_EQ(S.Accesses.size(), 2u);
  const AccessSnapshot *W = find(S, AccessKind::ContainerWrite, "this->items_");
  ASSERT_TRUE(W);
  EXPECT_EQ(W->containerMethod(), "std::vector::push_back");
  EXPECT_TRUE(find(S, AccessKind::ContainerRead, "this->items_"));
  EXPECT_FALSE(S.UsesLocksDirectly);
}

TEST(Transfer, ReturnedPointersBindCallerLocals) {
  FunctionBuilder Head("List::head", "List");
  Head.ret(Operand::object(Head.thisField("head_").deref()));
  FunctionBuilder Make("makeNode", "", ir::FunctionKind::Free);
  uint32_t N = Make.local("n");
  Make.bind(N, Operand::fresh()).ret(Operand::object(Make.localVar(N).deref()));
  MapLookup L;
  L.add(summarizeFunction(Head.build(), L));
  FunctionSummary MakeS = summarizeFunction(Make.build(), L);
  EXPECT_EQ(MakeS.Return->K, Operand::Kind::Fresh);
  L.add(MakeS);

  FunctionBuilder Use("List::use", "List");
  uint32_t H = Use.local("h"), M = Use.local("m");
  Use.call("List::head", {Operand::object(Use.thisObject())});
  Use.fn().Blocks[0].Instrs.back().call().ResultLocal = H;
  Use.call("makeNode", {});
  Use.fn().Blocks[0].Instrs.back().call().ResultLocal = M;
  Use.write(Use.localVar(H).deref().field("Node::val"), 5);
  Use.write(Use.localVar(M).deref().field("Node::val"), 6);
  FunctionSummary S = summarizeFunction(Use.build(), L);
  ASSERT_EQ(S.Accesses.size(), 1u);
  EXPECT_EQ(S.Accesses[0].Path->str(), "this->head_->val");
}

TEST(Transfer, DeclaredCapabilityEffectsApplyAtCallSites) {
  FunctionBuilder F("Account::deposit", "Account");
  F.call("Mutex::Lock", {Operand::object(F.thisField("mu_"))}, 1);
  F.fn().Blocks[0].Instrs.back().call().DeclaredEffects.push_back(
      {ir::DeclaredLockEffect::Kind::Acquire,
       ir::AccessPath::formal(0, "this").deref()});
  F.write(F.thisField("balance_"), 2);
  F.call("Mutex::Unlock", {Operand::object(F.thisField("mu_"))}, 3);
  F.fn().Blocks[0].Instrs.back().call().DeclaredEffects.push_back(
      {ir::DeclaredLockEffect::Kind::Release,
       ir::AccessPath::formal(0, "this").deref()});
  MapLookup L;
  FunctionSummary S = summarizeFunction(F.build(), L);
  const AccessSnapshot *W = find(S, AccessKind::Write, "this->balance_");
  ASSERT_TRUE(W);
  ASSERT_EQ(W->Locks.size(), 1u);
  EXPECT_EQ(W->Locks[0].Lock.str(), "this->mu_");
  EXPECT_TRUE(S.Locks->Acquired.empty());
}

TEST(Summarizer, RecursionReachesAFixpointWithBoundedPaths) {
  // void Tree::visit(Node *n) { n->seen = 1; visit(n->next); }
  FunctionBuilder F("Tree::walk", "", ir::FunctionKind::Free);
  F.formal("n");
  ir::AccessPath N = ir::AccessPath::formal(0, "n");
  F.write(N.deref().field("Node::seen"), 1);
  F.call("Tree::walk", {Operand::object(N.deref().field("Node::next").deref())},
         2);
  std::vector<ir::Function> Fns{F.build()};
  ProgramSummarizer PS(Fns);
  PS.summarizeAll();
  const FunctionSummary &S = PS.summaries()[0];
  EXPECT_GE(S.Accesses.size(), 2u);
  EXPECT_LE(S.Accesses.size(), ProgramSummarizer::MaxRounds + 1);
  for (const AccessSnapshot &A : S.Accesses)
    EXPECT_LE(A.Path->Steps.size(), ir::MaxPathSteps);
}

TEST(Summarizer, CalleesAreSummarizedBeforeCallers) {
  FunctionBuilder Leaf("C::leaf", "C");
  Leaf.write(Leaf.thisField("x_"));
  FunctionBuilder Mid("C::mid", "C");
  Mid.call("C::leaf", {Operand::object(Mid.thisObject())});
  FunctionBuilder Top("C::top", "C");
  Top.call("C::mid", {Operand::object(Top.thisObject())});
  // Deliberately callers first.
  std::vector<ir::Function> Fns{Top.build(), Mid.build(), Leaf.build()};
  ProgramSummarizer PS(Fns);
  PS.summarizeAll();
  ASSERT_EQ(PS.summaries()[0].Accesses.size(), 1u);
  EXPECT_EQ(PS.summaries()[0].Accesses[0].Trace.size(), 2u);
  EXPECT_EQ(PS.graph().sccs().size(), 3u);
  EXPECT_EQ(PS.graph().sccs().front().vec(), std::vector<uint32_t>{2});
}

} // namespace
