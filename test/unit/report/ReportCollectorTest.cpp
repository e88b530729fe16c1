//===- ReportCollectorTest.cpp - Wording, dedup and order of reports ------===//

#include "report/ReportCollector.h"
#include "report/Writers.h"
#include "test/unit/report/ReportTestUtil.h"

#include <algorithm>
#include <map>
#include <random>
#include <thread>

using namespace racer;
using namespace racer::report;
using namespace racer::report::test;

namespace {

const std::vector<std::string> Files = {"/src/counter.cpp", "/src/counter.h",
                                        "/src/aaa.cpp"};

ir::AccessPath N() { return thisField("Counter", "n_"); }

RaceFinding directWrite() {
  return finding(RaceKind::UnprotectedWrite, "Counter",
                 side("Counter::inc", AccessKind::Write, N(), loc(0, 10, 5)),
                 side("Counter::set", AccessKind::Write, N(), loc(0, 20, 7)));
}

std::vector<Report> collect(const std::vector<RaceFinding> &Fs) {
  ReportCollector C(Files);
  for (const RaceFinding &F : Fs)
    C.handleRace(F);
  return C.takeReports();
}

std::string asJson(const std::vector<Report> &Rs) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeJson(Rs, OS);
  return S;
}

TEST(ReportCollectorTest, RuleIds) {
  EXPECT_STREQ(ruleId(RaceKind::UnprotectedWrite), "racecar-unprotected-write");
  EXPECT_STREQ(ruleId(RaceKind::ReadWriteRace), "racecar-read-write-race");
}

TEST(ReportCollectorTest, DirectUnprotectedWrite) {
  Report R = wordFinding(directWrite(), Files);
  EXPECT_EQ(R.RuleId, "racecar-unprotected-write");
  EXPECT_EQ(R.Message, "unprotected write to `this->n_` in 'Counter::inc' "
                       "races with the write in 'Counter::set'");
  EXPECT_EQ(R.Loc.File, "/src/counter.cpp");
  EXPECT_EQ(R.Loc.Line, 10u);
  EXPECT_EQ(R.Loc.Col, 5u);
  EXPECT_TRUE(R.Trace.empty());
  EXPECT_EQ(R.ConflictMessage, "conflicting write in 'Counter::set'");
  EXPECT_EQ(R.ConflictLoc.File, "/src/counter.cpp");
  EXPECT_EQ(R.ConflictLoc.Line, 20u);
  EXPECT_EQ(R.ConflictLoc.Col, 7u);
  EXPECT_TRUE(R.ConflictTrace.empty());
  EXPECT_EQ(R.Class, "Counter");
  EXPECT_EQ(R.Function, "Counter::inc");
  EXPECT_EQ(R.ConflictFunction, "Counter::set");
  EXPECT_EQ(R.Path, "this->n_");
}

TEST(ReportCollectorTest, ReadWriteRace) {
  RaceFinding F = finding(
      RaceKind::ReadWriteRace, "Counter",
      side("Counter::get", AccessKind::Read, N(), loc(0, 30, 12)),
      side("Counter::set", AccessKind::Write, N(), loc(0, 20, 7)));
  Report R = wordFinding(F, Files);
  EXPECT_EQ(R.RuleId, "racecar-read-write-race");
  EXPECT_EQ(R.Message, "read of `this->n_` without synchronization in "
                       "'Counter::get' races with the write in 'Counter::set'");
  EXPECT_EQ(R.Loc.Line, 30u);
}

TEST(ReportCollectorTest, ViaCall) {
  RaceFinding F = finding(
      RaceKind::UnprotectedWrite, "Counter",
      side("Counter::inc", AccessKind::Write, N(), loc(1, 5, 3),
           {call("Counter::bump", loc(0, 12, 3)),
            call("Counter::bumpImpl", loc(1, 8, 5))}),
      side("Counter::reset", AccessKind::Write, N(), loc(1, 9, 3),
           {call("Counter::clear", loc(0, 40, 5))}));
  Report R = wordFinding(F, Files);
  EXPECT_EQ(R.Message,
            "unprotected write to `this->n_` in 'Counter::inc' (via call to "
            "'Counter::bump') races with the write in 'Counter::reset'");
  // The user acts at the first call in the top-level function.
  EXPECT_EQ(R.Loc.File, "/src/counter.cpp");
  EXPECT_EQ(R.Loc.Line, 12u);
  EXPECT_EQ(R.Loc.Col, 3u);
  ASSERT_EQ(R.Trace.size(), 3u);
  EXPECT_EQ(R.Trace[0].Message, "call to 'Counter::bump'");
  EXPECT_EQ(R.Trace[0].Loc.Line, 12u);
  EXPECT_EQ(R.Trace[1].Message, "call to 'Counter::bumpImpl'");
  EXPECT_EQ(R.Trace[1].Loc.File, "/src/counter.h");
  EXPECT_EQ(R.Trace[1].Loc.Line, 8u);
  EXPECT_EQ(R.Trace[2].Message, "write to `this->n_` here");
  EXPECT_EQ(R.Trace[2].Loc.File, "/src/counter.h");
  EXPECT_EQ(R.Trace[2].Loc.Line, 5u);

  EXPECT_EQ(R.ConflictMessage,
            "conflicting write in 'Counter::reset' (via call to 'Counter::clear')");
  EXPECT_EQ(R.ConflictLoc.Line, 40u);
  ASSERT_EQ(R.ConflictTrace.size(), 2u);
  EXPECT_EQ(R.ConflictTrace[0].Message, "call to 'Counter::clear'");
  EXPECT_EQ(R.ConflictTrace[1].Message, "write to `this->n_` here");
  EXPECT_EQ(R.ConflictTrace[1].Loc.Line, 9u);
}

