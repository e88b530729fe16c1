//===- Pipeline.cpp - Parallel map over TUs, link, summarize, reduce ------===//
#include "driver/Pipeline.h"
#include "driver/PeakMemory.h"
#include "driver/RelativePaths.h"
#include "driver/ResultCache.h"
#include "driver/SccCache.h"
#include "driver/SummaryCache.h"
#include "driver/TaskDag.h"
#include "frontend/BodyClaims.h"
#include "report/ReportCollector.h"
#include "summarize/ConflictFinder.h"
#include "summarize/IndirectCalls.h"
#include "summarize/LibraryModels.h"
#include "summarize/Programs.h"
#include "summarize/Specialize.h"
#include "summarize/Summarizer.h"
#include "summarize/WorkLimit.h"
#include "summarize/ir/PackedBody.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>

namespace racer::driver {

namespace {

double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       Start)
      .count();
}

/// Runs the members of a recursive SCC (stateless).
const TbbTaskScheduler MemberScheduler;

/// Runs \p Step on every SCC of \p G, each as soon as every SCC it calls is
/// done, in parallel.
void forEachSCCBottomUp(const CallGraph &G, tbb::task_arena &Arena,
                        const std::function<void(uint32_t)> &Step) {
  const size_t N = G.sccs().size();
  std::vector<std::atomic<uint32_t>> Pending(N);
  for (size_t C = 0; C < N; ++C)
    Pending[C].store(G.calleeCounts()[C], std::memory_order_relaxed);
  tbb::task_group Group;
  std::function<void(uint32_t)> Run = [&](uint32_t C) {
    Step(C);
    for (uint32_t Caller : G.callers()[C])
      if (Pending[Caller].fetch_sub(1, std::memory_order_acq_rel) == 1)
        Group.run([&Run, Caller] { Run(Caller); });
  };
  Arena.execute([&] {
    for (uint32_t C = 0; C < N; ++C)
      if (G.calleeCounts()[C] == 0)
        Group.run([&Run, C] { Run(C); });
    Group.wait();
  });
}

/// The most work a summary took, and the functions given up past the work
/// limit (their summaries carry the WorkLimit assumption at their own
/// place; their callers' at the callee's).
void noteWork(const ProgramSummarizer &PS, const LinkedProgram &Program,
              PhaseStats &St) {
  auto [Units, F] = PS.mostWork();
  if (Units) {
    St.MostWorkUnits = Units;
    St.MostWorkFunction = Program.Functions[F].Name.str();
  }
  for (uint32_t I = 0; I < Program.Functions.size(); ++I) {
    const ir::Function &Fn = Program.Functions[I];
    for (const Assumption &A : PS.summaries()[I].Assumptions)
      if (A.Kind == AssumptionKind::WorkLimit && A.Location == Fn.Location) {
        const ir::Loc &L = Fn.Location;
        St.OverWorkLimit.push_back(
            (L.File < Program.Files.size() ? Program.Files[L.File] : "?") +
            ":" + std::to_string(L.Line) + "\t" + Fn.Name.str());
      }
  }
}

/// Frees the bodies of SCC \p C's functions (once it is summarized,
/// nothing reads them again: callers read summaries), so the summaries fill
/// memory the IR gave back.
void freeBodies(const CallGraph &G, uint32_t C,
                std::vector<ir::Function> &Functions) {
  for (uint32_t F : G.sccs()[C]) {
    std::vector<ir::Block>().swap(Functions[F].Blocks);
    std::vector<ir::Symbol>().swap(Functions[F].Locals);
    Functions[F].Packed.reset();
  }
}

/// Summarizes every SCC, and frees the bodies of its functions once it is
/// done.
void summarizeInParallel(ProgramSummarizer &PS,
                         std::vector<ir::Function> &Functions,
                         tbb::task_arena &Arena, PhaseStats &St) {
  std::mutex SlowestMu;
  forEachSCCBottomUp(PS.graph(), Arena, [&](uint32_t C) {
    auto T = std::chrono::steady_clock::now();
    PS.summarizeSCC(C);
    double Took = secondsSince(T);
    if (Took > 0.05) {
      std::lock_guard<std::mutex> G(SlowestMu);
      if (Took > St.SlowestSCCSeconds) {
        St.SlowestSCCSeconds = Took;
        St.SlowestSCCSize = unsigned(PS.graph().sccs()[C].size());
        St.SlowestSCCFirst = Functions[PS.graph().sccs()[C][0]].Name.str();
      }
    }
    freeBodies(PS.graph(), C, Functions);
  });
  PS.releaseCallablesNotStarted();
}

