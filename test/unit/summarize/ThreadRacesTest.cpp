//===- ThreadRacesTest.cpp - Thread origins on hand-built IR --------------===//
//
// Programs the way the frontend lowers C with pthreads: thread entries are
// Callables of pthread_create, joins pass the handle as a Value operand.
//===----------------------------------------------------------------------===//
#include "IRTestBuilder.h"
#include "RaceTestUtil.h"
#include "summarize/ConflictFinder.h"
#include "summarize/Summarizer.h"

#include <gtest/gtest.h>

#include <set>

using namespace racer;
using namespace racer::test;
using ir::AccessPath;
using ir::Operand;

namespace {

std::vector<RaceFinding> races(std::vector<ir::Function> Fns) {
  return findRaces(std::move(Fns));
}

FunctionBuilder freeFn(const std::string &Name) {
  return FunctionBuilder(Name, "", ir::FunctionKind::Free);
}

/// pthread_create(&Handle, 0, Entry, Arg)
void spawn(FunctionBuilder &F, AccessPath Handle, const std::string &Entry,
           Operand Arg, unsigned Line) {
  F.call("pthread_create",
         {Operand::object(std::move(Handle)), Operand::unknown(),
          Operand::unknown(), std::move(Arg)},
         Line);
  ir::CallableArg C;
  C.Arg = 2;
  C.Callee = "c:@" + Entry;
  C.CalleeName = Entry;
  F.fn().Blocks.back().Instrs.back().call().Callables.push_back(C);
}

/// pthread_join(Handle, 0)
void join(FunctionBuilder &F, AccessPath Handle, unsigned Line) {
  F.call("pthread_join", {Operand::value(std::move(Handle)), Operand::unknown()},
         Line);
}

void lockGlobal(FunctionBuilder &F, const std::string &Fn,
                const std::string &Mutex, unsigned Line) {
  F.call(Fn, {Operand::object(FunctionBuilder::global(Mutex))}, Line);
}

/// `void *worker(void *arg) { g++; }`
FunctionBuilder incrementer(const std::string &Name, unsigned Line) {
  FunctionBuilder W = freeFn(Name);
  W.formal("arg");
  W.read(FunctionBuilder::global("g"), Line).write(FunctionBuilder::global("g"), Line);
  return W;
}

/// Where the report lands: the first call toward the access in the side's
/// top function, or the access itself.
unsigned reportLine(const RaceSide &S) {
  return S.Access.Trace.empty() ? S.Access.Location.Line
                                : S.Access.Trace.front().Location.Line;
}

/// Reports at \p Line after the collector's dedup (one per function and
/// line).
unsigned countAt(const std::vector<RaceFinding> &R, unsigned Line) {
  std::set<std::string> Functions;
  for (const RaceFinding &F : R)
    if (reportLine(F.Reported) == Line)
      Functions.insert(F.Reported.Function);
  return static_cast<unsigned>(Functions.size());
}

std::string describe(const std::vector<RaceFinding> &R) {
  std::string S;
  for (const RaceFinding &F : R) {
    S += F.Reported.Function + ":" +
         std::to_string(F.Reported.Access.Location.Line) + " " +
         F.Reported.Access.Path->str() + " locks=" +
         std::to_string(F.Reported.Access.Locks.size()) + " vs " +
         F.Conflicting.Function + ":" +
         std::to_string(F.Conflicting.Access.Location.Line) + " kind=" +
         std::to_string(static_cast<int>(F.Kind)) + "\n";
  }
  return S;
}

TEST(ThreadRaces, SameEntryStartedTwiceRacesOnGlobal) {
  FunctionBuilder W = incrementer("worker", 5);
  FunctionBuilder M = freeFn("main");
  uint32_t T1 = M.local("t1"), T2 = M.local("t2");
  spawn(M, M.localVar(T1), "worker", Operand::unknown(), 10);
  spawn(M, M.localVar(T2), "worker", Operand::unknown(), 11);
  join(M, M.localVar(T1), 12);
  join(M, M.localVar(T2), 13);
  M.read(FunctionBuilder::global("g"), 14); // after both joins: ordered
  std::vector<RaceFinding> R = races({W.build(), M.build()});
  EXPECT_GT(countAt(R, 5), 0u);
  EXPECT_EQ(countAt(R, 14), 0u);
  for (const RaceFinding &F : R) {
    EXPECT_EQ(F.Reported.Function, "worker");
    EXPECT_EQ(F.Reported.Root, "main");
    ASSERT_FALSE(F.Reported.Started.empty());
    EXPECT_EQ(F.Reported.Started.back().Callee.str(), "worker");
  }
}

TEST(ThreadRaces, OneThreadAloneDoesNotRace) {
  FunctionBuilder W = incrementer("worker", 5);
  FunctionBuilder M = freeFn("main");
  uint32_t T = M.local("t");
  M.write(FunctionBuilder::global("g"), 9); // before create
  spawn(M, M.localVar(T), "worker", Operand::unknown(), 10);
  join(M, M.localVar(T), 12);
  M.read(FunctionBuilder::global("g"), 14); // after join
  EXPECT_TRUE(races({W.build(), M.build()}).empty());
}

TEST(ThreadRaces, ParentAccessWhileThreadRuns) {
  FunctionBuilder W = incrementer("worker", 5);
  FunctionBuilder M = freeFn("main");
  uint32_t T = M.local("t");
  spawn(M, M.localVar(T), "worker", Operand::unknown(), 10);
  M.read(FunctionBuilder::global("g"), 11);
  join(M, M.localVar(T), 12);
  std::vector<RaceFinding> R = races({W.build(), M.build()});
  EXPECT_EQ(countAt(R, 11), 1u);
  EXPECT_GT(countAt(R, 5), 0u);
  for (const RaceFinding &F : R)
    if (F.Reported.Access.Location.Line == 11) {
      EXPECT_EQ(F.Kind, RaceKind::ReadWriteRace);
      EXPECT_EQ(F.Conflicting.Function, "worker");
    }
}

TEST(ThreadRaces, HeapObjectPassedAsArgument) {
  // void *worker(void *arg) { struct job *j = arg; j->done++; }
  FunctionBuilder W = freeFn("worker");
  W.formal("arg");
  uint32_t J = W.local("j");
  W.bind(J, Operand::object(AccessPath::formal(0, "arg").deref()), 3);
  AccessPath Done = W.localVar(J).deref().field("job::done");
  W.read(Done, 4).write(Done, 4);
  // d = malloc(..); pthread_create(&t1, 0, worker, d); ...(&t2...)
  FunctionBuilder M = freeFn("main");
  uint32_t D = M.local("d"), T1 = M.local("t1"), T2 = M.local("t2");
  M.call("malloc", {Operand::unknown()}, 8);
  M.fn().Blocks.back().Instrs.back().call().ResultLocal = static_cast<int32_t>(D);
  M.write(M.localVar(D).deref().field("job::done"), 9); // before: ordered
  Operand Arg = Operand::object(M.localVar(D).deref());
  spawn(M, M.localVar(T1), "worker", Arg, 10);
  spawn(M, M.localVar(T2), "worker", Arg, 11);
  std::vector<RaceFinding> R = races({W.build(), M.build()});
  ASSERT_EQ(countAt(R, 4), 1u);
  EXPECT_EQ(countAt(R, 9), 0u);
  EXPECT_EQ(R[0].Reported.Access.Path->str(), "d->done");
}

TEST(ThreadRaces, DistinctObjectsDoNotRace) {
  FunctionBuilder W = freeFn("worker");
  W.formal("arg");
  W.write(AccessPath::formal(0, "arg").deref().field("job::done"), 4);
  FunctionBuilder M = freeFn("main");
  uint32_t A = M.local("a"), B = M.local("b"), T1 = M.local("t1"),
           T2 = M.local("t2");
  spawn(M, M.localVar(T1), "worker", Operand::object(M.localVar(A)), 10);
  spawn(M, M.localVar(T2), "worker", Operand::object(M.localVar(B)), 11);
  EXPECT_TRUE(races({W.build(), M.build()}).empty());
}

TEST(ThreadRaces, CommonLockProtectsDifferentLocksDoNot) {
  auto Locked = [](const std::string &Name, const std::string &Mutex,
                   unsigned Line) {
    FunctionBuilder W = freeFn(Name);
    W.formal("arg");
    lockGlobal(W, "pthread_mutex_lock", Mutex, Line - 1);
    W.write(FunctionBuilder::global("g"), Line);
    lockGlobal(W, "pthread_mutex_unlock", Mutex, Line + 1);
    return W;
  };
  auto Program = [&](const std::string &MutexB) {
    FunctionBuilder M = freeFn("main");
    uint32_t T1 = M.local("t1"), T2 = M.local("t2");
    spawn(M, M.localVar(T1), "a", Operand::unknown(), 10);
    spawn(M, M.localVar(T2), "b", Operand::unknown(), 11);
    return races({Locked("a", "m1", 3).build(), Locked("b", MutexB, 6).build(),
                  M.build()});
  };
  EXPECT_TRUE(Program("m1").empty()) << describe(Program("m1"));
  std::vector<RaceFinding> R = Program("m2");
  ASSERT_EQ(R.size(), 2u);
  for (const RaceFinding &F : R) {
    EXPECT_EQ(F.Kind, RaceKind::DifferentLocks);
    EXPECT_NE(F.Reported.Function, F.Conflicting.Function);
  }
}

TEST(ThreadRaces, ReaderLockProtectsReadsNotWrites) {
  auto Worker = [](const std::string &Name, const std::string &LockFn,
                   bool Write, unsigned Line) {
    FunctionBuilder W = freeFn(Name);
    W.formal("arg");
    lockGlobal(W, LockFn, "rw", Line - 1);
    if (Write)
      W.write(FunctionBuilder::global("g"), Line);
    else
      W.read(FunctionBuilder::global("g"), Line);
    lockGlobal(W, "pthread_rwlock_unlock", "rw", Line + 1);
    return W;
  };
  auto Program = [&](const std::string &WriterLock) {
    FunctionBuilder M = freeFn("main");
    uint32_t T1 = M.local("t1"), T2 = M.local("t2");
    spawn(M, M.localVar(T1), "reader", Operand::unknown(), 10);
    spawn(M, M.localVar(T2), "writer", Operand::unknown(), 11);
    return races({Worker("reader", "pthread_rwlock_rdlock", false, 3).build(),
                  Worker("writer", WriterLock, true, 6).build(), M.build()});
  };
  EXPECT_TRUE(Program("pthread_rwlock_wrlock").empty())
      << describe(Program("pthread_rwlock_wrlock"));
  std::vector<RaceFinding> R = Program("pthread_rwlock_rdlock");
  ASSERT_EQ(countAt(R, 6), 1u);
  EXPECT_EQ(countAt(R, 3), 0u); // the reader is protected; the writer is not
}

TEST(ThreadRaces, ThreadStartedInLoopRacesWithItself) {
  FunctionBuilder W = incrementer("worker", 5);
  FunctionBuilder M = freeFn("main");
  uint32_t Th = M.local("th");
  uint32_t Loop = M.newBlock();
  spawn(M, M.localVar(Th).index(), "worker", Operand::unknown(), 10);
  uint32_t Exit = M.newBlock();
  M.edges(0, {Loop}).edges(Loop, {Loop, Exit});
  std::vector<RaceFinding> R = races({W.build(), M.build()});
  ASSERT_EQ(countAt(R, 5), 1u) << describe(R);
}

/// Workers started in one loop into `th[]` (line 10), joined in another
/// (line 12, no loop range known), then main reads g (line 14).
std::vector<ir::Function> joinLoopProgram() {
  FunctionBuilder W = incrementer("worker", 5);
  FunctionBuilder M = freeFn("main");
  uint32_t Th = M.local("th");
  uint32_t SpawnLoop = M.newBlock();
  spawn(M, M.localVar(Th).index(), "worker", Operand::unknown(), 10);
  uint32_t JoinLoop = M.newBlock();
  join(M, M.localVar(Th).index(), 12);
  uint32_t After = M.newBlock();
  M.read(FunctionBuilder::global("g"), 14);
  M.edges(0, {SpawnLoop})
      .edges(SpawnLoop, {SpawnLoop, JoinLoop})
      .edges(JoinLoop, {JoinLoop, After});
  return {W.build(), M.build()};
}

TEST(ThreadRaces, JoinLoopOverHandleArrayOrdersLaterAccesses) {
  std::vector<RaceFinding> R = races(joinLoopProgram());
  EXPECT_EQ(countAt(R, 14), 0u);
  EXPECT_EQ(countAt(R, 5), 1u) << describe(R); // workers race with each other
}

TEST(ThreadRaces, JoinLoopOverHandleArrayIsAnAssumption) {
  // The join loop's bounds are not compared with the start loop's: the
  // threads it joins are taken to be all of them, and that is recorded.
  CollectingSink S = findRacesAndAssumptions(joinLoopProgram());
  ASSERT_TRUE(assumed(S, AssumptionKind::UnmatchedJoin));
  EXPECT_EQ(S.Assumptions.front().Location.Line, 12u);
}

TEST(ThreadRaces, JoinOfTheOneHandleIsNoAssumption) {
  FunctionBuilder W = incrementer("worker", 5);
  FunctionBuilder M = freeFn("main");
  uint32_t T = M.local("t");
  spawn(M, M.localVar(T), "worker", Operand::unknown(), 10);
  join(M, M.localVar(T), 11);
  M.read(FunctionBuilder::global("g"), 12);
  CollectingSink S = findRacesAndAssumptions({W.build(), M.build()});
  EXPECT_TRUE(S.Races.empty()) << describe(S.Races);
  EXPECT_TRUE(S.Assumptions.empty());
}

TEST(ThreadRaces, UnresolvedCallInAThreadIsAnAssumption) {
  FunctionBuilder W = freeFn("worker");
  W.formal("arg");
  W.call("", {}, 6);
  W.fn().Blocks.back().Instrs.back().call().Callee = ""; // indirect
  FunctionBuilder M = freeFn("main");
  uint32_t T = M.local("t");
  spawn(M, M.localVar(T), "worker", Operand::unknown(), 10);
  CollectingSink S = findRacesAndAssumptions({W.build(), M.build()});
  ASSERT_TRUE(assumed(S, AssumptionKind::UnresolvedCall));
}

namespace {
/// lock(&m[4]); G(5) read+write in the thread; lock(&m[i]); G(12) write in
/// main: the same abstract lock `m[]`, but maybe not the same mutex.
std::vector<ir::Function> stripedPair(const AccessPath &G) {
  FunctionBuilder W = freeFn("worker");
  W.formal("arg");
  W.call("pthread_mutex_lock",
         {Operand::object(FunctionBuilder::global("m").index())}, 5);
  W.read(G, 6).write(G, 6);
  W.call("pthread_mutex_unlock",
         {Operand::object(FunctionBuilder::global("m").index())}, 7);
  FunctionBuilder M = freeFn("main");
  uint32_t T = M.local("t");
  spawn(M, M.localVar(T), "worker", Operand::unknown(), 10);
  M.call("pthread_mutex_lock",
         {Operand::object(FunctionBuilder::global("m").index())}, 11);
  M.write(G, 12);
  M.call("pthread_mutex_unlock",
         {Operand::object(FunctionBuilder::global("m").index())}, 13);
  return {W.build(), M.build()};
}
} // namespace

TEST(ThreadRaces, ArrayOfMutexesGuardingElementsIsALockIdentityAssumption) {
  // g[] under m[]: each stripe may guard its own element.
  CollectingSink S =
      findRacesAndAssumptions(stripedPair(FunctionBuilder::global("g").index()));
  EXPECT_TRUE(S.Races.empty()) << describe(S.Races);
  EXPECT_TRUE(assumed(S, AssumptionKind::LockIdentity));
}

TEST(ThreadRaces, OneLocationUnderStripesIsUnderDifferentLocks) {
  // g under m[]: two threads may hold two stripes (LockProtection.h).
  CollectingSink S = findRacesAndAssumptions(stripedPair(FunctionBuilder::global("g")));
  ASSERT_FALSE(S.Races.empty());
  for (const RaceFinding &F : S.Races)
    EXPECT_EQ(F.Kind, RaceKind::DifferentLocks) << describe(S.Races);
}

TEST(ThreadRaces, ThreadsStartedByAHelperRaceWithTheCaller) {
  // void start(void) { pthread_create(&t, 0, worker, 0); }  (never joined)
  FunctionBuilder W = incrementer("worker", 5);
  FunctionBuilder S = freeFn("start");
  uint32_t T = S.local("t");
  spawn(S, S.localVar(T), "worker", Operand::unknown(), 20);
  FunctionBuilder M = freeFn("main");
  M.write(FunctionBuilder::global("g"), 29);
  M.call("start", {}, 30);
  M.write(FunctionBuilder::global("g"), 31);
  std::vector<RaceFinding> R = races({W.build(), S.build(), M.build()});
  EXPECT_EQ(countAt(R, 29), 0u);
  EXPECT_EQ(countAt(R, 31), 1u) << describe(R);
  for (const RaceFinding &F : R)
    if (F.Reported.Function == "worker") {
      ASSERT_EQ(F.Reported.Started.size(), 2u);
      EXPECT_EQ(F.Reported.Started[0].Callee.str(), "start");
      EXPECT_EQ(F.Reported.Started[1].Location.Line, 20u);
    }
}

TEST(ThreadRaces, AtomicSectionFunctionsAreMutuallyExclusive) {
  // void __VERIFIER_atomic_inc(void) { g++; }  called by two threads.
  FunctionBuilder Inc = freeFn("__VERIFIER_atomic_inc");
  Inc.read(FunctionBuilder::global("g"), 2).write(FunctionBuilder::global("g"), 2);
  FunctionBuilder W = freeFn("worker");
  W.formal("arg");
  W.call("__VERIFIER_atomic_inc", {}, 5);
  FunctionBuilder M = freeFn("main");
  uint32_t T1 = M.local("t1"), T2 = M.local("t2");
  spawn(M, M.localVar(T1), "worker", Operand::unknown(), 10);
  spawn(M, M.localVar(T2), "worker", Operand::unknown(), 11);
  EXPECT_TRUE(races({Inc.build(), W.build(), M.build()}).empty());
  // The same increment outside an atomic section races.
  FunctionBuilder Plain = freeFn("inc");
  Plain.read(FunctionBuilder::global("g"), 2).write(FunctionBuilder::global("g"), 2);
  FunctionBuilder W2 = freeFn("worker");
  W2.formal("arg");
  W2.call("inc", {}, 5);
  std::vector<RaceFinding> R = races({Plain.build(), W2.build(), M.build()});
  EXPECT_EQ(countAt(R, 5), 1u) << describe(R);
}

} // namespace