/// A race between threads: `counter` written in 'start_pool' (reached from
/// a root through a call at \p CallLine) against the thread 'worker'.
RaceFinding poolStartRace(const std::string &Root, uint32_t CallLine) {
  ir::AccessPath G = ir::AccessPath::global("counter", "counter");
  RaceSide Worker = side("worker", AccessKind::Write, G, loc(2, 3, 32));
  Worker.Started = {call("start_pool", loc(2, CallLine, 21)),
                    call("worker", loc(2, 6, 3))};
  Worker.Root = Root;
  RaceSide Starter = side(Root, AccessKind::Write, G, loc(2, 7, 3),
                          {call("start_pool", loc(2, CallLine, 21))});
  Starter.Root = Root;
  return finding(RaceKind::UnprotectedWrite, "", Starter, Worker);
}

TEST(ReportCollectorTest, ThreadRaceIsReportedAtTheAccess) {
  Report R = wordFinding(poolStartRace("init_a", 9), Files);
  // At the line to fix, in the function holding it, not at the root's call.
  EXPECT_EQ(R.Loc.File, "/src/aaa.cpp");
  EXPECT_EQ(R.Loc.Line, 7u);
  EXPECT_EQ(R.Function, "start_pool");
  EXPECT_EQ(R.Message, "unprotected write to `counter` in 'start_pool' "
                       "(reached from 'init_a') races with the write in "
                       "'worker'");
  ASSERT_EQ(R.Trace.size(), 2u);
  EXPECT_EQ(R.Trace[0].Message, "call to 'start_pool'");
  EXPECT_EQ(R.Trace[0].Loc.Line, 9u);
  // Twin: a class's race through a call stays at the public method's call
  // (ViaCall).
}

TEST(ReportCollectorTest, ThreadRaceReachedFromTwoRootsIsOneReport) {
  std::vector<Report> Rs =
      collect({poolStartRace("init_a", 9), poolStartRace("init_b", 10)});
  ASSERT_EQ(Rs.size(), 1u);
  EXPECT_EQ(Rs[0].Loc.Line, 7u);
  auto Also = std::find_if(Rs[0].Trace.begin(), Rs[0].Trace.end(),
                           [](const Note &N) {
                             return N.Message == "also reached from 'init_b'";
                           });
  ASSERT_NE(Also, Rs[0].Trace.end());
  EXPECT_EQ(Also->Loc.Line, 10u);
  // Twin: another access on another line (another variable) is a report of
  // its own.
  RaceFinding Other = poolStartRace("init_b", 10);
  Other.Reported.Access.Path = ir::AccessPath::global("limit", "limit");
  Other.Reported.Access.Location = loc(2, 8, 3);
  Other.Conflicting.Access.Path = ir::AccessPath::global("limit", "limit");
  EXPECT_EQ(collect({poolStartRace("init_a", 9), Other}).size(), 2u);
}

TEST(ReportCollectorTest, ThreadRaceSeenFromBothSidesIsOneReport) {
  RaceFinding F = poolStartRace("init_a", 9);
  RaceFinding Back = F;
  std::swap(Back.Reported, Back.Conflicting);
  std::vector<Report> Rs = collect({F, Back});
  ASSERT_EQ(Rs.size(), 1u);
  // Twin: the same two lines racing on two variables stay two reports.
  RaceFinding G = F, GBack = Back;
  G.Reported.Access.Path = G.Conflicting.Access.Path =
      ir::AccessPath::global("limit", "limit");
  GBack.Reported.Access.Path = GBack.Conflicting.Access.Path =
      ir::AccessPath::global("limit", "limit");
  G.Reported.Access.Location.Col = 20;
  GBack.Conflicting.Access.Location.Col = 20;
  EXPECT_EQ(collect({F, Back, G, GBack}).size(), 2u);
}