/// With the summary cache: reuses or summarizes each SCC (SccCache::Run).
/// Bodies are kept if the store may supply summaries: if a stored entry
/// turns out unreadable, everything is summarized again. Returns the summarizer whose summaries are complete,
/// or sets \p Reports to the last pairing's (SccCache::Run::reuseReduce),
/// which needs none of the stored summaries read but those of the callees of
/// SCCs summarized again.
std::unique_ptr<ProgramSummarizer>
summarizeWithCache(std::unique_ptr<ProgramSummarizer> PS, LinkedProgram &P,
                   SccCache &Cache, tbb::task_arena &Arena,
                   std::unique_ptr<SccCache::Run> &Run,
                   std::optional<std::vector<report::Report>> &Reports,
                   report::Coverage &Scope) {
  const bool KeepBodies = Run->mayAdopt();
  forEachSCCBottomUp(PS->graph(), Arena, [&](uint32_t C) {
    Run->step(C);
    if (!KeepBodies)
      freeBodies(PS->graph(), C, P.Functions);
  });
  if ((Reports = Run->reuseReduce(&Scope)))
    return PS;
  // The pairing runs: every adopted SCC's summaries, then the accesses it
  // reads.
  forEachSCCBottomUp(PS->graph(), Arena, [&](uint32_t C) { Run->adopt(C); });
  PS->releaseCallablesNotStarted(); // their stored accesses need no reading
  if (Run->finish())
    return PS;
  PS = std::make_unique<ProgramSummarizer>(P.Functions,
                                           /*ReleaseUnneeded=*/true, P.Classes);
  PS->setScheduler(&MemberScheduler);
  Run = std::make_unique<SccCache::Run>(Cache, P, *PS, /*Reuse=*/false);
  forEachSCCBottomUp(PS->graph(), Arena, [&](uint32_t C) { Run->step(C); });
  PS->releaseCallablesNotStarted();
  Run->finish();
  return PS;
}

/// Keeps one class's findings, to be deduplicated as one group.
class GroupBuffer final : public FindingSink {
public:
  explicit GroupBuffer(FindingSink &Assumptions) : Assumptions(Assumptions) {}
  void noteAssumption(const Assumption &A) override {
    Assumptions.noteAssumption(A);
  }
  void handleRace(const RaceFinding &F) override { Findings.push_back(F); }
  void takeRace(RaceFinding &&F) override {
    Findings.push_back(std::move(F));
  }
  std::vector<RaceFinding> Findings;

private:
  FindingSink &Assumptions; ///< where the program's assumptions go
};

/// findConflicts, with the classes checked in parallel: each class's
/// findings are deduplicated as soon as the class is done, so only the kept
/// reports accumulate. Then races between threads, on this thread.
ConflictStats findConflictsInParallel(const std::vector<ir::Function> &Fns,
                                      const ProgramSummarizer &PS,
                                      const std::vector<ir::ClassInfo> &Classes,
                                      report::ReportCollector &Collector,
                                      tbb::task_arena &Arena,
                                      const TakenAddresses *Addresses,
                                      const ProgramPartition *Programs,
                                      llvm::ArrayRef<std::string> TableSlots) {
  ConflictStats Stats;
  const std::vector<ClassCheck> Plan =
      planClassChecks(Fns, PS.summaries(), Classes, Stats, &PS.graph());
  // The assumptions of the methods the class check pairs: what keeps a
  // verdict on the classes from being race-free.
  for (const ClassCheck &C : Plan)
    for (uint32_t M : C.Methods)
      for (const Assumption &A : PS.summaries()[M].Assumptions)
        Collector.noteAssumption(A);
  std::vector<std::vector<ir::Loc>> Reported(Plan.size());
  std::atomic<unsigned> Findings{0};
  Arena.execute([&] {
    tbb::parallel_for(size_t(0), Plan.size(), [&](size_t I) {
      GroupBuffer Buffer(Collector);
      Findings += findClassConflicts(Plan[I], Fns, PS.summaries(), Buffer,
                                     Reported[I]);
      if (!Buffer.Findings.empty())
        Collector.addGroup(std::move(Buffer.Findings));
    });
  });
  Stats.Findings = Findings;
  std::vector<ir::Loc> All;
  for (std::vector<ir::Loc> &R : Reported) {
    All.insert(All.end(), R.begin(), R.end());
    std::vector<ir::Loc>().swap(R);
  }
  sortUnique(All);
  Stats.Threads =
      findThreadRaces(Fns, PS.summaries(), PS.graph(), All, Collector,
                      Addresses, Programs, TableSlots);
  return Stats;
}

} // namespace

LinkedProgram linkModules(std::vector<ir::Module> Modules, bool PackBodies) {
  Linker L(PackBodies);
  for (size_t I = 0; I < Modules.size(); ++I)
    L.add(static_cast<uint32_t>(I), std::move(Modules[I]));
  return L.finish();
}