// ProgramSummarizer(..., ReleaseUnneeded=true) frees the accesses of
// summaries only their callers read, and keeps what the reduce phase reads:
// thread entries, roots that start threads, and the members of classes with
// evidence of concurrent use.
TEST(ThreadRaces, ReleasedSummariesAreOnlyThoseNothingReadsLater) {
  // void bump(void) { g++; }            called by worker, main and methods
  // void *worker(void *a) { bump(); }   a thread entry
  // void unused(void) { bump(); }       uncalled, starts no thread
  // int main() { pthread_create(.., worker, ..); pthread_create(..); bump(); }
  // void Stats::add() { bump(); }       a class with no evidence
  // void Locked::add() { lock_guard g(mu_); n_++; }   evidence: takes a lock
  // void Locked::peek() { bump(); }                   ... so kept too
  // void Flagged::add() { bump(); }     evidence: GUARDED_BY (ClassInfo)
  FunctionBuilder Bump = freeFn("bump");
  Bump.read(FunctionBuilder::global("g"), 2).write(FunctionBuilder::global("g"), 2);
  FunctionBuilder Worker = freeFn("worker");
  Worker.formal("a");
  Worker.call("bump", {}, 5);
  FunctionBuilder Unused = freeFn("unused");
  Unused.call("bump", {}, 8);
  FunctionBuilder Main = freeFn("main");
  uint32_t T1 = Main.local("t1"), T2 = Main.local("t2");
  spawn(Main, Main.localVar(T1), "worker", Operand::unknown(), 11);
  spawn(Main, Main.localVar(T2), "worker", Operand::unknown(), 12);
  Main.call("bump", {}, 13);
  FunctionBuilder Add("Stats::add", "Stats");
  Add.call("bump", {}, 16);
  FunctionBuilder LockedAdd("Locked::add", "Locked");
  uint32_t G = LockedAdd.local("g");
  LockedAdd.lockGuard(G, LockedAdd.thisField("mu_"), 20)
      .read(LockedAdd.thisField("n_"), 21)
      .write(LockedAdd.thisField("n_"), 21)
      .guardDtor(G, "std::lock_guard", 22);
  FunctionBuilder LockedPeek("Locked::peek", "Locked");
  LockedPeek.call("bump", {}, 24);
  FunctionBuilder Flagged("Flagged::add", "Flagged");
  Flagged.call("bump", {}, 26);
  std::vector<ir::Function> Fns = {Bump.build(),      Worker.build(),
                                   Unused.build(),    Main.build(),
                                   Add.build(),       LockedAdd.build(),
                                   LockedPeek.build(), Flagged.build()};
  ir::ClassInfo FlaggedInfo;
  FlaggedInfo.Name = "Flagged";
  FlaggedInfo.HasGuardedFields = true;
  std::vector<ir::ClassInfo> Classes = {FlaggedInfo};

  ProgramSummarizer Kept(Fns),
      Released(Fns, /*ReleaseUnneeded=*/true, Classes);
  Kept.summarizeAll();
  Released.summarizeAll();
  auto Accesses = [&](const ProgramSummarizer &PS, const char *Name) {
    for (const FunctionSummary &S : PS.summaries())
      if (S.Name == Name)
        return S.Accesses.size();
    return size_t(999);
  };
  const char *All[] = {"bump",        "worker",      "unused",
                       "main",        "Stats::add",  "Locked::add",
                       "Locked::peek", "Flagged::add"};
  for (const char *Name : All)
    EXPECT_GT(Accesses(Kept, Name), 0u) << Name;
  EXPECT_EQ(Accesses(Released, "bump"), 0u);   // all its callers are done
  EXPECT_EQ(Accesses(Released, "unused"), 0u); // no caller, no thread
  EXPECT_GT(Accesses(Released, "worker"), 0u); // a thread entry
  EXPECT_GT(Accesses(Released, "main"), 0u);   // a root with threads
  EXPECT_EQ(Accesses(Released, "Stats::add"), 0u); // its class is not checked
  EXPECT_GT(Accesses(Released, "Locked::add"), 0u);
  EXPECT_GT(Accesses(Released, "Locked::peek"), 0u);
  EXPECT_GT(Accesses(Released, "Flagged::add"), 0u);

  // The reduce phase finds the same races either way, class races included.
  CollectingSink A, B;
  ConflictStats SA = findConflicts(Fns, Kept.summaries(), Classes, A, &Kept.graph());
  ConflictStats SB =
      findConflicts(Fns, Released.summaries(), Classes, B, &Released.graph());
  EXPECT_GT(SA.Findings, 0u);
  EXPECT_EQ(SA.Findings, SB.Findings);
  EXPECT_EQ(SA.ClassesChecked, 2u);
  EXPECT_EQ(SB.ClassesChecked, 2u);
  EXPECT_EQ(describe(A.Races), describe(B.Races));
}

