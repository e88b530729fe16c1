//===- SummaryCodecTest.cpp - SCC summaries as bytes, and back ------------===//
//
// The summary cache stores an SCC's summaries with SummaryCodec and reuses
// them instead of summarizing: a decoded summary must be the encoded one in
// every field (spellings and trace frames included, which operator== does
// not compare), the bytes must not depend on the program's file numbering,
// the heads must decode from their prefix alone, and damaged bytes must be
// an error, never a crash.
//===----------------------------------------------------------------------===//
#include "perf/SyntheticIR.h"
#include "serialize/SummaryCodec.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <random>

using namespace racer;
using namespace racer::serialize;

namespace {

ir::AccessPath thisField(const char *F) {
  return ir::AccessPath::formal(0, "this").deref().field(F);
}

HeldLock held(ir::AccessPath P, bool Shared = false, bool Unknown = false) {
  HeldLock H;
  H.Lock = std::move(P);
  H.Shared = Shared;
  H.Unknown = Unknown;
  return H;
}

/// A summary with every field set to something other than its default.
FunctionSummary everyField() {
  FunctionSummary S;
  S.Symbol = "c:@S@Pool@F@run#";
  S.Name = "Pool::run";
  S.Threads = ThreadsKind::AnyThreadButSelf;
  S.UsesLocksDirectly = true;
  S.LockOwners = 5;
  S.Locks.edit().Acquired = {held(thisField("Pool::mu_"))};
  S.Locks.edit().Released = {held(ir::AccessPath::global("c:@g", "g"), true),
                      held(ir::AccessPath(), false, true)};
  // A lock array's element by its constant index (`&stripes[3]`).
  ir::AccessPath Stripe = ir::AccessPath::global("c:@stripes", "stripes");
  Stripe.Steps.push_back(ir::PathStep(ir::StepKind::Index, ir::Symbol("3")));
  S.Locks.edit().Assumed = {held(thisField("Pool::other_"), true), held(Stripe)};
  S.Locks.edit().MayRelease = {held(thisField("Pool::mu_")), HeldLock{{}, false, true}};
  S.Locks.edit().Returned = {held(thisField("Pool::mu_"))};
  S.Locks.edit().Taken = {thisField("Pool::mu_"), Stripe};
  S.Locks.edit().Nestings = {{thisField("Pool::mu_"), Stripe, false, true}};
  S.Return = ir::Operand::object(thisField("Pool::items_").index());
  const AccessKind Kinds[] = {AccessKind::Read, AccessKind::Write,
                              AccessKind::ContainerRead,
                              AccessKind::ContainerWrite};
  for (unsigned I = 0; I < 12; ++I) {
    AccessSnapshot A;
    A.Kind = Kinds[I % 4];
    // Shares a root and steps with the one before, or not.
    A.Path = I % 3 ? thisField("Pool::items_").deref().field("Item::n")
                   : ir::AccessPath::local(2, "p").deref().index();
    if (I == 5)
      A.Path = ir::AccessPath::formal(0, "self").deref().field("Pool::items_");
    if (isContainer(A.Kind))
      A.setContainerMethod("std::vector::push_back");
    if (I % 2) {
      LockVector Locks = {held(thisField("Pool::mu_")),
                          held(ir::AccessPath(), true, true)};
      HeldLock Turn = held(thisField("Pool::writers_"));
      Turn.QueueFront = true;
      Locks.push_back(Turn);
      HeldLock Mode = held(thisField("Pool::log_mu_"));
      Mode.Conditional = true;
      Locks.push_back(Mode);
      HeldLock Task = held(ir::AccessPath::global("racecar.task:c:@L", "L"));
      Task.TaskRun = true;
      Locks.push_back(Task);
      A.Locks = std::move(Locks);
    }
    A.Threads = ThreadsKind(I % 3);
    A.Location = {I % 2, 100 - I * 7, I + 1}; // lines go down too
    std::vector<CallSite> Frames;
    for (unsigned K = 0; K < I % 9; ++K)
      Frames.push_back({ir::Symbol(K % 2 ? "Pool::step" : "Pool::drain"),
                        ir::Loc{K % 2, 10 + K, 3}, /*RunsLoop=*/K == 1,
                        /*CrashPath=*/K == 2});
    // A chain of 8 frames may have been cut deeper down.
    A.Trace = CallChain(Frames, Frames.size() == CallChain::MaxDepth ? I : 0);
    if (I % 4 == 3)
      A.setLive(IdVector{0, 2});
    S.Accesses.push_back(A);
  }
  ThreadSpawn T;
  T.Id = 2;
  T.Entry = "c:@F@worker";
  T.EntryName = "worker";
  T.Args = {ir::Operand::object(ir::AccessPath::local(4, "job").deref()),
            ir::Operand::fresh(), ir::Operand::value(ir::AccessPath::local(1, "t"))};
  T.Handle = ir::Operand::object(ir::AccessPath::local(5, "th").index());
  T.Multi = true;
  T.LiveAtSpawn = {0, 1};
  T.Location = {1, 50, 3};
  T.Trace = {{"start", {0, 49, 2}}, {"spawn", {1, 48, 1}}};
  S.Spawns = {T, ThreadSpawn()};
  S.LiveAtExit = {2};
  S.Joins = {ir::Operand::object(ir::AccessPath::formal(1, "ts").deref().index())};
  S.JoinsAtExit = 1;
  {
    HeldLock Mu;
    Mu.Lock = thisField("Pool::mu_");
    S.CallableRuns = {{"c:@S@Pool@F@run#@lambda@3:4", -1, {Mu}},
                      {ir::Symbol(), 2, {}}};
  }
  S.MemberPointers = {
      {thisField("Pool::mu_"),
       ir::Operand::object(ir::AccessPath::formal(1, "mu").deref())}};
  S.Publications = {
      {ir::AccessPath::formal(2, "l").deref(),
       ir::Operand::object(*ir::linkedName(ir::AccessPath::global("c:@head", "head")))}};
  // A walk's accesses (`head->...->n`): the step kinds round-trip.
  S.Accesses[2].Path = ir::widenWalk(
      ir::AccessPath::global("c:@head", "head").deref(),
      ir::AccessPath::global("c:@head", "head").deref().field("N::next").deref())
                           ->field("N::n");
  S.CallContexts = {{"c:@S@Pool@F@init#", CallContext::Unshared | CallContext::OnThis},
                    {"c:@S@Log@F@open#", CallContext::Locked},
                    {"c:@S@Mem@F@SetID#", CallContext::OnFormal, 2, 0x6}};
  S.Spawns.edit()[0].InForkChild = true;
  S.Spawns.edit()[0].OnlyOnZeroResult = true;
  S.Spawns.edit()[0].LoopRange = "c:@S@Pool@FI@workers_";
  S.Spawns.edit()[0].FreshArgs = 5;
  S.Spawns.edit()[0].Pool = true;
  S.Spawns.edit()[0].Serial = {ir::Operand::object(thisField("Pool::busy_")),
                        ir::Operand::object(thisField("Pool::mu_"))};
  S.FlagClears = {{thisField("Pool::busy_"),
                   ir::Operand::object(thisField("Pool::mu_"))}};
  S.Accesses[3].InForkChild = true;
  S.Accesses[2].Atomic = true;
  S.Accesses[3].WalksEveryElement = true;
  S.Accesses[4].JoinedOuter = 0x41;
  S.Accesses[4].setNestings(NestingVector{
      {ir::AccessPath::global("c:@registry", "registry"),
       thisField("Pool::mu_"), true, false},
      {ir::AccessPath::global("c:@registry", "registry"), Stripe, false, true}});
  {
    HeldLock Mine, Any;
    Mine.Lock = thisField("Pool::mu_");
    Any.Unknown = true;
    S.Accesses[5].setReleasedBefore(LockVector{Mine, Any});
  }
  S.Accesses[7].Location = ir::Loc(); // no location
  Assumption A1, A2;
  A1.Kind = AssumptionKind::UnresolvedCall;
  A1.Location = {1, 77, 2};
  A2.Kind = AssumptionKind::PointerAlias; // no location
  S.Assumptions = {A1, A2};
  S.HandRolledSync = {0, 12, 4};
  S.HandRolledDepth = 2;
  // ConditionalLock stays the default: no location.
  return S;
}

/// Summaries from the real summarizer over a generated TU (methods calling
/// methods: traces, locks, containers), plus everyField() and a default one.
std::vector<FunctionSummary> summaries() {
  perf::SyntheticOptions O;
  O.Functions = 200;
  std::vector<FunctionSummary> S =
      perf::summarizeSyntheticModule(perf::makeSyntheticModule(O));
  S.push_back(everyField());
  S.push_back(FunctionSummary());
  return S;
}

std::vector<const FunctionSummary *> pointers(const std::vector<FunctionSummary> &S) {
  std::vector<const FunctionSummary *> P;
  for (const FunctionSummary &F : S)
    P.push_back(&F);
  return P;
}

//===-- Every field, as text: spellings and frames included ---------------===//

/// A local by its spelling, not its number: the codec renumbers a
/// summary's locals in the order it writes them (LocalsAreNumberedBy..
/// checks that one local keeps one number).
void put(llvm::raw_ostream &OS, const ir::AccessPath &P) {
  OS << "[" << int(P.Root) << ",";
  if (P.Root == ir::RootKind::Local)
    OS << "L";
  else
    OS << P.Index;
  OS << "," << P.Symbol << "," << P.Spelling;
  for (const ir::PathStep &S : P.Steps)
    OS << "," << int(S.kind()) << ":" << S.name();
  OS << "]";
}
void put(llvm::raw_ostream &OS, const ir::Loc &L, const std::vector<std::string> &Files) {
  if (L == ir::Loc()) {
    OS << "@none";
    return;
  }
  OS << "@" << (L.File < Files.size() ? Files[L.File] : "?") << ":" << L.Line
     << ":" << L.Col;
}
void put(llvm::raw_ostream &OS, const ir::Operand &O) {
  OS << "op" << int(O.K);
  put(OS, O.Path);
}
void put(llvm::raw_ostream &OS, const std::vector<HeldLock> &V) {
  for (const HeldLock &L : V) {
    OS << " lock" << L.Shared << L.Unknown << L.QueueFront << L.Conditional
       << L.TaskRun;
    put(OS, L.Lock);
  }
}
template <typename T> void putIds(llvm::raw_ostream &OS, const T &V) {
  for (uint32_t X : V)
    OS << " " << X;
}
std::string dump(const std::vector<FunctionSummary> &V,
                 const std::vector<std::string> &Files) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const FunctionSummary &S : V) {
    OS << "summary " << S.Symbol << " " << S.Name << " " << int(S.Threads)
       << S.UsesLocksDirectly << int(S.LockOwners) << " acq";
    put(OS, S.Locks->Acquired);
    OS << " rel";
    put(OS, S.Locks->Released);
    OS << " ass";
    put(OS, S.Locks->Assumed);
    put(OS, S.Locks->MayRelease);
    OS << " returned";
    put(OS, S.Locks->Returned);
    for (const ir::AccessPath &P : S.Locks->Taken) {
      OS << " taken";
      put(OS, P);
    }
    for (const LockNesting &N : S.Locks->Nestings) {
      OS << " exitnest" << N.OuterHeld << N.InnerHeld;
      put(OS, N.Outer);
      put(OS, N.Inner);
    }
    OS << " ret ";
    put(OS, *S.Return);
    OS << "\n";
    for (const ThreadSpawn &T : S.Spawns) {
      OS << " spawn " << T.Id << " " << T.Entry << " " << T.EntryName;
      for (const ir::Operand &A : T.Args)
        put(OS, A);
      put(OS, T.Handle);
      OS << T.Multi << T.InForkChild << T.OnlyOnZeroResult << T.Pool << " "
         << T.LoopRange << " "
         << T.FreshArgs;
      for (const ir::Operand &A : T.Serial)
        put(OS, A);
      putIds(OS, T.LiveAtSpawn);
      put(OS, T.Location, Files);
      for (const CallSite &C : T.Trace) {
        OS << " via " << C.Callee;
        put(OS, C.Location, Files);
      }
      OS << "\n";
    }
    OS << " exit";
    putIds(OS, S.LiveAtExit);
    for (const ir::Operand &J : S.Joins)
      put(OS, J);
    OS << " joins-at-exit " << int(S.JoinsAtExit);
    for (const CallContext &C : S.CallContexts)
      OS << " ctx " << C.Callee << int(C.Flags) << "/" << int(C.Formal)
         << "/" << C.FreshArgs;
    for (const MemberPointer &M : S.MemberPointers) {
      OS << " member";
      put(OS, M.Member);
      put(OS, M.Value);
    }
    for (const MemberPointer &M : S.FlagClears) {
      OS << " flag-clear";
      put(OS, M.Member);
      put(OS, M.Value);
    }
    for (const MemberPointer &M : S.Publications) {
      OS << " publication";
      put(OS, M.Member);
      put(OS, M.Value);
    }
    for (const CallableRun &R : S.CallableRuns) {
      OS << " runs " << R.Callee << " " << R.Formal;
      put(OS, R.Locks);
    }
    for (const Assumption &A : S.Assumptions) {
      OS << " assumes " << int(A.Kind);
      put(OS, A.Location, Files);
    }
    OS << " handrolled";
    put(OS, S.HandRolledSync, Files);
    OS << int(S.HandRolledDepth) << " condlock";
    put(OS, S.ConditionalLock, Files);
    OS << "\n";
    for (const AccessSnapshot &A : S.Accesses) {
      OS << " access " << int(A.Kind) << int(A.Threads) << A.InForkChild
         << A.Atomic << A.WalksEveryElement
         << " joined " << int(A.JoinedOuter);
      put(OS, A.Path);
      OS << A.containerMethod();
      put(OS, A.Locks);
      put(OS, A.Location, Files);
      for (const CallSite &C : A.Trace) {
        OS << " via " << C.Callee << (C.RunsLoop ? " slot" : "")
           << (C.CrashPath ? " crash" : "");
        put(OS, C.Location, Files);
      }
      OS << " hidden " << A.Trace.hidden();
      OS << " live";
      putIds(OS, A.live());
      for (const LockNesting &N : A.nestings()) {
        OS << " nest" << N.OuterHeld << N.InnerHeld;
        put(OS, N.Outer);
        put(OS, N.Inner);
      }
      OS << " released";
      put(OS, std::vector<HeldLock>(A.releasedBefore().begin(),
                                    A.releasedBefore().end()));
      OS << "\n";
    }
  }
  return Out;
}