namespace {
void sortByMainFile(std::vector<frontend::TUJob> &Jobs) {
  std::stable_sort(Jobs.begin(), Jobs.end(),
                   [](const frontend::TUJob &A, const frontend::TUJob &B) {
                     return A.File < B.File;
                   });
}
} // namespace

namespace {
/// Job indexes by decreasing main-file size (ties in job order).
std::vector<size_t> largestFirst(const std::vector<frontend::TUJob> &Jobs) {
  std::vector<uint64_t> Size(Jobs.size(), 0);
  for (size_t I = 0; I < Jobs.size(); ++I) {
    llvm::SmallString<256> P(Jobs[I].File);
    if (!llvm::sys::path::is_absolute(P) && !Jobs[I].Directory.empty()) {
      P = Jobs[I].Directory;
      llvm::sys::path::append(P, Jobs[I].File);
    }
    llvm::sys::fs::file_size(P, Size[I]);
  }
  std::vector<size_t> Order(Jobs.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t A, size_t B) { return Size[A] > Size[B]; });
  return Order;
}
} // namespace

std::vector<frontend::TUJob> selectShard(std::vector<frontend::TUJob> Jobs,
                                         unsigned Index, unsigned Count) {
  sortByMainFile(Jobs);
  std::vector<frontend::TUJob> Out;
  for (size_t I = 0; I < Jobs.size(); ++I)
    if (I % Count == Index - 1)
      Out.push_back(std::move(Jobs[I]));
  return Out;
}

static std::atomic<Progress> ProgressMode{Progress::None};

void setProgress(Progress P) { ProgressMode = P; }

static std::vector<std::string> &threadSafeClasses() {
  static std::vector<std::string> Names;
  return Names;
}

void setThreadSafeClasses(std::vector<std::string> Names) {
  std::sort(Names.begin(), Names.end());
  threadSafeClasses() = std::move(Names);
}

static std::string &pathRoot() {
  static std::string Root;
  return Root;
}

void setPathRoot(std::string Root) { pathRoot() = std::move(Root); }