// A recursive SCC's members that only the SCC itself calls are released as
// soon as the SCC is done: no caller outside reads them. Those a caller
// outside calls wait for it, and its summary is the same as without release.
TEST(ThreadRaces, InternalMembersOfARecursiveSCCAreReleasedWhenItIsDone) {
  // void loop(void) { g++; step(); }     called from outside
  // void step(void) { h++; loop(); }      called only by loop
  // void serve(void) { loop(); }          the caller, after the SCC
  FunctionBuilder Loop = freeFn("loop");
  Loop.read(FunctionBuilder::global("g"), 2).write(FunctionBuilder::global("g"), 2);
  Loop.call("step", {}, 3);
  FunctionBuilder Step = freeFn("step");
  Step.read(FunctionBuilder::global("h"), 6).write(FunctionBuilder::global("h"), 6);
  Step.call("loop", {}, 7);
  FunctionBuilder Serve = freeFn("serve");
  Serve.call("loop", {}, 10);
  std::vector<ir::Function> Fns = {Loop.build(), Step.build(), Serve.build()};

  ProgramSummarizer Kept(Fns), Released(Fns, /*ReleaseUnneeded=*/true);
  Kept.summarizeAll();
  auto Index = [&](const char *Name) {
    for (uint32_t I = 0; I < Fns.size(); ++I)
      if (Fns[I].Name == Name)
        return I;
    return uint32_t(999);
  };
  const CallGraph &G = Released.graph();
  const uint32_t SCC = G.sccOf()[Index("loop")];
  ASSERT_EQ(G.sccOf()[Index("step")], SCC);
  ASSERT_NE(G.sccOf()[Index("serve")], SCC);
  const uint32_t Caller = G.sccOf()[Index("serve")];
  for (uint32_t C = 0; C < G.sccs().size(); ++C) {
    Released.computeSCC(C);
    if (C == Caller) { // it reads loop's summary whole: the same as without
      EXPECT_TRUE(Released.summaries()[Index("serve")] ==
                  Kept.summaries()[Index("serve")]);
    }
    Released.finishSCC(C);
    if (C != SCC)
      continue;
    // The SCC is done, its caller is not.
    EXPECT_TRUE(Released.released(Index("step")));
    EXPECT_TRUE(Released.summaries()[Index("step")].Accesses.empty());
    EXPECT_FALSE(Released.released(Index("loop")));
    EXPECT_EQ(Released.summaries()[Index("loop")].Accesses.size(),
              Kept.summaries()[Index("loop")].Accesses.size());
  }
  // serve reaches both globals through loop (a read and a write of each).
  EXPECT_EQ(Kept.summaries()[Index("serve")].Accesses.size(), 4u);
  // (serve is uncalled and starts no thread: released once done.)
  EXPECT_TRUE(Released.released(Index("serve")));
}