/// Enough files for the generated TU's locations (one header per class).
const std::vector<std::string> Files = [] {
  std::vector<std::string> F = {"/src/pool.cpp", "/src/pool.h"};
  for (int I = 0; I < 200; ++I)
    F.push_back("/src/include/h" + std::to_string(I) + ".h");
  return F;
}();

uint32_t resolve(llvm::StringRef Path) {
  for (uint32_t I = 0; I < Files.size(); ++I)
    if (Files[I] == Path)
      return I;
  ADD_FAILURE() << "unknown file " << Path.str();
  return 0;
}

std::vector<FunctionSummary> decode(llvm::StringRef Bytes, bool HeadsOnly) {
  std::vector<FunctionSummary> Out;
  llvm::Error E = decodeSummaries(Bytes, HeadsOnly, resolve, Out);
  EXPECT_FALSE(E) << llvm::toString(std::move(E));
  return Out;
}

//===-- Round trip ---------------------------------------------------------===//

TEST(SummaryCodec, RoundTripsEveryField) {
  const std::vector<FunctionSummary> In = summaries();
  ASSERT_GT(In.size(), 100u);
  size_t Traced = 0;
  for (const FunctionSummary &S : In)
    for (const AccessSnapshot &A : S.Accesses)
      Traced += !A.Trace.empty();
  ASSERT_GT(Traced, 50u) << "the generated summaries must have traces";

  EncodedSummaries E = encodeSummaries(pointers(In), Files);
  std::vector<FunctionSummary> Out = decode(E.Bytes, false);
  ASSERT_EQ(Out.size(), In.size());
  EXPECT_EQ(dump(Out, Files), dump(In, Files));
  EXPECT_EQ(encodeSummaries(pointers(Out), Files).Bytes, E.Bytes)
      << "re-encoding what was decoded gives other bytes";
}

