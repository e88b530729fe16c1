//===- SccCacheTest.cpp - Summaries reused per SCC, with early cutoff -----===//
//
// The reduce with the summary cache must give exactly the reports of the
// reduce without it, whatever the cache holds: nothing (cold), everything
// (nothing changed: the last reduce's reports), or the summaries of a
// program one function differs from. And it must actually reuse: an edit
// re-summarizes the edited function's SCC and the callers whose callees'
// summaries changed, and no other; an edit that leaves the function's
// summary as it was re-summarizes that SCC only (early cutoff).
//===----------------------------------------------------------------------===//
#include "driver/Pipeline.h"
#include "driver/SccCache.h"
#include "perf/SyntheticIR.h"
#include "report/Writers.h"
#include "summarize/ir/PackedBody.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

using namespace racer;

namespace {

std::vector<ir::Module> program() {
  perf::SyntheticOptions O;
  O.Functions = 300;
  O.SharedFunctions = 20;
  O.LockingClassPercent = 60;
  O.LockedMethodPercent = 50;
  return perf::makeSyntheticProgram(3, O);
}

std::string asJson(const std::vector<report::Report> &Rs) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  report::writeJson(Rs, OS);
  return S;
}

driver::LinkedProgram link(std::vector<ir::Module> Modules) {
  driver::Linker L(/*PackBodies=*/true, /*DigestBodies=*/true);
  for (uint32_t I = 0; I < Modules.size(); ++I)
    L.add(I, std::move(Modules[I]));
  return L.finish();
}

/// The first function of module 0 that other functions call: editing it
/// changes what its callers' summaries are built from.
ir::Function *calledFunction(std::vector<ir::Module> &P) {
  std::set<std::string> Called;
  for (const ir::Module &M : P)
    for (const ir::Function &F : M.Functions)
      for (const ir::Block &B : F.Blocks)
        for (const ir::Instr &I : B.Instrs)
          if (I.Kind == ir::InstrKind::Call && I.call().Callee != F.Symbol)
            Called.insert(I.call().Callee.str());
  for (ir::Function &F : P[0].Functions)
    if (Called.count(F.Symbol.str()) && !F.Blocks.empty() &&
        F.Kind == ir::FunctionKind::Method)
      return &F;
  return nullptr;
}

/// Adds a write of a new global to \p F: its summary and its callers' change.
void addGlobalWrite(ir::Function &F) {
  ir::Instr W;
  W.Kind = ir::InstrKind::Write;
  W.Path = ir::AccessPath::global("c:@g_edited", "g_edited");
  W.Location = {0, 9999, 3};
  F.Blocks.front().Instrs.push_back(W);
}

/// Adds a binding of a fresh local that nothing reads: the body differs, the
/// summary does not.
void addDeadBinding(ir::Function &F) {
  ir::Instr B;
  B.Kind = ir::InstrKind::Bind;
  B.Dest = static_cast<uint32_t>(F.Locals.size());
  F.Locals.push_back("unused_local");
  B.value() = ir::Operand::unknown();
  B.Location = {0, 9998, 3};
  F.Blocks.front().Instrs.push_back(B);
}

/// How many distinct functions with a body in \p P \p F calls (not itself).
unsigned calleesWithBodies(const std::vector<ir::Module> &P,
                           const ir::Function &F) {
  std::set<std::string> Defined, Called;
  for (const ir::Module &M : P)
    for (const ir::Function &G : M.Functions)
      if (!G.Blocks.empty())
        Defined.insert(G.Symbol.str());
  for (ir::Symbol S : ir::calleesOf(F))
    if (S != F.Symbol && Defined.count(S.str()))
      Called.insert(S.str());
  return unsigned(Called.size());
}

class SccCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> D;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("scccache", D));
    Dir = std::string(D);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  /// A reduce with the cache in Dir.
  driver::ScanResult cached(std::vector<ir::Module> P, unsigned Threads = 2) {
    driver::SccCache Cache(Dir, /*Verbose=*/false, llvm::nulls());
    return driver::reduceLinked(link(std::move(P)), {}, Threads,
                                driver::PhaseStats(), &Cache);
  }
  /// The reference: the same reduce without any cache.
  static std::string uncached(std::vector<ir::Module> P) {
    return asJson(driver::reduceLinked(link(std::move(P)), {}, 2,
                                       driver::PhaseStats())
                      .Reports);
  }
  std::vector<std::string> packs() const {
    std::vector<std::string> P;
    llvm::SmallString<128> S(Dir);
    llvm::sys::path::append(S, "summaries");
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(S, EC), End; It != End && !EC;
         It.increment(EC))
      if (llvm::sys::path::filename(It->path()).starts_with("pack-"))
        P.push_back(It->path());
    return P;
  }

  std::string Dir;
};

TEST_F(SccCacheTest, ColdThenNothingChanged) {
  const std::string Want = uncached(program());
  driver::ScanResult Cold = cached(program());
  EXPECT_EQ(asJson(Cold.Reports), Want);
  ASSERT_GT(Cold.Reports.size(), 20u);
  const driver::SccCacheStats C = Cold.Stats.SummaryCache;
  EXPECT_TRUE(Cold.Stats.SummaryCacheUsed);
  EXPECT_EQ(C.Reused, 0u);
  EXPECT_EQ(C.Recomputed, Cold.Stats.SCCs);
  EXPECT_FALSE(C.ReduceReused);

  driver::ScanResult Warm = cached(program());
  EXPECT_EQ(asJson(Warm.Reports), Want);
  EXPECT_EQ(Warm.Stats.SummaryCache.Reused, Cold.Stats.SCCs);
  EXPECT_EQ(Warm.Stats.SummaryCache.Recomputed, 0u);
  EXPECT_TRUE(Warm.Stats.SummaryCache.ReduceReused);
}

TEST_F(SccCacheTest, AnEditResummarizesItsSCCAndTheCallersItChanges) {
  cached(program());
  std::vector<ir::Module> Edited = program();
  ir::Function *F = calledFunction(Edited);
  ASSERT_NE(F, nullptr);
  addGlobalWrite(*F);
  const std::string Want = uncached(Edited);

  driver::ScanResult R = cached(Edited);
  EXPECT_EQ(asJson(R.Reports), Want);
  const driver::SccCacheStats S = R.Stats.SummaryCache;
  EXPECT_FALSE(S.ReduceReused);
  EXPECT_GE(S.Recomputed, 2u) << "the edited function and a caller";
  EXPECT_GT(S.Reused, S.Recomputed) << "most SCCs are not above the edit";
  EXPECT_EQ(S.Reused + S.Recomputed, R.Stats.SCCs);
  EXPECT_EQ(S.Unchanged, 0u) << "every re-summarized SCC saw the new write";

  // And after it, nothing changed again.
  driver::ScanResult Again = cached(Edited);
  EXPECT_EQ(asJson(Again.Reports), Want);
  EXPECT_TRUE(Again.Stats.SummaryCache.ReduceReused);
}

TEST_F(SccCacheTest, AnEditThatKeepsTheSummaryStopsTheWave) {
  cached(program());
  std::vector<ir::Module> Edited = program();
  ir::Function *F = calledFunction(Edited);
  ASSERT_NE(F, nullptr);
  addDeadBinding(*F);
  const std::string Want = uncached(Edited);

  driver::ScanResult R = cached(Edited);
  EXPECT_EQ(asJson(R.Reports), Want);
  const driver::SccCacheStats S = R.Stats.SummaryCache;
  EXPECT_EQ(S.Recomputed, 1u) << "only the edited function's SCC";
  EXPECT_EQ(S.Unchanged, 1u) << "its summary came out the same";
  EXPECT_EQ(S.Reused, R.Stats.SCCs - 1);
  // Every SCC's summaries are as before, so the reduce is the last one.
  EXPECT_TRUE(S.ReduceReused);
  // Which needs no stored summaries read but those the edited function
  // calls (to summarize it again).
  EXPECT_LE(S.Read, calleesWithBodies(Edited, *F));
  EXPECT_LT(S.Read, S.Reused);
}