MapResult runMap(std::vector<frontend::TUJob> Jobs,
                 const frontend::FrontendOptions &Opts, unsigned Threads,
                 SummaryCache *Cache, llvm::raw_ostream &Errs,
                 PhaseStats &St, Linker *Link) {
  sortByMainFile(Jobs);
  for (size_t I = 0; I < Jobs.size(); ++I)
    Jobs[I].Order = static_cast<uint32_t>(I);
  St.TUs += static_cast<unsigned>(Jobs.size());
  tbb::task_arena Arena(Threads == 0 ? tbb::task_arena::automatic
                                     : static_cast<int>(Threads));

  auto T0 = std::chrono::steady_clock::now();
  std::vector<frontend::TUResult> Results(Jobs.size());
  // Per TU: time reading (hash, read, decode) and writing (encode, write)
  // its cache entry.
  std::vector<double> ReadSeconds(Jobs.size()), WriteSeconds(Jobs.size());
  std::mutex ErrsMutex;
  // With a linker, a finished module is merged at once; only its size is
  // kept for the stats.
  std::vector<uint32_t> LinkedFunctions(Jobs.size());
  auto handOver = [&](size_t I) {
    if (!Link)
      return;
    ir::Module &M = Results[I].Module;
    if (M.MainFile.empty())
      M.MainFile = Jobs[I].File;
    relativizeModule(M, pathRoot());
    LinkedFunctions[I] = static_cast<uint32_t>(M.Functions.size());
    Link->add(static_cast<uint32_t>(I), std::move(M));
    M = ir::Module();
  };
  std::atomic<size_t> Finished{0};
  const Progress Show = ProgressMode;
  auto progress = [&](size_t I, const char *What) {
    size_t K = ++Finished;
    if (Show == Progress::None)
      return;
    std::lock_guard<std::mutex> G(ErrsMutex);
    llvm::StringRef Name = llvm::sys::path::filename(Jobs[I].File);
    if (Show == Progress::Lines) {
      Errs << "racecar: [" << K << "/" << Jobs.size() << "] " << Jobs[I].File
           << " (" << What << ")\n";
    } else {
      std::string Line = "racecar: [" + std::to_string(K) + "/" +
                         std::to_string(Jobs.size()) + "] " + Name.str();
      Line.resize(std::max<size_t>(Line.size(), 72), ' ');
      Errs << "\r" << Line;
    }
    Errs.flush();
  };
  // With body claims (BodyClaims.h), a cached TU's functions are claimed
  // before any TU is parsed, so that the parses can skip them: every
  // lookup comes first.
  const bool Claims = Opts.Claims && Link;
  std::vector<bool> Hit(Jobs.size(), false);
  auto lookupOne = [&](size_t I) {
    if (!Cache)
      return false;
    auto R0 = std::chrono::steady_clock::now();
    std::optional<ir::Module> M = Cache->lookup(Jobs[I]);
    ReadSeconds[I] = secondsSince(R0);
    if (!M)
      return false;
    Results[I].Ok = true;
    Results[I].Module = std::move(*M);
    if (Claims)
      Opts.Claims->claimAll(Results[I].Module, Jobs[I].Order);
    handOver(I);
    progress(I, "cached");
    return true;
  };
  std::vector<uint32_t> Skipped(Jobs.size(), 0);
  auto mapOne = [&](size_t I) {
    if (Hit[I] || (!Claims && lookupOne(I)))
      return;
    Results[I] = frontend::analyzeTU(Jobs[I], Opts);
    if (Results[I].Ok) {
      if (Cache) {
        auto W0 = std::chrono::steady_clock::now();
        Cache->store(Jobs[I], Results[I].Module, Results[I].FileDigests,
                     Results[I].AbsentInputs);
        WriteSeconds[I] = secondsSince(W0);
      }
      Skipped[I] = static_cast<uint32_t>(Results[I].Module.SkippedBodies.size());
      handOver(I);
      progress(I, "analysed");
      return;
    }
    progress(I, "failed");
    std::lock_guard<std::mutex> G(ErrsMutex);
    if (Show == Progress::Terminal)
      Errs << "\r" << std::string(72, ' ') << "\r";
    Errs << "racecar: error: could not analyse '" << Jobs[I].File
         << "'; skipping it\n"
         << Results[I].Diagnostics;
    Errs.flush();
  };
  if (Claims && Cache)
    Arena.execute([&] {
      tbb::parallel_for(size_t(0), Jobs.size(),
                        [&](size_t I) { Hit[I] = lookupOne(I); });
    });
  // Largest TUs first (by main-file size), from one shared queue: a big TU
  // started last would leave the other workers idle at the end. With body
  // claims, in main-file order instead: a TU skips only the bodies of TUs
  // before it, so those should be under way (on rocksdb, a fifth more
  // bodies skipped, and less work than the balance loses).
  std::vector<size_t> Queue = largestFirst(Jobs);
  if (Claims)
    for (size_t I = 0; I < Queue.size(); ++I)
      Queue[I] = I;
  std::atomic<size_t> Next{0};
  const int Workers = std::max(1, Arena.max_concurrency());
  Arena.execute([&] {
    tbb::parallel_for(
        0, Workers,
        [&](int) {
          for (size_t K; (K = Next.fetch_add(1)) < Queue.size();)
            mapOne(Queue[K]);
        },
        tbb::simple_partitioner());
  });
  // A TU that left a body to a TU that is not linked (that one failed, or
  // was cached and has changed since) is analysed again, in full.
  if (Claims) {
    frontend::FrontendOptions Full = Opts;
    Full.Claims.reset();
    for (std::vector<uint32_t> Redo; !(Redo = Link->unlinkedSkips()).empty();) {
    Arena.execute([&] {
      tbb::parallel_for(size_t(0), Redo.size(), [&](size_t K) {
        const uint32_t I = Redo[K];
        frontend::TUResult R = frontend::analyzeTU(Jobs[I], Full);
        if (Show == Progress::Lines) {
          std::lock_guard<std::mutex> G(ErrsMutex);
          Errs << "racecar: analysed again in full: " << Jobs[I].File
               << " (a TU it left function bodies to is not linked)\n";
        }
        if (R.Ok && Cache)
          Cache->store(Jobs[I], R.Module, R.FileDigests, R.AbsentInputs);
        // Failed now (it parsed before): without its bodies, but no longer
        // asked for them.
        if (R.Module.MainFile.empty())
          R.Module.MainFile = Jobs[I].File;
        relativizeModule(R.Module, pathRoot());
        R.Module.SkippedBodies.clear();
        if (R.Ok)
          LinkedFunctions[I] = static_cast<uint32_t>(R.Module.Functions.size());
        Skipped[I] = 0;
        if (R.Ok)
          Link->add(I, std::move(R.Module), /*Replace=*/true);
        else
          Link->forgetSkips(I);
      });
    });
    St.TUsReanalysed += static_cast<unsigned>(Redo.size());
    }
  }
  if (Show == Progress::Terminal && !Jobs.empty()) {
    Errs << "\r" << std::string(72, ' ') << "\r";
    Errs.flush();
  }
  St.FrontendWallSeconds += secondsSince(T0);
  if (Cache) {
    St.CacheHits = Cache->hits();
    St.CacheMisses = Cache->misses();
    St.CacheInvalid = Cache->invalid();
  }

  MapResult Map;
  for (size_t I = 0; I < Results.size(); ++I) {
    St.ParseCpuSeconds += Results[I].ParseSeconds;
    St.LowerCpuSeconds += Results[I].LowerSeconds;
    St.LibraryInstantiationsDropped += Results[I].LibraryInstantiationsDropped;
    St.LibraryInstantiationsKept += Results[I].LibraryInstantiationsKept;
    St.CacheReadCpuSeconds += ReadSeconds[I];
    St.SerializeCpuSeconds += WriteSeconds[I];
    if (!Results[I].Ok) {
      ++St.TUsFailed;
      Map.FailedTUs.push_back(relativeTo(Jobs[I].File, pathRoot()));
      continue;
    }
    St.BodiesSkipped += Skipped[I];
    if (Link) {
      St.FunctionsLowered += LinkedFunctions[I];
      continue;
    }
    if (Results[I].Module.MainFile.empty())
      Results[I].Module.MainFile = Jobs[I].File;
    relativizeModule(Results[I].Module, pathRoot());
    St.FunctionsLowered +=
        static_cast<unsigned>(Results[I].Module.Functions.size());
    Map.Modules.push_back(std::move(Results[I].Module));
  }
  return Map;
}