TEST(SummaryCodec, LocalsAreNumberedByFirstUseAndKeepOneNumber) {
  // Locals 7 and 3 of a function (a local declared above them would make
  // them 8 and 4): a spawn hands local 7's object to a thread, and the
  // function writes both. Numbered in order of first use (from 0); the
  // spawn's argument and the access to the same local keep one number.
  FunctionSummary S;
  S.Symbol = "c:@F@main";
  S.Name = "main";
  ThreadSpawn T;
  T.Entry = "c:@F@worker";
  T.EntryName = "worker";
  T.Args = {ir::Operand::object(ir::AccessPath::local(7, "job").deref())};
  S.Spawns.edit().push_back(T);
  AccessSnapshot A;
  A.Kind = AccessKind::Write;
  A.Location = {0, 10, 3};
  A.Path = ir::AccessPath::local(3, "n");
  AccessSnapshot B = A;
  B.Location = {0, 11, 3};
  B.Path = ir::AccessPath::local(7, "job").deref();
  S.Accesses = {A, B};
  FunctionSummary Renumbered = S;
  Renumbered.Spawns.edit()[0].Args[0].Path.Index = 8;
  Renumbered.Accesses[0].Path.edit([](ir::AccessPath &P) { P.Index = 4; });
  Renumbered.Accesses[1].Path.edit([](ir::AccessPath &P) { P.Index = 8; });

  EncodedSummaries E = encodeSummaries({&S}, Files);
  EXPECT_EQ(E.Bytes, encodeSummaries({&Renumbered}, Files).Bytes)
      << "the same summary, its locals numbered otherwise";
  std::vector<FunctionSummary> Out = decode(E.Bytes, false);
  ASSERT_EQ(Out.size(), 1u);
  const uint32_t Job = Out[0].Spawns->at(0).Args.at(0).Path.Index;
  EXPECT_LT(Job, 3u) << "numbered by first use, not 7";
  EXPECT_EQ(Out[0].Accesses.at(1).Path->Index, Job) << "one local, one number";
  EXPECT_NE(Out[0].Accesses.at(0).Path->Index, Job) << "two locals, two";
  EXPECT_LT(Out[0].Accesses.at(0).Path->Index, 3u);
  EXPECT_EQ(Out[0].Accesses.at(1).Path->Spelling, "job");
}