HeldLock heldLock(const std::string &Name) {
  HeldLock L;
  L.Lock = ir::AccessPath::global(Name, Name);
  return L;
}

TEST(ReportCollectorTest, DifferentLocksNameTheLocksThatMatter) {
  // 'resetter' holds `config_lock` around everything it does and
  // `audit_lock`, which 'auditor' also holds at `hits`; 'counter' holds
  // `stats_lock`. The message names `audit_lock` on the resetter's side,
  // not the lock nobody else takes there; a side where no lock is held
  // elsewhere keeps them all.
  ir::AccessPath G = ir::AccessPath::global("hits", "hits");
  RaceSide Resetter = side("resetter", AccessKind::Write, G, loc(2, 10, 3));
  Resetter.Access.Locks = {heldLock("config_lock"), heldLock("audit_lock")};
  RaceSide Counter = side("counter", AccessKind::Write, G, loc(2, 20, 3));
  Counter.Access.Locks = {heldLock("stats_lock")};
  RaceSide Auditor = side("auditor", AccessKind::Read, G, loc(2, 30, 3));
  Auditor.Access.Locks = {heldLock("audit_lock")};
  RaceFinding F = finding(RaceKind::DifferentLocks, "", Resetter, Counter);
  RaceFinding Audit = finding(RaceKind::DifferentLocks, "", Auditor, Counter);
  std::vector<Report> Rs = collect({F, Audit});
  auto It = std::find_if(Rs.begin(), Rs.end(),
                         [](const Report &R) { return R.Loc.Line == 10; });
  ASSERT_NE(It, Rs.end());
  EXPECT_EQ(It->Message, "write to `hits` under `audit_lock` in 'resetter' "
                         "races with the write under `stats_lock` in "
                         "'counter' (no common lock)");
  // Twin: alone, no lock of the resetter's is held elsewhere: all named.
  std::vector<Report> Alone = collect({F});
  ASSERT_EQ(Alone.size(), 1u);
  EXPECT_EQ(Alone[0].Message,
            "write to `hits` under `config_lock`, `audit_lock` in 'resetter' "
            "races with the write under `stats_lock` in 'counter' (no common "
            "lock)");
}

TEST(ReportCollectorTest, ClassRaceOneAccessPairFromManyMethodsIsOneReport) {
  // A helper's read (counter.h:5) reached from two public methods, racing
  // with one teardown write (counter.cpp:40): one report, at the first
  // method's call, the other method a note.
  auto Via = [](const std::string &Method, uint32_t CallLine,
                ir::Loc Conflict) {
    return finding(
        RaceKind::ReadWriteRace, "Counter",
        side(Method, AccessKind::Read, N(), loc(1, 5, 3),
             {call("Counter::helper", loc(0, CallLine, 3))}),
        side("Counter::close", AccessKind::Write, N(), Conflict));
  };
  std::vector<Report> Rs = collect({Via("Counter::get", 10, loc(0, 40, 5)),
                                    Via("Counter::peek", 20, loc(0, 40, 5))});
  ASSERT_EQ(Rs.size(), 1u);
  EXPECT_EQ(Rs[0].Loc.Line, 10u);
  auto Also = std::find_if(Rs[0].Trace.begin(), Rs[0].Trace.end(),
                           [](const Note &N) {
                             return N.Message ==
                                    "also reached from 'Counter::peek'";
                           });
  ASSERT_NE(Also, Rs[0].Trace.end());
  EXPECT_EQ(Also->Loc.Line, 20u);
  // Twin: racing with another write (another cause), each stays.
  EXPECT_EQ(collect({Via("Counter::get", 10, loc(0, 40, 5)),
                     Via("Counter::peek", 20, loc(0, 50, 5))})
                .size(),
            2u);
}

TEST(ReportCollectorTest, StructCopyFromManyMethodsIsOneReport) {
  // `Status s = bg_error_;` (a copy reading three fields, counter.h:5-7)
  // reached from two public methods, racing with one assignment writing
  // them (counter.cpp:40-42). The first method's report lists the other
  // fields as notes; the second method reaches the same pairs, field by
  // field: each is that report's, never a report of its own (before, its
  // second field made one).
  auto Field = [](const char *F) { return thisField("Counter", F); };
  auto Via = [&](const std::string &Method, uint32_t CallLine, const char *F,
                 uint32_t Line) {
    return finding(
        RaceKind::ReadWriteRace, "Counter",
        side(Method, AccessKind::Read, Field(F), loc(1, Line, 3),
             {call("Status::Status", loc(0, CallLine, 3))}),
        side("Counter::fail", AccessKind::Write, Field(F),
             loc(0, 35 + Line, 5)));
  };
  std::vector<RaceFinding> Fs;
  for (const char *M : {"Counter::get", "Counter::put"})
    for (auto [F, Line] : {std::pair<const char *, uint32_t>{"code_", 5},
                           {"sev_", 6},
                           {"state_", 7}})
      Fs.push_back(Via(M, std::string(M) == "Counter::get" ? 10 : 20, F, Line));
  std::vector<Report> Rs = collect(Fs);
  ASSERT_EQ(Rs.size(), 1u);
  EXPECT_EQ(Rs[0].Loc.Line, 10u);
  EXPECT_EQ(llvm::count_if(Rs[0].Trace,
                           [](const Note &N) {
                             return N.Message ==
                                    "also reached from 'Counter::put'";
                           }),
            1);
  // Twin: the second method copies another struct (other pairs): its own
  // report.
  std::vector<RaceFinding> Other = {Via("Counter::get", 10, "code_", 5),
                                    Via("Counter::get", 10, "sev_", 6),
                                    Via("Counter::put", 20, "limit_", 8),
                                    Via("Counter::put", 20, "burst_", 9)};
  EXPECT_EQ(collect(Other).size(), 2u);
}