ScanResult runReduce(MapResult Map, unsigned Threads, PhaseStats St) {
  // Merged shards arrive in any order; the linker restores main-file order.
  St.BeforeLinkPeakMiB = peakRssMiB();
  resetPeakRss();
  auto T1 = std::chrono::steady_clock::now();
  LinkedProgram Program =
      linkModules(std::move(Map.Modules), /*PackBodies=*/true);
  St.LinkSeconds = secondsSince(T1);
  St.LinkPeakMiB = peakRssMiB();
  return reduceLinked(std::move(Program), std::move(Map.FailedTUs), Threads,
                      St);
}

ScanResult reduceLinked(LinkedProgram Program,
                        std::vector<std::string> FailedTUs, unsigned Threads,
                        PhaseStats St, SccCache *Summaries) {
  ScanResult R;
  R.MainFiles = std::move(Program.MainFiles);
  std::sort(FailedTUs.begin(), FailedTUs.end());
  R.FailedTUs = std::move(FailedTUs);
  tbb::task_arena Arena(Threads == 0 ? tbb::task_arena::automatic
                                     : static_cast<int>(Threads));
  St.FunctionsLinked = static_cast<unsigned>(Program.Functions.size());
  if (Program.FunctionDigests.size() != Program.Functions.size())
    Summaries = nullptr; // linked without digests: nothing to key by

  // Classes the project's config declares thread-safe.
  for (const std::string &Name : threadSafeClasses()) {
    auto It = std::find_if(Program.Classes.begin(), Program.Classes.end(),
                           [&](const ir::ClassInfo &C) { return C.Name == Name; });
    if (It == Program.Classes.end()) {
      Program.Classes.emplace_back();
      It = std::prev(Program.Classes.end());
      It->Name = Name;
    }
    It->MarkedThreadSafe = true;
  }

  for (const ir::Function &F : Program.Functions) {
    St.RequiresNamed += F.DocumentedRequires == ir::DocumentedLock::Named;
    St.RequiresUnnamed += F.DocumentedRequires == ir::DocumentedLock::Unnamed;
  }

  // Calls that pass constants run copies of their callees for them.
  resetPeakRss();
  auto T2 = std::chrono::steady_clock::now();
  ProgramPartition Programs;
  {
    std::vector<uint32_t> Changed;
    // Which `main` reaches which files, before calls through slots become
    // calls of what the slots hold. (Mains keep their indexes: what is
    // added below goes at the end.)
    Programs =
        partitionPrograms(Program.Functions, Program.DuplicateDefinitions);
    // Calls through function pointers in fields and globals reach the
    // functions stored there; then copies for constant arguments.
    IndirectCallStats Ind =
        resolveIndirectCalls(Program.Functions, Program.FunctionPointerStores,
                             &Changed, &Program.TableSlots);
    llvm::sort(Program.TableSlots);
    Program.TableSlots.erase(
        std::unique(Program.TableSlots.begin(), Program.TableSlots.end()),
        Program.TableSlots.end());
    std::vector<std::string>().swap(Program.FunctionPointerStores);
    St.IndirectSlots = Ind.SlotsCalled;
    St.IndirectDispatchers = Ind.Dispatchers + Ind.Direct;
    St.IndirectTargets = Ind.Targets;
    SpecializeStats Sp = specializeConstantCalls(Program.Functions, &Changed);
    St.SpecializedCopies = Sp.Copies;
    St.SpecializedCalls = Sp.CallsRedirected;
    if (Summaries) {
      // Each one on its own (a body unpacked and hashed), in parallel.
      Program.FunctionDigests.resize(Program.Functions.size());
      Arena.execute([&] {
        tbb::parallel_for(size_t(0), Changed.size(), [&](size_t K) {
          const uint32_t I = Changed[K];
          Program.FunctionDigests[I] = ir::functionDigest(
              ir::withBody(Program.Functions[I]), Program.Files);
        });
      });
    }
  }
  auto PS = std::make_unique<ProgramSummarizer>(
      Program.Functions, /*ReleaseUnneeded=*/true, Program.Classes);
  PS->setScheduler(&MemberScheduler);
  St.SCCs = static_cast<unsigned>(PS->graph().sccs().size());
  std::unique_ptr<SccCache::Run> Run;
  // The reports of the last reduce, when its inputs are the same.
  report::Coverage ReusedScope;
  auto Reused = [&](std::vector<report::Report> Reports) {
    St.SummarizeSeconds = secondsSince(T2);
    St.SummaryCache = Run->stats();
    St.SummaryCacheUsed = true;
    Summaries->describe(St.SummaryCache);
    R.Reports = std::move(Reports);
    R.Scope = ReusedScope;
    R.Files = std::move(Program.Files);
    R.Stats = St;
    return std::move(R);
  };
  if (Summaries) {
    Run = std::make_unique<SccCache::Run>(*Summaries, Program, *PS);
    // Every SCC as in the last scan (an edit of a comment): nothing read.
    if (std::optional<std::vector<report::Report>> Reports = Run->reuseAll(&ReusedScope))
      return Reused(std::move(*Reports));
    // Re-summarized, but to the same summaries (or the same but for lines):
    // the last pairing's reports.
    std::optional<std::vector<report::Report>> Reports;
    PS = summarizeWithCache(std::move(PS), Program, *Summaries, Arena, Run,
                            Reports, ReusedScope);
    St.SummaryCache = Run->stats();
    St.SummaryCacheUsed = true;
    if (Reports)
      return Reused(std::move(*Reports));
  } else {
    // Frees the bodies as it goes: conflicts and reports read only names,
    // kinds and summaries.
    summarizeInParallel(*PS, Program.Functions, Arena, St);
  }
  St.SummarizeSeconds = secondsSince(T2);
  St.SummarizePeakMiB = peakRssMiB();
  noteWork(*PS, Program, St);

  resetPeakRss();
  auto T3 = std::chrono::steady_clock::now();
  report::ReportCollector Collector(Program.Files);
  std::optional<TakenAddresses> Addresses;
  if (!Program.AddressesUnknown) {
    Addresses.emplace();
    for (const std::string &G : Program.AddressTaken)
      Addresses->Globals.insert(G);
  }
  // A call lowered as a call of a function pointer's initializer, where
  // some module may store another function into the pointer.
  if (!Program.FunctionPointersReassigned.empty())
    Collector.noteAssumption(
        Assumption{AssumptionKind::UnresolvedCall, ir::Loc()});
  St.Conflicts = findConflictsInParallel(Program.Functions, *PS,
                                         Program.Classes, Collector, Arena,
                                         Addresses ? &*Addresses : nullptr,
                                         &Programs, Program.TableSlots);
  St.ConflictSeconds = secondsSince(T3);
  St.ConflictPeakMiB = peakRssMiB();

  resetPeakRss();
  auto T4 = std::chrono::steady_clock::now();
  R.Reports = Collector.takeReports();
  R.Scope.ClassesChecked = St.Conflicts.ClassesChecked;
  R.Scope.ClassesSkipped = St.Conflicts.ClassesSkipped;
  R.Scope.ThreadRoots = St.Conflicts.Threads.Roots;
  R.Scope.Threads = St.Conflicts.Threads.Threads;
  R.Scope.UnresolvedStarts =
      Collector.assumptionPlaces(AssumptionKind::UnknownThread);
  R.Scope.UnresolvedCalls =
      Collector.assumptionPlaces(AssumptionKind::UnresolvedCall);
  R.Assumptions = Collector.takeAssumptions();
  St.ReportSeconds = secondsSince(T4);
  St.ReportPeakMiB = peakRssMiB();
  if (Run) {
    Run->store(R.Reports, R.Scope);
    Summaries->describe(St.SummaryCache);
  }
  R.Files = std::move(Program.Files);
  R.Stats = St;
  return R;
}