TEST(SummaryCodec, EncodingIsDeterministic) {
  const std::vector<FunctionSummary> In = summaries();
  EXPECT_EQ(encodeSummaries(pointers(In), Files).Bytes,
            encodeSummaries(pointers(In), Files).Bytes);
}

TEST(SummaryCodec, FilesAreWrittenByPathNotIndex) {
  // The same summaries in a program whose file table lists the files in
  // another order, with others before them: the same bytes.
  std::vector<FunctionSummary> In = {everyField()};
  std::vector<std::string> Other = {"/src/other.cpp", Files[1], Files[0]};
  Other.insert(Other.end(), Files.begin() + 2, Files.end());
  std::vector<FunctionSummary> Renumbered = In;
  for (FunctionSummary &S : Renumbered)
    forEachPlace(S, [](ir::Loc &L) { L.File = L.File == 0 ? 2 : 1; });
  EXPECT_EQ(encodeSummaries(pointers(Renumbered), Other).Bytes,
            encodeSummaries(pointers(In), Files).Bytes);
}

/// An SCC past a few megabytes of accesses: summaries() forty times.
std::vector<FunctionSummary> largeSCC() {
  const std::vector<FunctionSummary> One = summaries();
  std::vector<FunctionSummary> Big;
  for (int Copy = 0; Copy < 40; ++Copy)
    Big.insert(Big.end(), One.begin(), One.end());
  return Big;
}

