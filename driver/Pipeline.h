//===- Pipeline.h - The whole scan: jobs -> IR -> summaries -> reports -*- C++ -*-===//
//
// Why: the driver is the only place that knows every phase. It maps the
// frontend over translation units in parallel (TBB), links the modules by
// symbol (one copy of each inline/template function however many TUs define
// it), summarizes bottom-up over the call graph's SCCs (a TBB task per SCC,
// started when its callees are done), and reduces to reports. The result is
// the same for any job count and any TU order.
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_PIPELINE_H
#define RACER_DRIVER_PIPELINE_H

#include "driver/Linker.h"
#include "driver/SccCache.h"
#include "frontend/Frontend.h"
#include "report/Report.h"
#include "report/Verdict.h"
#include "report/Writers.h"
#include "summarize/ConflictFinder.h"
#include "summarize/ir/IR.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace racer::driver {

/// Time and counts per phase (printed by --stats).
struct PhaseStats {
  double FrontendWallSeconds = 0; ///< parallel frontend (parse + lower)
  double ParseCpuSeconds = 0;     ///< summed over TUs
  double LowerCpuSeconds = 0;     ///< summed over TUs
  double SerializeCpuSeconds = 0; ///< encoding + writing cache entries
  double CacheReadCpuSeconds = 0; ///< hashing inputs, reading + decoding
  double LinkSeconds = 0;
  double SummarizeSeconds = 0;
  double ConflictSeconds = 0;
  double ReportSeconds = 0;
  unsigned TUs = 0, TUsFailed = 0;
  unsigned FunctionsLowered = 0; ///< before dedup by symbol
  unsigned FunctionsLinked = 0;  ///< after dedup
  /// Project-header bodies not parsed: an earlier TU lowers them
  /// (frontend::BodyClaims), and TUs analysed again in full because the TU
  /// they left bodies to is not linked.
  unsigned BodiesSkipped = 0, TUsReanalysed = 0;
  /// Library function templates not instantiated, and instantiated for the
  /// project code they may instantiate (frontend/InstantiationFilter.h).
  unsigned LibraryInstantiationsDropped = 0, LibraryInstantiationsKept = 0;
  unsigned SCCs = 0;
  /// Copies of functions for constant arguments (summarize/Specialize.h),
  /// and the calls pointed at them.
  unsigned SpecializedCopies = 0, SpecializedCalls = 0;
  /// Function-pointer slots called (summarize/IndirectCalls.h), those
  /// resolved to a dispatcher, and the functions they call.
  unsigned IndirectSlots = 0, IndirectDispatchers = 0, IndirectTargets = 0;
  /// Functions whose comment states the lock their callers hold
  /// (`// REQUIRES: mutex_ is held`): naming a member or parameter, or not.
  unsigned RequiresNamed = 0, RequiresUnnamed = 0;
  /// The SCC that took longest to summarize (without the summary cache):
  /// its functions, seconds, and its first function's name. What to look
  /// at when summarize is slow (a dispatcher pulling a server into one SCC).
  unsigned SlowestSCCSize = 0;
  double SlowestSCCSeconds = 0;
  std::string SlowestSCCFirst;
  /// The most work one function's summary took (summarize/WorkLimit.h),
  /// and that function; the functions given up past the limit (their names
  /// and places, "file:line\tname"), computed here or read from the cache.
  uint64_t MostWorkUnits = 0;
  std::string MostWorkFunction;
  std::vector<std::string> OverWorkLimit;
  unsigned CacheHits = 0, CacheMisses = 0, CacheInvalid = 0;
  /// Every TU was unchanged and the last scan's reports were reused.
  bool ResultReused = false;
  /// What the summary cache did (when the scan had one).
  bool SummaryCacheUsed = false;
  SccCacheStats SummaryCache;
  ConflictStats Conflicts;
  /// Peak resident memory (MiB) of each whole-program phase, measured from
  /// the phase's start (Linux resets the high-water mark: clear_refs 5);
  /// 0 where it could not be measured. Where memory goes (issue 29).
  double LinkPeakMiB = 0, SummarizePeakMiB = 0, ConflictPeakMiB = 0,
         ReportPeakMiB = 0;
  /// The high-water mark when the link started: the frontend's and the
  /// process's so far.
  double BeforeLinkPeakMiB = 0;
};


