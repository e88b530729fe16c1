//===- LinkReduceBench.cpp - Link + summarize + reduce on synthetic IR ----===//
//
// Measures the phases after the frontend (what `racecar merge` runs) on
// generated programs of 10k, 100k and 1M functions, 1000 functions per TU,
// with a shared header of inline functions every TU repeats. No Clang. Each
// TU's module is generated (untimed) and linked as it arrives, as merge
// links each bundle as it reads it.
//
//   build/perf/racecar_link_reduce_bench --benchmark_counters_tabular=true
//===----------------------------------------------------------------------===//
#include "driver/Pipeline.h"
#include "perf/SyntheticIR.h"

#include <benchmark/benchmark.h>

#include <malloc.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>

using namespace racer;

namespace {

/// The options of one TU of a program of \p Functions functions. \p Dense:
/// every class locks, most methods do not (about 40 times as many races as
/// real code), the worst case for conflicts and reports.
perf::SyntheticOptions tuOptions(bool Dense) {
  perf::SyntheticOptions O;
  O.Functions = 1000;
  O.SharedFunctions = 50;
  if (Dense) {
    O.LockingClassPercent = 100;
    O.LockedMethodPercent = 40;
  }
  return O;
}

/// Resets the process's peak RSS (Linux: clear_refs "5"), so that each run
/// reports its own peak rather than the largest of all runs so far.
void resetPeakRss() {
  malloc_trim(0); // give the previous run's freed heap back first
  if (FILE *F = std::fopen("/proc/self/clear_refs", "w")) {
    std::fputs("5", F);
    std::fclose(F);
  }
}

/// Peak RSS since the last resetPeakRss() (VmHWM), in MiB.
long peakRssMiB() {
  long KiB = 0;
  if (FILE *F = std::fopen("/proc/self/status", "r")) {
    char Line[256];
    while (std::fgets(Line, sizeof Line, F))
      if (std::sscanf(Line, "VmHWM: %ld kB", &KiB) == 1)
        break;
    std::fclose(F);
  }
  return KiB / 1024;
}

/// Peak memory per function (input IR, summaries and reports together):
/// measured 7.1 KiB at 100k and 6.5 KiB at 1M functions, 15 KiB at 100k
/// dense (those rows stop at 100k). The guard is about twice the real rows'
/// figure. A run that would not fit in the
/// machine's memory is skipped instead of taking the machine down.
constexpr double PeakBytesPerFunction = 14.0 * 1024;

void BM_LinkReduce(benchmark::State &State) {
  const unsigned N = static_cast<unsigned>(State.range(0));
  const unsigned Threads = static_cast<unsigned>(State.range(1));
  const bool Dense = State.range(2) != 0;
  const double Physical =
      double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE));
  const double Needed = PeakBytesPerFunction * N;
  if (Needed > 0.8 * Physical) {
    std::string Why = "needs about " +
                      std::to_string(int(Needed / (1 << 30))) +
                      " GiB at the measured peak per function; the machine "
                      "has " +
                      std::to_string(int(Physical / (1 << 30))) + " GiB";
    State.SkipWithError(Why.c_str());
    for (auto _ : State) {
    }
    return;
  }
  size_t Reports = 0;
  driver::PhaseStats Last;
  resetPeakRss();
  for (auto _ : State) {
    // As `racecar merge` does: each TU's module is linked as it arrives
    // (generating it is not timed), so the input is never all in memory.
    driver::Linker L(/*PackBodies=*/true);
    perf::SyntheticOptions O = tuOptions(Dense);
    const auto Start = std::chrono::steady_clock::now();
    double Untimed = 0;
    for (unsigned T = 0; T < N / 1000; ++T) {
      State.PauseTiming();
      const auto G = std::chrono::steady_clock::now();
      O.TUIndex = T;
      ir::Module M = perf::makeSyntheticModule(O);
      Untimed += std::chrono::duration<double>(
                     std::chrono::steady_clock::now() - G)
                     .count();
      State.ResumeTiming();
      L.add(T, std::move(M));
    }
    driver::LinkedProgram P = L.finish();
    driver::PhaseStats St;
    St.LinkSeconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - Start)
                         .count() -
                     Untimed;
    driver::ScanResult R =
        driver::reduceLinked(std::move(P), {}, Threads, St);
    Reports = R.Reports.size();
    Last = R.Stats;
    State.PauseTiming();
    R = driver::ScanResult(); // free outside the timed region
    State.ResumeTiming();
  }
  State.counters["functions"] = N;
  State.counters["linked"] = Last.FunctionsLinked;
  State.counters["reports"] = static_cast<double>(Reports);
  State.counters["reports/fn"] = static_cast<double>(Reports) / N;
  State.counters["link_s"] = Last.LinkSeconds;
  State.counters["summarize_s"] = Last.SummarizeSeconds;
  State.counters["conflicts_s"] = Last.ConflictSeconds;
  State.counters["report_s"] = Last.ReportSeconds;
  State.counters["functions/s"] = benchmark::Counter(
      N, benchmark::Counter::kIsIterationInvariantRate);
  State.counters["link_MiB"] = Last.LinkPeakMiB;
  State.counters["sum_MiB"] = Last.SummarizePeakMiB;
  State.counters["conf_MiB"] = Last.ConflictPeakMiB;
  State.counters["rep_MiB"] = Last.ReportPeakMiB;
  State.counters["peak_rss_MiB"] = static_cast<double>(peakRssMiB());
}

BENCHMARK(BM_LinkReduce)
    ->ArgNames({"functions", "threads", "dense"})
    ->Args({10000, 1, 0})
    ->Args({10000, 2, 0})
    ->Args({100000, 1, 0})
    ->Args({100000, 2, 0})
    ->Args({1000000, 2, 0})
    ->Args({10000, 2, 1})
    ->Args({100000, 2, 1})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

} // namespace

BENCHMARK_MAIN();