TEST(ReportCollectorTest, CutTraceSaysHowManyCallsItLeavesOut) {
  std::vector<CallSite> Frames;
  for (unsigned K = 0; K < CallChain::MaxDepth; ++K)
    Frames.push_back(call("step" + std::to_string(K), loc(0, 10 + K, 3)));
  RaceFinding F = finding(
      RaceKind::UnprotectedWrite, "Counter",
      side("Counter::inc", AccessKind::Write, N(), loc(1, 5, 3), Frames),
      side("Counter::reset", AccessKind::Write, N(), loc(1, 9, 3)));
  F.Reported.Access.Trace = CallChain(Frames, 3);
  Report R = wordFinding(F, Files);
  ASSERT_EQ(R.Trace.size(), CallChain::MaxDepth + 2);
  EXPECT_EQ(R.Trace[CallChain::MaxDepth].Message, "... 3 more calls (not shown)");
  EXPECT_EQ(R.Trace[CallChain::MaxDepth].Loc.Line, 17u); // the last call shown
  EXPECT_EQ(R.Trace.back().Message, "write to `this->n_` here");
  // A chain kept whole has no such note.
  F.Reported.Access.Trace = CallChain(Frames);
  EXPECT_EQ(wordFinding(F, Files).Trace.size(), CallChain::MaxDepth + 1);
  // Prepending past the kept depth counts every frame.
  CallChain Deep(Frames);
  for (int K = 0; K < 40; ++K)
    Deep = CallChain::prepend(call("outer", loc(0, 1, 1)), Deep);
  EXPECT_EQ(Deep.size(), CallChain::MaxDepth);
  EXPECT_EQ(Deep.hidden(), 40u);
}

TEST(ReportCollectorTest, ReadViaCallTraceEndsWithRead) {
  RaceFinding F = finding(
      RaceKind::ReadWriteRace, "Counter",
      side("Counter::get", AccessKind::Read, N(), loc(1, 5, 3),
           {call("Counter::peek", loc(0, 12, 3))}),
      side("Counter::set", AccessKind::Write, N(), loc(0, 20, 7)));
  Report R = wordFinding(F, Files);
  EXPECT_EQ(R.Message, "read of `this->n_` without synchronization in "
                       "'Counter::get' (via call to 'Counter::peek') races "
                       "with the write in 'Counter::set'");
  ASSERT_EQ(R.Trace.size(), 2u);
  EXPECT_EQ(R.Trace[1].Message, "read of `this->n_` here");
}

TEST(ReportCollectorTest, Containers) {
  ir::AccessPath V = thisField("Cache", "v_");
  RaceFinding W = finding(
      RaceKind::UnprotectedWrite, "Cache",
      side("Cache::add", AccessKind::ContainerWrite, V, loc(0, 3, 5),
           {call("Cache::addImpl", loc(0, 2, 5))}, "std::vector::push_back"),
      side("Cache::clear", AccessKind::ContainerWrite, V, loc(0, 4, 5), {},
           "std::vector::clear"));
  Report RW = wordFinding(W, Files);
  EXPECT_EQ(RW.Message,
            "unprotected write to container `this->v_` (call to "
            "'std::vector::push_back') in 'Cache::add' (via call to "
            "'Cache::addImpl') races with the write in 'Cache::clear'");
  ASSERT_EQ(RW.Trace.size(), 2u);
  EXPECT_EQ(RW.Trace[1].Message,
            "call to 'std::vector::push_back' on container `this->v_` here");
  EXPECT_EQ(RW.Path, "this->v_");

  RaceFinding R = finding(
      RaceKind::ReadWriteRace, "Cache",
      side("Cache::size", AccessKind::ContainerRead, V, loc(0, 5, 12), {},
           "std::vector::size"),
      side("Cache::clear", AccessKind::ContainerWrite, V, loc(0, 4, 5), {},
           "std::vector::clear"));
  EXPECT_EQ(wordFinding(R, Files).Message,
            "read of container `this->v_` (call to 'std::vector::size') "
            "without synchronization in 'Cache::size' races with the write in "
            "'Cache::clear'");
}