/// Lines inserted into \p File before line \p At: every place at or below
/// it moves down \p By lines, in every module.
void insertLines(std::vector<ir::Module> &P, uint32_t File, uint32_t At,
                 uint32_t By) {
  auto Move = [&](ir::Loc &L) {
    if (L.File == File && L.Line >= At)
      L.Line += By;
  };
  auto MoveLine = [&](uint32_t Of, uint32_t &Line) {
    if (Of == File && Line >= At)
      Line += By;
  };
  for (ir::Module &M : P) {
    for (ir::Function &F : M.Functions) {
      MoveLine(F.Location.File, F.LastLine);
      Move(F.Location);
      if (F.Patterns.boxed()) {
        ir::SyncPatterns &SP = F.Patterns.edit();
        MoveLine(SP.OnceInit.File, SP.OnceInitLast);
        MoveLine(SP.FlagGuard.File, SP.FlagGuardLast);
        MoveLine(SP.AcquireRegion.File, SP.AcquireRegionLast);
        MoveLine(F.Location.File, SP.LastSignalLine);
        MoveLine(F.Location.File, SP.PublishLine);
        for (ir::Loc *L : {&SP.HandRolledSync, &SP.ConditionWait, &SP.OnceInit,
                           &SP.FlagGuard, &SP.BarrierWait, &SP.AcquireRegion})
          Move(*L);
      }
      for (ir::Block &B : F.Blocks)
        for (ir::Instr &I : B.Instrs)
          Move(I.Location);
    }
    for (ir::ClassInfo &C : M.Classes)
      Move(C.Location);
  }
}

/// A function of module 0 whose text (two lines or more, in its own file)
/// other functions' accesses reach through calls.
const ir::Function *spanningFunction(std::vector<ir::Module> &P) {
  ir::Function *F = calledFunction(P);
  return F && F->LastLine > F->Location.Line ? F : nullptr;
}

TEST_F(SccCacheTest, LinesAddedAboveFunctionsResummarizeNone) {
  std::vector<ir::Module> P = program();
  const ir::Function *F = spanningFunction(P);
  ASSERT_NE(F, nullptr);
  const uint32_t File = F->Location.File, At = F->Location.Line;
  cached(program());
  std::vector<ir::Module> Moved = program();
  insertLines(Moved, File, At, 7);
  const std::string Want = uncached(Moved);
  ASSERT_NE(Want, uncached(program())) << "the reports name moved lines";

  driver::ScanResult R = cached(Moved);
  EXPECT_EQ(asJson(R.Reports), Want);
  const driver::SccCacheStats S = R.Stats.SummaryCache;
  EXPECT_EQ(S.Recomputed, 0u) << "every function only moved";
  EXPECT_TRUE(S.ReduceShifted)
      << "the last pairing's reports, with their lines moved";
}

TEST_F(SccCacheTest, LinesAddedInsideAFunctionResummarizeItAndMoveItsCallers) {
  // The twin: the lines go inside the function's text, below its first
  // line, so its places move and its first line does not. It is summarized
  // again; its callers' stored summaries differ in lines only, and are read
  // with their places moved.
  std::vector<ir::Module> P = program();
  const ir::Function *F = spanningFunction(P);
  ASSERT_NE(F, nullptr);
  const uint32_t File = F->Location.File, At = F->Location.Line + 1;
  cached(program());
  std::vector<ir::Module> Moved = program();
  insertLines(Moved, File, At, 7);
  const std::string Want = uncached(Moved);

  driver::ScanResult R = cached(Moved);
  EXPECT_EQ(asJson(R.Reports), Want);
  const driver::SccCacheStats S = R.Stats.SummaryCache;
  EXPECT_GE(S.Recomputed, 1u) << "the function";
  EXPECT_GE(S.LinesMoved, 1u) << "a caller, read with its places moved";
  EXPECT_GT(S.Reused, S.Recomputed) << "the functions below it only moved";
  EXPECT_TRUE(S.ReduceShifted) << "its summaries changed in lines only";
  // Read: its callees (to summarize it), and its stored version twice (its
  // callers' places move as its did; the last pairing's places too); not
  // the callers themselves.
  EXPECT_LE(S.Read, calleesWithBodies(Moved, *F) + 2);
  EXPECT_GE(S.LinesMoved, 1u);

  // And the next scan of the same program reads them as they were stored.
  driver::ScanResult Again = cached(Moved);
  EXPECT_EQ(asJson(Again.Reports), Want);
  EXPECT_EQ(Again.Stats.SummaryCache.LinesMoved, 0u);
  EXPECT_TRUE(Again.Stats.SummaryCache.ReduceReused);
}