TEST(SummaryCodec, ALargeSCCEncodesLikeASmallOne) {
  // Past a megabyte of accesses the encoder hands its buffer over instead
  // of copying it: the bytes, the heads' prefix and the next encoding (its
  // buffer made anew) must be the same as by copying.
  const std::vector<FunctionSummary> Big = largeSCC();
  EncodedSummaries E = encodeSummaries(pointers(Big), Files);
  ASSERT_GT(E.Bytes.size() - E.HeadBytes, size_t(1) << 20)
      << "not large enough to take the other path";
  std::vector<FunctionSummary> Out = decode(E.Bytes, false);
  EXPECT_EQ(dump(Out, Files), dump(Big, Files));
  std::vector<FunctionSummary> Heads =
      decode(llvm::StringRef(E.Bytes).take_front(E.HeadBytes), true);
  ASSERT_EQ(Heads.size(), Big.size());
  EXPECT_TRUE(Heads.back().Accesses.empty());
  EXPECT_EQ(encodeSummaries(pointers(Big), Files).Bytes, E.Bytes);
  // A small one after it, on the same thread's buffers.
  const std::vector<FunctionSummary> Small = summaries();
  EncodedSummaries S = encodeSummaries(pointers(Small), Files);
  EXPECT_EQ(dump(decode(S.Bytes, false), Files), dump(Small, Files));
}