TEST(ReportCollectorTest, SelfRace) {
  RaceSide S = side("Counter::inc", AccessKind::Write, N(), loc(0, 10, 5));
  Report R = wordFinding(
      finding(RaceKind::UnprotectedWrite, "Counter", S, S), Files);
  EXPECT_EQ(R.Message, "unprotected write to `this->n_` in 'Counter::inc' "
                       "races with itself on another thread");
  EXPECT_EQ(R.ConflictMessage,
            "conflicting write by another thread running 'Counter::inc'");
  EXPECT_EQ(R.ConflictFunction, "Counter::inc");

  // Same function, different access: not a self race.
  RaceSide Other = S;
  Other.Access.Location = loc(0, 11, 5);
  Report R2 = wordFinding(
      finding(RaceKind::UnprotectedWrite, "Counter", S, Other), Files);
  EXPECT_EQ(R2.Message, "unprotected write to `this->n_` in 'Counter::inc' "
                        "races with the write in 'Counter::inc'");
  EXPECT_EQ(R2.ConflictMessage, "conflicting write in 'Counter::inc'");
}

TEST(ReportCollectorTest, SharedLockOnly) {
  RaceFinding F = directWrite();
  HeldLock L;
  L.Lock = thisField("Counter", "mu_");
  L.Shared = true;
  F.Reported.Access.Locks = {L};
  EXPECT_EQ(wordFinding(F, Files).Message,
            "unprotected write to `this->n_` in 'Counter::inc' races with the "
            "write in 'Counter::set' (only a shared lock is held)");

  // Self race with a shared lock.
  RaceFinding Self = F;
  Self.Conflicting = Self.Reported;
  EXPECT_EQ(wordFinding(Self, Files).Message,
            "unprotected write to `this->n_` in 'Counter::inc' races with "
            "itself on another thread (only a shared lock is held)");

  // An exclusive lock among them: no remark.
  HeldLock X;
  X.Lock = thisField("Counter", "other_");
  F.Reported.Access.Locks.edit([&](LockVector &V) { V.push_back(X); });
  EXPECT_EQ(wordFinding(F, Files).Message.find("shared lock"), std::string::npos);
}

TEST(ReportCollectorTest, UnknownFileIndex) {
  RaceFinding F = directWrite();
  F.Reported.Access.Location.File = 99;
  EXPECT_EQ(wordFinding(F, Files).Loc.File, "<unknown>");
}

TEST(ReportCollectorTest, DedupSameSiteAcrossPaths) {
  // (a) Two fields written on the same line of the same function race on
  // different memory with different lines: two reports (`m_ = n_++;`).
  RaceFinding A = directWrite();
  RaceFinding B = directWrite();
  B.Reported.Access.Path = thisField("Counter", "m_");
  B.Reported.Access.Location = loc(0, 10, 15);
  B.Conflicting.Access.Path = thisField("Counter", "m_");
  B.Conflicting.Access.Location.Line += 1;
  auto Rs = collect({B, A});
  ASSERT_EQ(Rs.size(), 2u);
  EXPECT_EQ(Rs[0].Path, "this->n_"); // column 5 before column 15
  EXPECT_EQ(Rs[1].Path, "this->m_");
  // With one other line (a macro writing both on each side): one cause,
  // one report, naming the other variable in a note.
  RaceFinding B1 = B;
  B1.Conflicting.Access.Location = A.Conflicting.Access.Location;
  std::vector<Report> OnePair = collect({B1, A});
  ASSERT_EQ(OnePair.size(), 1u);
  EXPECT_EQ(OnePair[0].Path, "this->m_"); // the first path in order
  ASSERT_FALSE(OnePair[0].Trace.empty());
  EXPECT_EQ(OnePair[0].Trace.front().Message,
            "this line also races on `this->n_`: write here, with "
            "'Counter::set'");
  // The same field read and written on one line stays one report.
  RaceFinding Read = directWrite();
  Read.Kind = RaceKind::ReadWriteRace;
  Read.Reported.Access.Kind = AccessKind::Read;
  EXPECT_EQ(collect({Read, A}).size(), 1u);

  // Two variables reached through the same call site: one report, whose
  // notes name the other variable where it is; the same variable reached
  // twice: one report, no such note.
  RaceFinding C = finding(
      RaceKind::UnprotectedWrite, "Counter",
      side("Counter::inc", AccessKind::Write, N(), loc(1, 5, 3),
           {call("Counter::bump", loc(0, 12, 3))}),
      side("Counter::set", AccessKind::Write, N(), loc(0, 20, 7)));
  RaceFinding D = C;
  D.Reported.Access.Path = thisField("Counter", "total_");
  D.Reported.Access.Location = loc(1, 6, 3);
  D.Conflicting.Access.Path = thisField("Counter", "total_");
  std::vector<Report> Both = collect({C, D});
  ASSERT_EQ(Both.size(), 1u);
  EXPECT_EQ(Both[0].Path, "this->n_");
  ASSERT_FALSE(Both[0].Trace.empty());
  EXPECT_EQ(Both[0].Trace.back().Message,
            "the call on this line also races on `this->total_`: write here, "
            "with 'Counter::set'");
  EXPECT_EQ(Both[0].Trace.back().Loc.Line, 6u);
  RaceFinding C2 = C;
  C2.Reported.Access.Location = loc(1, 9, 3); // n_ again, elsewhere below
  std::vector<Report> Same = collect({C, C2});
  ASSERT_EQ(Same.size(), 1u);
  EXPECT_EQ(Same[0].Trace.size(), 2u); // the call, the write: nothing more

  // Same line in different functions: both reported.
  RaceFinding E = directWrite();
  E.Reported.Function = "Counter::dec";
  EXPECT_EQ(collect({A, E}).size(), 2u);

  // Same function and line but a different class: both reported.
  RaceFinding G = B;
  G.Class = "Other";
  EXPECT_EQ(collect({A, G}).size(), 2u);
}