TEST_F(SccCacheTest, MovedLinesBackAndForthGiveTheReportsOfEach) {
  // A caller's summaries are stored with the lines of the callee they were
  // read with: moving the lines back reads them with the first ones again.
  std::vector<ir::Module> P = program();
  const ir::Function *F = spanningFunction(P);
  ASSERT_NE(F, nullptr);
  const uint32_t File = F->Location.File, At = F->Location.Line + 1;
  std::vector<ir::Module> Moved = program();
  insertLines(Moved, File, At, 3);
  const std::string WantMoved = uncached(Moved), WantBack = uncached(program());
  cached(program());
  EXPECT_EQ(asJson(cached(Moved).Reports), WantMoved);
  EXPECT_EQ(asJson(cached(program()).Reports), WantBack);
  EXPECT_EQ(asJson(cached(Moved).Reports), WantMoved);
}

TEST_F(SccCacheTest, ReusedSummariesNeedNoThreadsOrOrder) {
  // The stored summaries of a 1-thread reduce serve a 4-thread one.
  const std::string Want = uncached(program());
  cached(program(), 1);
  std::vector<ir::Module> Edited = program();
  addGlobalWrite(*calledFunction(Edited));
  EXPECT_EQ(asJson(cached(Edited, 4).Reports), uncached(Edited));
  EXPECT_EQ(asJson(cached(program(), 4).Reports), Want);
}

TEST_F(SccCacheTest, DamagedStoreStillGivesTheReports) {
  cached(program());
  ASSERT_EQ(packs().size(), 1u);
  // Damage the middle of the pack: some entries' checksums fail. The edit
  // makes callers read their callees' stored accesses, so the reduce meets
  // the damage, and must summarize again without the store.
  {
    auto Buf = llvm::MemoryBuffer::getFile(packs()[0]);
    ASSERT_TRUE(bool(Buf));
    std::string Data = (*Buf)->getBuffer().str();
    for (size_t I = Data.size() / 4; I < Data.size(); I += Data.size() / 8)
      Data[I] ^= 0x41;
    std::ofstream(packs()[0], std::ios::binary | std::ios::trunc) << Data;
  }
  std::vector<ir::Module> Edited = program();
  addGlobalWrite(*calledFunction(Edited));
  EXPECT_EQ(asJson(cached(Edited).Reports), uncached(Edited));
  // The store was rewritten: the next scan reuses everything.
  driver::ScanResult Again = cached(Edited);
  EXPECT_EQ(asJson(Again.Reports), uncached(Edited));
  EXPECT_TRUE(Again.Stats.SummaryCache.ReduceReused);
}

TEST_F(SccCacheTest, DamagedResultIsRecomputed) {
  const std::string Want = uncached(program());
  cached(program());
  llvm::SmallString<128> P(Dir);
  llvm::sys::path::append(P, "last-reduce.result");
  std::ofstream(std::string(P), std::ios::app) << "garbage";
  driver::ScanResult R = cached(program());
  EXPECT_EQ(asJson(R.Reports), Want);
  EXPECT_FALSE(R.Stats.SummaryCache.ReduceReused);
  EXPECT_EQ(R.Stats.SummaryCache.Recomputed, 0u) << "summaries still reused";
}

} // namespace