TEST(SummaryCodec, AnEncodingToASinkIsTheSameBytesInChunks) {
  // With a sink, the accesses go to it as they are written: the heads it
  // returns and the chunks, in order, are the bytes encoded whole, with the
  // same digest and size.
  const std::vector<FunctionSummary> Big = largeSCC();
  const EncodedSummaries Whole = encodeSummaries(pointers(Big), Files);
  std::string Streamed;
  unsigned Chunks = 0;
  EncodedSummaries Heads =
      encodeSummaries(pointers(Big), Files, nullptr, [&](llvm::StringRef C) {
        Streamed += C;
        ++Chunks;
      });
  EXPECT_GT(Chunks, 2u) << "a large SCC goes in several chunks";
  EXPECT_EQ(Heads.Bytes.size(), Heads.HeadBytes);
  EXPECT_TRUE(Heads.Bytes + Streamed == Whole.Bytes);
  EXPECT_EQ(Heads.Size, Whole.Bytes.size());
  EXPECT_EQ(Whole.Size, Whole.Bytes.size());
  EXPECT_EQ(Heads.Digest, Whole.Digest);
  EXPECT_EQ(Heads.Shape, Whole.Shape);
  // And the digest tells other bytes apart.
  std::vector<FunctionSummary> Other = Big;
  auto With = llvm::find_if(
      Other, [](const FunctionSummary &S) { return !S.Accesses.empty(); });
  ASSERT_NE(With, Other.end());
  With->Accesses.pop_back();
  EXPECT_NE(encodeSummaries(pointers(Other), Files).Digest, Whole.Digest);
}

TEST(SummaryCodec, ALargeSCCsShapeSeesPastItsFirstMegabyte) {
  // The shape of a large SCC is digested a chunk at a time: lines moved
  // anywhere keep it, an access changed in its last member changes it.
  const std::vector<FunctionSummary> Big = largeSCC();
  const EncodedSummaries E = encodeSummaries(pointers(Big), Files);
  ASSERT_GT(E.Bytes.size(), size_t(3) << 20) << "not past a few chunks";
  std::vector<FunctionSummary> Moved = Big;
  for (FunctionSummary &S : Moved)
    for (AccessSnapshot &A : S.Accesses)
      if (A.Location.Line)
        A.Location.Line += 3;
  const EncodedSummaries M = encodeSummaries(pointers(Moved), Files);
  ASSERT_NE(M.Bytes, E.Bytes);
  EXPECT_EQ(M.Shape, E.Shape) << "lines only";
  // An access changed in the first member (the first chunk), then in the
  // last (the last).
  for (bool First : {true, false}) {
    std::vector<FunctionSummary> Changed = Big;
    FunctionSummary *Of = nullptr;
    for (FunctionSummary &S : Changed)
      if (!S.Accesses.empty() && (!Of || !First))
        Of = &S;
    ASSERT_NE(Of, nullptr);
    AccessSnapshot &A = First ? Of->Accesses.front() : Of->Accesses.back();
    A.Kind = A.Kind == AccessKind::Read ? AccessKind::Write : AccessKind::Read;
    EXPECT_NE(encodeSummaries(pointers(Changed), Files).Shape, E.Shape)
        << (First ? "the first access changed" : "the last access changed");
  }
}

TEST(SummaryCodec, HeadsDecodeFromTheirPrefix) {
  const std::vector<FunctionSummary> In = summaries();
  EncodedSummaries E = encodeSummaries(pointers(In), Files);
  ASSERT_LT(E.HeadBytes, E.Bytes.size());
  std::vector<FunctionSummary> Heads =
      decode(llvm::StringRef(E.Bytes).take_front(E.HeadBytes), true);
  std::vector<FunctionSummary> Want = In;
  for (FunctionSummary &S : Want)
    S.Accesses.clear();
  EXPECT_EQ(dump(Heads, Files), dump(Want, Files));
}