TEST(ReportCollectorTest, DedupOnePerPathFunctionAndRule) {
  // (b) The same function writes `this->n_` on two lines: one report.
  RaceFinding A = directWrite();
  RaceFinding B = directWrite();
  B.Reported.Access.Location = loc(0, 11, 5);
  // And races with two different writers: still one report.
  RaceFinding C = directWrite();
  C.Conflicting.Function = "Counter::reset";
  C.Conflicting.Access.Location = loc(0, 25, 3);
  ReportCollector Col(Files);
  Col.handleRace(B);
  Col.handleRace(C);
  Col.handleRace(A);
  EXPECT_EQ(Col.numFindings(), 3u);
  auto Rs = Col.takeReports();
  ASSERT_EQ(Rs.size(), 1u);
  EXPECT_EQ(Rs[0].Loc.Line, 10u);
  EXPECT_EQ(Rs[0].ConflictFunction, "Counter::reset");
  EXPECT_EQ(Col.stats().Findings, 3u);
  EXPECT_EQ(Col.stats().Reports, 1u);
  EXPECT_EQ(Col.stats().DroppedSameSite + Col.stats().DroppedSamePath, 2u);
  EXPECT_EQ(Col.numFindings(), 0u);

  // A read race and a write race of the same path in the same function, on
  // different lines: one of each.
  RaceFinding R = finding(
      RaceKind::ReadWriteRace, "Counter",
      side("Counter::inc", AccessKind::Read, N(), loc(0, 12, 9)),
      side("Counter::set", AccessKind::Write, N(), loc(0, 20, 7)));
  RaceFinding R2 = R;
  R2.Reported.Access.Location = loc(0, 13, 9);
  Rs = collect({R2, A, R, B});
  ASSERT_EQ(Rs.size(), 2u);
  EXPECT_EQ(Rs[0].RuleId, "racecar-unprotected-write");
  EXPECT_EQ(Rs[0].Loc.Line, 10u);
  EXPECT_EQ(Rs[1].RuleId, "racecar-read-write-race");
  EXPECT_EQ(Rs[1].Loc.Line, 12u);

  // Another function on the same path is reported separately.
  RaceFinding O = directWrite();
  O.Reported.Function = "Counter::add";
  O.Reported.Access.Location = loc(0, 50, 5);
  EXPECT_EQ(collect({A, O}).size(), 2u);
}

TEST(ReportCollectorTest, DedupPrefersWriteOnSameLocation) {
  // `n_++`: read and write at the same location, both racing.
  RaceFinding W = directWrite();
  RaceFinding R = finding(
      RaceKind::ReadWriteRace, "Counter",
      side("Counter::inc", AccessKind::Read, N(), loc(0, 10, 5)),
      side("Counter::set", AccessKind::Write, N(), loc(0, 20, 7)));
  auto Rs = collect({R, W});
  ASSERT_EQ(Rs.size(), 1u);
  EXPECT_EQ(Rs[0].RuleId, "racecar-unprotected-write");
}