namespace {
/// ResultCache's digest of a scan of \p Jobs (sorted by main file), or
/// nullopt if some TU has no valid cache entry. \p Ids holds one identity
/// per job (SummaryCache::probe); only the missing ones are probed, so the
/// digest after a scan reads just the entries that scan wrote.
std::optional<std::string>
scanDigest(SummaryCache &Cache, const std::vector<frontend::TUJob> &Jobs,
           std::vector<std::optional<std::string>> &Ids, unsigned Threads) {
  Ids.resize(Jobs.size());
  tbb::task_arena Arena(Threads == 0 ? tbb::task_arena::automatic
                                     : static_cast<int>(Threads));
  Arena.execute([&] {
    tbb::parallel_for(size_t(0), Jobs.size(), [&](size_t I) {
      if (!Ids[I])
        Ids[I] = Cache.probe(Jobs[I]);
    });
  });
  std::vector<std::string> All;
  All.reserve(Jobs.size() + 1);
  // The project's models (.racecar.yaml) change the analysis too.
  All.push_back("models " + userModelsKey());
  All.push_back("function-work-limit " + std::to_string(functionWorkLimit()));
  for (const std::string &C : threadSafeClasses())
    All.push_back("thread_safe " + C);
  // Reports name files relative to the root (--relative-paths).
  if (!pathRoot().empty())
    All.push_back("relative-to " + pathRoot());
  for (size_t I = 0; I < Jobs.size(); ++I) {
    if (!Ids[I])
      return std::nullopt;
    All.push_back(Jobs[I].File + " " + *Ids[I]);
  }
  return ResultCache::digestOf(All);
}
} // namespace