TEST(SummaryCodec, DecodedTracesShareTheirTails) {
  // A caller's accesses reached through one callee: their traces end in
  // the same frames, and the decoded chains hold those once, as computed
  // ones do (a decoded summary otherwise holds eight nodes per access).
  FunctionSummary S;
  S.Symbol = "c:@F@caller";
  S.Name = "caller";
  auto Site = [](const char *Callee, uint32_t Line) {
    return CallSite{ir::Symbol(Callee), ir::Loc{0, Line, 3}};
  };
  CallChain Tail = {Site("drain", 40), Site("step", 50)};
  for (uint32_t I = 0; I < 3; ++I) {
    AccessSnapshot A;
    A.Kind = AccessKind::Write;
    A.Path = ir::AccessPath::global("c:@g" + std::to_string(I), "g");
    A.Location = {0, 60 + I, 5};
    A.Trace = CallChain::prepend(Site(I == 2 ? "other" : "run", 10 + I), Tail);
    S.Accesses.push_back(A);
  }
  std::vector<FunctionSummary> Out =
      decode(encodeSummaries({&S}, Files).Bytes, false);
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_EQ(Out[0].Accesses.size(), 3u);
  EXPECT_EQ(dump(Out, Files), dump({S}, Files));
  const CallChain &T0 = Out[0].Accesses[0].Trace, &T2 = Out[0].Accesses[2].Trace;
  EXPECT_EQ(T0.nodeOf(1), T2.nodeOf(1));
  EXPECT_NE(T0.nodeOf(0), T2.nodeOf(0));
}

TEST(SummaryCodec, EmptyAndDefault) {
  EncodedSummaries None = encodeSummaries({}, Files);
  EXPECT_TRUE(decode(None.Bytes, false).empty());
  FunctionSummary D;
  EncodedSummaries One = encodeSummaries({&D}, Files);
  std::vector<FunctionSummary> Out = decode(One.Bytes, false);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(dump(Out, Files), dump({D}, Files));
}

//===-- Lines measured from functions --------------------------------------===//

/// Applies \p Map to every place in \p V.
void forEachLoc(std::vector<FunctionSummary> &V,
                llvm::function_ref<void(ir::Loc &)> Map) {
  for (FunctionSummary &S : V)
    forEachPlace(S, Map);
}

/// The anchors of a program whose first file is one function, "pool",
/// whose text starts at line \p First; nothing else has an anchor.
LineAnchor poolAnchor(const ir::Loc &L, uint32_t First) {
  if (L.File == 0 && L.Line >= First)
    return {ir::Symbol("c:@F@pool"), First};
  return {};
}

TEST(SummaryCodec, LinesMoveWithTheirFunction) {
  const std::vector<FunctionSummary> In = summaries();
  size_t InPool = 0, Elsewhere = 0;
  std::vector<FunctionSummary> Probe = In;
  forEachLoc(Probe, [&](ir::Loc &L) {
    (poolAnchor(L, 1).Function.empty() ? Elsewhere : InPool)++;
  });
  ASSERT_GT(InPool, 100u) << "the generated summaries must name pool's lines";
  ASSERT_GT(Elsewhere, 100u) << "and other files' lines";

  // Ten lines added above pool: its lines move, the other files' do not.
  std::vector<FunctionSummary> Moved = In;
  forEachLoc(Moved, [](ir::Loc &L) {
    if (L.File == 0)
      L.Line += 10;
  });
  EncodedSummaries Before = encodeSummaries(
      pointers(In), Files, [](const ir::Loc &L) { return poolAnchor(L, 1); });
  EncodedSummaries After = encodeSummaries(
      pointers(Moved), Files, [](const ir::Loc &L) { return poolAnchor(L, 11); });
  EXPECT_EQ(After.Bytes, Before.Bytes)
      << "a function that only moved must keep its summaries' bytes";
  EXPECT_NE(encodeSummaries(pointers(Moved), Files).Bytes,
            encodeSummaries(pointers(In), Files).Bytes)
      << "without anchors, the lines are absolute";

  // Read where pool now starts at line 11: the moved places, all of them.
  for (bool HeadsOnly : {false, true}) {
    std::vector<FunctionSummary> Out;
    unsigned Asked = 0;
    llvm::Error E = decodeSummaries(
        HeadsOnly ? llvm::StringRef(Before.Bytes).take_front(Before.HeadBytes)
                  : llvm::StringRef(Before.Bytes),
        HeadsOnly, resolve, Out, [&](llvm::StringRef F) {
          EXPECT_EQ(F.str(), "c:@F@pool");
          ++Asked;
          return 11u;
        });
    ASSERT_FALSE(E) << llvm::toString(std::move(E));
    EXPECT_EQ(Asked, 1u) << "each anchor is resolved once, heads or not";
    std::vector<FunctionSummary> Want = Moved;
    if (HeadsOnly)
      for (FunctionSummary &S : Want)
        S.Accesses.clear();
    EXPECT_EQ(dump(Out, Files), dump(Want, Files));
  }
}