std::vector<RaceFinding> manyFindings() {
  std::vector<RaceFinding> Fs;
  const char *Fields[] = {"a_", "b_", "c_"};
  const char *Fns[] = {"Counter::f", "Counter::g", "Counter::h"};
  unsigned Line = 1;
  for (const char *Fd : Fields)
    for (const char *Fn : Fns)
      for (const char *Other : Fns)
        for (RaceKind K : {RaceKind::UnprotectedWrite, RaceKind::ReadWriteRace}) {
          AccessKind AK =
              K == RaceKind::UnprotectedWrite ? AccessKind::Write : AccessKind::Read;
          ir::AccessPath P = thisField("Counter", Fd);
          std::vector<CallSite> Tr;
          if (Line % 3 == 0)
            Tr.push_back(call("Counter::helper", loc(2, Line, 2)));
          Fs.push_back(finding(
              K, Line % 4 == 0 ? "Other" : "Counter",
              side(Fn, AK, P, loc(Line % 2, Line % 7 + 1, Line % 5 + 1), Tr),
              side(Other, AccessKind::Write, P, loc(0, Line % 11 + 1, 3))));
          ++Line;
        }
  // Exact duplicates, too.
  Fs.push_back(Fs[3]);
  Fs.push_back(Fs[17]);
  return Fs;
}

TEST(ReportCollectorTest, OrderIndependent) {
  std::vector<RaceFinding> Fs = manyFindings();
  std::string Expected = asJson(collect(Fs));
  std::mt19937 Rng(12345);
  for (int I = 0; I < 20; ++I) {
    std::shuffle(Fs.begin(), Fs.end(), Rng);
    EXPECT_EQ(asJson(collect(Fs)), Expected) << "shuffle " << I;
  }
  std::reverse(Fs.begin(), Fs.end());
  EXPECT_EQ(asJson(collect(Fs)), Expected);
}