namespace {
/// `std::thread::thread(Args...)` with \p Types as the argument types and
/// no callable racecar could name.
void threadCtor(FunctionBuilder &F, std::vector<Operand> Args,
                std::vector<std::string> Types, unsigned Line) {
  F.call("std::thread::thread", std::move(Args), Line, std::move(Types));
}
} // namespace

TEST(ThreadRaces, DefaultOrMovedThreadObjectStartsNothing) {
  // `std::thread t;` and `std::thread u(std::move(t));`: no thread starts
  // there, so no start racecar cannot see (which would make the verdict
  // unknown); a thread whose callable is not known still is one.
  FunctionBuilder F = freeFn("owner");
  uint32_t T = F.local("t"), U = F.local("u");
  threadCtor(F, {Operand::object(F.localVar(T))}, {"std::thread"}, 1);
  threadCtor(F,
             {Operand::object(F.localVar(U)), Operand::object(F.localVar(T))},
             {"std::thread", "std::thread"}, 2);
  EXPECT_FALSE(assumed(findRacesAndAssumptions({F.build()}),
                       AssumptionKind::UnknownThread));

  FunctionBuilder G = freeFn("starter");
  threadCtor(G, {Operand::object(G.localVar(G.local("v"))), Operand::unknown()},
             {"std::thread", "void (*)()"}, 1);
  EXPECT_TRUE(assumed(findRacesAndAssumptions({G.build()}),
                      AssumptionKind::UnknownThread));
}