ScanResult runScan(std::vector<frontend::TUJob> Jobs,
                   const frontend::FrontendOptions &Opts, unsigned Threads,
                   SummaryCache *Cache, llvm::raw_ostream &Errs,
                   ResultCache *Results) {
  PhaseStats St;
  if (!Cache)
    Results = nullptr;
  sortByMainFile(Jobs);
  std::vector<std::optional<std::string>> Ids;
  if (Results) {
    auto T0 = std::chrono::steady_clock::now();
    report::Coverage Scope;
    if (std::optional<std::string> D = scanDigest(*Cache, Jobs, Ids, Threads))
      if (std::optional<std::vector<report::Report>> Reports =
              Results->load(*D, &Scope)) {
        ScanResult R;
        R.Scope = Scope;
        R.Reports = std::move(*Reports);
        for (const frontend::TUJob &J : Jobs)
          R.MainFiles.push_back(relativeTo(J.File, pathRoot()));
        St.TUs = St.CacheHits = static_cast<unsigned>(Jobs.size());
        St.ResultReused = true;
        St.FrontendWallSeconds = St.CacheReadCpuSeconds = secondsSince(T0);
        R.Stats = St;
        R.ResultCached = true;
        return R;
      }
  }
  std::vector<frontend::TUJob> Scanned;
  if (Results)
    Scanned = Jobs;
  // With a cache, summaries are cached too (per SCC, keyed by the
  // functions' digests).
  // The reduce's reports are reused only when the scan's result may be (not
  // with --verdict, which needs the analysis's assumptions).
  std::optional<SccCache> Summaries;
  if (Cache)
    Summaries.emplace(Cache->directory(), Cache->verbose(), Errs,
                      /*ReuseReduce=*/Results != nullptr);
  Linker Link(/*PackBodies=*/true, /*DigestBodies=*/Cache != nullptr);
  MapResult Map =
      runMap(std::move(Jobs), Opts, Threads, Cache, Errs, St, &Link);
  // After the per-TU progress, the whole-program phase (a line on a
  // terminal, cleared when done).
  const Progress Show = ProgressMode;
  if (Show == Progress::Terminal) {
    Errs << "racecar: linking, summarizing and pairing "
         << St.TUs << " translation units...";
    Errs.flush();
  } else if (Show == Progress::Lines) {
    Errs << "racecar: linking, summarizing and pairing\n";
  }
  // (Here the link ran as the TUs came in: its share is in the peak
  // before it.)
  St.BeforeLinkPeakMiB = peakRssMiB();
  resetPeakRss();
  auto T1 = std::chrono::steady_clock::now();
  LinkedProgram Program = Link.finish();
  St.LinkSeconds = secondsSince(T1);
  St.LinkPeakMiB = peakRssMiB();
  ScanResult R = reduceLinked(std::move(Program), std::move(Map.FailedTUs),
                              Threads, St, Summaries ? &*Summaries : nullptr);
  if (Show == Progress::Terminal) {
    Errs << "\r" << std::string(72, ' ') << "\r";
    Errs.flush();
  }
  if (Results && R.FailedTUs.empty())
    if (std::optional<std::string> D =
            scanDigest(*Cache, Scanned, Ids, Threads)) {
      Results->store(*D, R.Reports, R.Scope);
      R.ResultCached = true;
    }
  return R;
}