TEST(ReportCollectorTest, ConcurrentHandleRace) {
  std::vector<RaceFinding> Fs = manyFindings();
  std::string Expected = asJson(collect(Fs));
  ReportCollector C(Files);
  std::vector<std::thread> Threads;
  for (unsigned T = 0; T < 4; ++T)
    Threads.emplace_back([&, T] {
      for (size_t I = T; I < Fs.size(); I += 4)
        C.handleRace(Fs[I]);
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(C.numFindings(), Fs.size());
  EXPECT_EQ(asJson(C.takeReports()), Expected);
}

TEST(ReportCollectorTest, OutputSortedByLocation) {
  std::vector<RaceFinding> Fs = manyFindings();
  // One report in aaa.cpp (file index 2), at a line after all the others.
  Fs.push_back(finding(
      RaceKind::UnprotectedWrite, "Counter",
      side("Counter::z", AccessKind::Write, thisField("Counter", "z_"),
           loc(2, 50, 1)),
      side("Counter::f", AccessKind::Write, thisField("Counter", "z_"),
           loc(0, 1, 1))));
  std::vector<Report> Rs = collect(Fs);
  ASSERT_GT(Rs.size(), 3u);
  for (size_t I = 1; I < Rs.size(); ++I) {
    const Report &A = Rs[I - 1], &B = Rs[I];
    EXPECT_LE(std::tie(A.Loc.File, A.Loc.Line, A.Loc.Col, A.RuleId, A.Message),
              std::tie(B.Loc.File, B.Loc.Line, B.Loc.Col, B.RuleId, B.Message));
  }
  // Sorted by file name (not by file index): aaa.cpp (index 2) first.
  EXPECT_EQ(Rs.front().Loc.File, "/src/aaa.cpp");
}

TEST(ReportCollectorTest, EmptyCollector) {
  ReportCollector C(Files);
  EXPECT_TRUE(C.takeReports().empty());
  EXPECT_EQ(C.stats().Findings, 0u);
  EXPECT_EQ(C.stats().Reports, 0u);
}

} // namespace

namespace {

/// \p Fs split into one group per class, the last class left as single
/// findings.
void addByClass(ReportCollector &C, const std::vector<RaceFinding> &Fs) {
  std::map<std::string, std::vector<RaceFinding>> ByClass;
  for (const RaceFinding &F : Fs)
    ByClass[F.Class].push_back(F);
  ASSERT_GT(ByClass.size(), 1u);
  auto Last = std::prev(ByClass.end());
  for (auto It = ByClass.begin(); It != Last; ++It)
    C.addGroup(It->second);
  for (const RaceFinding &F : Last->second)
    C.handleRace(F);
}

TEST(ReportCollectorTest, GroupsPerClassEqualSingleFindings) {
  std::vector<RaceFinding> Fs = manyFindings();
  // Two more classes, with a line that has a report in both (ties in the
  // final order fall back to class order).
  for (const char *Cls : {"Zeta", "Alpha"}) {
    RaceFinding F = directWrite();
    F.Class = Cls;
    Fs.push_back(F);
    F.Reported.Function = std::string(Cls) + "::other";
    Fs.push_back(F);
  }
  ReportCollector Single(Files);
  for (const RaceFinding &F : Fs)
    Single.handleRace(F);
  const std::string Expected = asJson(Single.takeReports());
  const ReportStats Want = Single.stats();
  ASSERT_GT(Want.DroppedSameSite + Want.DroppedSamePath, 0u);

  std::mt19937 Rng(7);
  for (int I = 0; I < 5; ++I) {
    std::shuffle(Fs.begin(), Fs.end(), Rng);
    ReportCollector Grouped(Files);
    addByClass(Grouped, Fs);
    EXPECT_GT(Grouped.numFindings(), 0u); // the last class, as singles
    EXPECT_EQ(asJson(Grouped.takeReports()), Expected) << "shuffle " << I;
    EXPECT_EQ(Grouped.stats().Findings, Want.Findings);
    EXPECT_EQ(Grouped.stats().Reports, Want.Reports);
    EXPECT_EQ(Grouped.stats().DroppedSameSite, Want.DroppedSameSite);
    EXPECT_EQ(Grouped.stats().DroppedSamePath, Want.DroppedSamePath);
    // Nothing is left for the next call.
    EXPECT_TRUE(Grouped.takeReports().empty());
  }
}

TEST(ReportCollectorTest, ConcurrentGroups) {
  std::vector<RaceFinding> Fs = manyFindings();
  const std::string Expected = asJson(collect(Fs));
  std::map<std::string, std::vector<RaceFinding>> ByClass;
  for (const RaceFinding &F : Fs)
    ByClass[F.Class].push_back(F);
  std::vector<std::vector<RaceFinding>> Groups;
  for (auto &[Class, G] : ByClass)
    Groups.push_back(G);
  ReportCollector C(Files);
  std::vector<std::thread> Threads;
  for (unsigned T = 0; T < 3; ++T)
    Threads.emplace_back([&, T] {
      for (size_t I = T; I < Groups.size(); I += 3)
        C.addGroup(Groups[I]);
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(asJson(C.takeReports()), Expected);
}

} // namespace

namespace {

TEST(ReportCollectorTest, LowFindingIsWordedWithItsReasons) {
  RaceFinding F = directWrite();
  F.LowReasons = LowSetupOnly | LowElidedPath;
  F.Conflicting.SetupOnly = true;
  Report R = wordFinding(F, Files);
  EXPECT_TRUE(R.isLow());
  EXPECT_EQ(R.ConfidenceReasonIds,
            (std::vector<std::string>{"setup-only", "elided-path"}));
  ASSERT_EQ(R.ConfidenceReasons.size(), 2u);
  EXPECT_NE(R.ConfidenceReasons[0].find("'Counter::set' is only called on "
                                        "objects not shared yet"),
            std::string::npos);
  EXPECT_EQ(R.Message,
            "unprotected write to `this->n_` in 'Counter::inc' races with the "
            "write in 'Counter::set' [low: " +
                R.ConfidenceReasons[0] + "; " + R.ConfidenceReasons[1] + "]");
  Report H = wordFinding(directWrite(), Files);
  EXPECT_FALSE(H.isLow());
  EXPECT_TRUE(H.ConfidenceReasons.empty());
}

TEST(ReportCollectorTest, DedupKeepsTheHighReportOfASite) {
  // Same class, function and line: one report survives, and it is the high
  // one whatever the order the findings arrive in.
  RaceFinding High = directWrite();
  RaceFinding Low = directWrite();
  Low.LowReasons = LowElidedPath;
  Low.Conflicting.Function = "Counter::aaa"; // sorts first among highs
  for (bool LowFirst : {true, false}) {
    std::vector<Report> Rs =
        LowFirst ? collect({Low, High}) : collect({High, Low});
    ASSERT_EQ(Rs.size(), 1u);
    EXPECT_FALSE(Rs[0].isLow());
  }
}

TEST(ReportCollectorTest, LowReportOnALineWithAHighOneIsDropped) {
  RaceFinding High = directWrite();
  RaceFinding Low = directWrite();
  Low.Class = "Other"; // another check's view of the same line
  Low.LowReasons = LowThreadEntryOnly;
  EXPECT_EQ(collect({High, Low}).size(), 1u);
  RaceFinding Elsewhere = Low;
  Elsewhere.Reported.Access.Location.Line = 99;
  std::vector<Report> Rs = collect({High, Elsewhere});
  ASSERT_EQ(Rs.size(), 2u);
  EXPECT_TRUE(Rs[0].isLow() != Rs[1].isLow());
  // The same member named from another root (the thread check's
  // `stats.n_`) is the same finding; another member on that line is not.
  RaceFinding OtherRoot = Low;
  OtherRoot.Reported.Access.Path =
      ir::AccessPath::local(0, "stats").field("Counter::n_");
  EXPECT_EQ(collect({High, OtherRoot}).size(), 1u);
  RaceFinding OtherMember = Low;
  OtherMember.Reported.Access.Path = thisField("Counter", "m_");
  EXPECT_EQ(collect({High, OtherMember}).size(), 2u);
}

} // namespace