TEST(SummaryCodec, SomeMembersAccessesAreReadAndTheOthersSkipped) {
  // A caller summarized again reads the members it calls of a large SCC.
  std::vector<FunctionSummary> In = {everyField(), everyField(), everyField()};
  In[0].Accesses.resize(1);
  In[2].Accesses.push_back(In[2].Accesses.front());
  EncodedSummaries E = encodeSummaries(pointers(In), Files);
  const std::vector<bool> Wanted = {false, true, false};
  std::vector<FunctionSummary> Out;
  llvm::Error Err = decodeSummaries(E.Bytes, false, resolve, Out, nullptr,
                                    &Wanted);
  ASSERT_FALSE(Err) << llvm::toString(std::move(Err));
  std::vector<FunctionSummary> Want = In;
  Want[0].Accesses.clear();
  Want[2].Accesses.clear();
  ASSERT_FALSE(In[1].Accesses.empty());
  EXPECT_EQ(dump(Out, Files), dump(Want, Files));

  // Flags for another number of members are an error, not a guess.
  const std::vector<bool> Two = {true, true};
  Err = decodeSummaries(E.Bytes, false, resolve, Out, nullptr, &Two);
  EXPECT_TRUE(bool(Err));
  llvm::consumeError(std::move(Err));
}

TEST(SummaryCodec, AnchoredLinesNeedAProgram) {
  FunctionSummary S = everyField();
  std::vector<FunctionSummary> In = {S};
  EncodedSummaries E = encodeSummaries(pointers(In), Files, [](const ir::Loc &L) {
    return LineAnchor{ir::Symbol("c:@F@pool"), L.Line};
  });
  std::vector<FunctionSummary> Out;
  llvm::Error Err = decodeSummaries(E.Bytes, false, resolve, Out);
  ASSERT_TRUE(bool(Err)) << "anchors read without a program to place them";
  llvm::consumeError(std::move(Err));
}

//===-- Damage -------------------------------------------------------------===//

TEST(SummaryCodecDamage, EveryTruncationIsAnError) {
  std::vector<FunctionSummary> In = {everyField(), everyField()};
  EncodedSummaries E = encodeSummaries(pointers(In), Files);
  for (size_t Len = 0; Len < E.Bytes.size(); ++Len) {
    std::vector<FunctionSummary> Out;
    llvm::Error Err = decodeSummaries(llvm::StringRef(E.Bytes).take_front(Len),
                                      false, resolve, Out);
    EXPECT_TRUE(bool(Err)) << "a prefix of " << Len << " bytes decoded";
    llvm::consumeError(std::move(Err));
  }
}

TEST(SummaryCodecDamage, TrailingBytesAreAnError) {
  FunctionSummary S = everyField();
  std::string Bytes = encodeSummaries({&S}, Files).Bytes + '\0';
  std::vector<FunctionSummary> Out;
  llvm::Error Err = decodeSummaries(Bytes, false, resolve, Out);
  ASSERT_TRUE(bool(Err));
  EXPECT_NE(llvm::toString(std::move(Err)).find("trailing"), std::string::npos);
}

TEST(SummaryCodecDamage, FlippedBytesNeverCrash) {
  FunctionSummary S = everyField();
  const std::string Good = encodeSummaries({&S}, Files).Bytes;
  std::mt19937 Rng(7);
  unsigned Errors = 0;
  for (int Round = 0; Round < 2000; ++Round) {
    std::string Bad = Good;
    for (int K = 0; K < 1 + Round % 4; ++K)
      Bad[Rng() % Bad.size()] ^= char(1 + Rng() % 255);
    std::vector<FunctionSummary> Out;
    // Any path is "known" here: only the decoder's own checks are tested.
    llvm::Error Err = decodeSummaries(
        Bad, Round % 2, [](llvm::StringRef) { return 0u; }, Out);
    Errors += bool(Err);
    llvm::consumeError(std::move(Err));
  }
  EXPECT_GT(Errors, 500u) << "damage should mostly be noticed";
}

} // namespace