class ResultCache;
class SummaryCache;

/// What the map phase produced: one module per TU that could be analysed,
/// in main-file order (so any job order or split gives the same program).
struct MapResult {
  std::vector<ir::Module> Modules;
  std::vector<std::string> FailedTUs;
};

struct ScanResult {
  std::vector<report::Report> Reports;
  std::vector<std::string> MainFiles; ///< the TUs' main files
  std::vector<std::string> Files;     ///< every non-system file seen
  std::vector<std::string> FailedTUs;
  /// The unsound shortcuts the analysis took (for --verdict), by kind.
  std::vector<report::AssumptionNote> Assumptions;
  /// What the scan checked (the summary line, JSON and SARIF say it).
  report::Coverage Scope;
  PhaseStats Stats;
  /// The result cache holds these reports for these inputs (stored by this
  /// scan, or reused by it).
  bool ResultCached = false;
};

/// Map: the frontend on every job with \p Threads workers (0 = all cores),
/// or the cached module when the TU's inputs are unchanged (\p Cache may be
/// null). Diagnostics for failed TUs go to \p Errs as they happen. With
/// \p Link, each module is linked as soon as it is ready (and not returned
/// in MapResult::Modules), so memory does not grow with the number of TUs.
/// How runMap shows progress on its error stream as TUs finish.
enum class Progress {
  None,
  Lines,    ///< one line per TU: `racecar: [12/126] src/a.c (analysed)`
  Terminal, ///< one line rewritten in place, cleared at the end
};
/// Sets the progress display of later runMap calls (default None).
void setProgress(Progress P);

/// Classes the project declares thread-safe (.racecar.yaml `thread_safe`):
/// checked as if annotated racecar_thread_safe. Part of the result cache's
/// digest. Call before scanning.
void setThreadSafeClasses(std::vector<std::string> Names);

/// Files under \p Root (an absolute directory; empty: none, the default) are
/// recorded relative to it in the modules runMap returns or links, and in
/// its failed TUs (RelativePaths.h; --relative-paths). Cache entries keep
/// absolute names; the root is part of the result cache's digest. Call
/// before scanning.
void setPathRoot(std::string Root);

MapResult runMap(std::vector<frontend::TUJob> Jobs,
                 const frontend::FrontendOptions &Opts, unsigned Threads,
                 SummaryCache *Cache, llvm::raw_ostream &Errs,
                 PhaseStats &Stats, Linker *Link = nullptr);

/// Link and reduce: merges the modules, summarizes bottom-up and finds races.
ScanResult runReduce(MapResult Map, unsigned Threads, PhaseStats Stats);
/// Reduce an already linked program (\p FailedTUs: the TUs that could not be
/// analysed, for the result). With \p Summaries (and a program linked with
/// function digests), SCCs whose summaries are stored are not summarized
/// again, and the reports of an unchanged reduce are reused (SccCache.h).
ScanResult reduceLinked(LinkedProgram Program,
                        std::vector<std::string> FailedTUs, unsigned Threads,
                        PhaseStats Stats, SccCache *Summaries = nullptr);

/// Map then reduce. With both caches, a scan whose TUs are all unchanged
/// since the last scan (same cache entries) reuses its reports and does
/// neither; a scan that analysed every TU records its reports for the next.
ScanResult runScan(std::vector<frontend::TUJob> Jobs,
                   const frontend::FrontendOptions &Opts, unsigned Threads,
                   SummaryCache *Cache, llvm::raw_ostream &Errs,
                   ResultCache *Results = nullptr);

/// The jobs of shard \p Index (1-based) of \p Count: every Count-th job in
/// main-file order, so shards are disjoint, cover all jobs, and do not depend
/// on the compile database's order.
std::vector<frontend::TUJob> selectShard(std::vector<frontend::TUJob> Jobs,
                                         unsigned Index, unsigned Count);

/// Merges modules (in the given order) into one program.
/// With \p PackBodies, bodies are packed (see Linker), as runReduce does.
LinkedProgram linkModules(std::vector<ir::Module> Modules,
                          bool PackBodies = false);

void printStats(const PhaseStats &S, llvm::raw_ostream &OS);

} // namespace racer::driver

#endif