void printStats(const PhaseStats &S, llvm::raw_ostream &OS) {
  OS << "racecar stats:\n";
  OS << llvm::format("  TUs                 %8u (%u failed)\n", S.TUs,
                     S.TUsFailed);
  OS << llvm::format("  functions           %8u lowered, %u linked, %u SCCs\n",
                     S.FunctionsLowered, S.FunctionsLinked, S.SCCs);
  if (S.BodiesSkipped || S.TUsReanalysed)
    OS << llvm::format("  header bodies       %8u left to the TU that lowers "
                       "them first (%u TUs analysed again in full)\n",
                       S.BodiesSkipped, S.TUsReanalysed);
  if (S.LibraryInstantiationsDropped || S.LibraryInstantiationsKept)
    OS << llvm::format("  library templates   %8u instantiations skipped, %u "
                       "kept for the project code they call\n",
                       S.LibraryInstantiationsDropped,
                       S.LibraryInstantiationsKept);
  OS << llvm::format("  classes             %8u checked, %u without "
                     "evidence of concurrency\n",
                     S.Conflicts.ClassesChecked, S.Conflicts.ClassesSkipped);
  if (S.CacheHits + S.CacheMisses > 0)
    OS << llvm::format("  cache               %8u hits, %u misses (%u invalid)%s\n",
                       S.CacheHits, S.CacheMisses, S.CacheInvalid,
                       S.ResultReused ? "; nothing changed: last scan's "
                                        "reports reused"
                                      : "");
  OS << llvm::format("  frontend (wall)     %8.3f s\n", S.FrontendWallSeconds);
  OS << llvm::format("    parse (cpu)       %8.3f s\n", S.ParseCpuSeconds);
  OS << llvm::format("    lower (cpu)       %8.3f s\n", S.LowerCpuSeconds);
  OS << llvm::format("    serialize (cpu)   %8.3f s (encode + write cache "
                     "entries)\n",
                     S.SerializeCpuSeconds);
  OS << llvm::format("    cache read (cpu)  %8.3f s (hash inputs, read + "
                     "decode hits)\n",
                     S.CacheReadCpuSeconds);
  OS << llvm::format("  link                %8.3f s\n", S.LinkSeconds);
  OS << llvm::format("  summarize           %8.3f s\n", S.SummarizeSeconds);
  OS << llvm::format("    specialized       %8u copies for %u calls with "
                     "constant arguments\n",
                     S.SpecializedCopies, S.SpecializedCalls);
  OS << llvm::format("    indirect calls    %8u of %u function-pointer slots "
                     "resolved, to %u functions\n",
                     S.IndirectDispatchers, S.IndirectSlots, S.IndirectTargets);
  OS << llvm::format("    REQUIRES comments %8u name the lock, %u do not "
                     "(caller-synchronized)\n",
                     S.RequiresNamed, S.RequiresUnnamed);
  if (S.SlowestSCCSize)
    OS << llvm::format("    slowest SCC       %8.3f s, %u functions (with "
                       "'%s')\n",
                       S.SlowestSCCSeconds, S.SlowestSCCSize,
                       S.SlowestSCCFirst.c_str());
  if (S.MostWorkUnits)
    OS << llvm::format("    most work         %8llu units ('%s'; limit %llu)\n",
                       (unsigned long long)S.MostWorkUnits,
                       S.MostWorkFunction.c_str(),
                       (unsigned long long)functionWorkLimit());
  OS << llvm::format("    over work limit   %8zu functions (given up)\n",
                     S.OverWorkLimit.size());
  if (S.SummaryCacheUsed)
    OS << llvm::format("  summaries           %8u SCCs reused (%u with lines "
                       "moved, %u entries read), %u recomputed (%u "
                       "unchanged)%s\n",
                       S.SummaryCache.Reused, S.SummaryCache.LinesMoved,
                       S.SummaryCache.Read,
                       S.SummaryCache.Recomputed, S.SummaryCache.Unchanged,
                       S.SummaryCache.ReduceShifted
                           ? "; pairing skipped (same summaries but for "
                             "lines: its reports moved)"
                       : S.SummaryCache.ReduceReused
                           ? "; pairing skipped (same summaries)"
                           : "");
  OS << llvm::format("  threads             %8u roots, %u threads started "
                     "(%u serial jobs)\n",
                     S.Conflicts.Threads.Roots, S.Conflicts.Threads.Threads,
                     S.Conflicts.Threads.SerialJobs);
  OS << llvm::format("  conflicts           %8.3f s (%u class findings, %u "
                     "thread findings)\n",
                     S.ConflictSeconds, S.Conflicts.Findings,
                     S.Conflicts.Threads.Findings);
  OS << llvm::format("  report              %8.3f s\n", S.ReportSeconds);
  if (S.LinkPeakMiB || S.SummarizePeakMiB)
    OS << llvm::format("  peak memory         %8.0f MiB before the link, "
                       "then link %.0f, summarize %.0f, conflicts %.0f, "
                       "report %.0f MiB\n",
                       S.BeforeLinkPeakMiB, S.LinkPeakMiB, S.SummarizePeakMiB,
                       S.ConflictPeakMiB, S.ReportPeakMiB);
}

} // namespace racer::driver
