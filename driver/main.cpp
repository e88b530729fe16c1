//===- main.cpp - The racecar command line ---------------------------------===//
//
//   racecar scan -p build/ [files...] [--format=text|sarif|json] [-o out]
//   racecar scan a.cpp b.cpp -- -std=c++17 -Iinclude
//   racecar scan --verify t.cpp -- -std=c++17
//   racecar dump-ir a.cpp -- -std=c++17
//   racecar summarize -p build/ src/a.cpp -o out/a.rcs     (map one TU)
//   racecar scan -p build/ --shard 3/16 -o shard3.rcs      (map a shard)
//   racecar merge out/*.rcs --format=sarif -o races.sarif  (link + reduce)
//   racecar ninja -p build/ -o racecar.ninja               (map as a build)
//   racecar summarize --relative-paths --compiler=/usr/bin/gcc src/a.cc
//       -o a.rcs -- <flags>   (a Bazel action: integrations/bazel/racecar.bzl)
//
// Arguments may come from response files (@file, shell quoting), as Bazel
// passes long command lines.
//
// Exit status: 0 no races, 1 races reported (or -verify mismatches),
// 2 usage or input error, or an output that could not be written,
// 3 some TUs could not be analysed (errors, crash, --tu-timeout); README.md.
//===----------------------------------------------------------------------===//
#include "driver/Config.h"
#include "driver/FailedUnits.h"
#include "driver/NinjaWriter.h"
#include "driver/Pipeline.h"
#include "driver/RelativePaths.h"
#include "driver/ResultCache.h"
#include "driver/ShardSet.h"
#include "driver/SummaryCache.h"
#include "driver/WarmStart.h"
#include "frontend/BodyClaims.h"
#include "frontend/Frontend.h"
#include "launcher/WarmRecord.h"
#include "serialize/Bundle.h"
#include "serialize/FileOutput.h"
#include "report/Baseline.h"
#include "report/Suppressions.h"
#include "report/Verify.h"
#include "report/Writers.h"
#include "summarize/WorkLimit.h"
#include "summarize/ir/IRPrinter.h"

#include "racecar_commit.h"
#ifndef RACECAR_ALLOCATOR
#define RACECAR_ALLOCATOR "libc malloc"
#endif

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace llvm;
using namespace racer;

namespace {

constexpr int ExitNoRaces = 0;
constexpr int ExitRaces = 1;
constexpr int ExitUsage = 2;
constexpr int ExitPartial = 3;

cl::OptionCategory RacecarCategory("racecar options");
cl::SubCommand ScanCmd("scan", "Find data races in translation units");
cl::SubCommand DumpIRCmd("dump-ir", "Print the IR racecar lowers each TU to");
cl::SubCommand SummarizeCmd("summarize",
                            "Map step: analyse TUs into a .rcs file");
cl::SubCommand MergeCmd("merge", "Link and reduce .rcs files into reports");
cl::SubCommand NinjaCmd("ninja",
                        "Write a Ninja file running the map step per TU");

cl::opt<std::string> BuildPath(
    "p", cl::desc("Build directory containing compile_commands.json"),
    cl::value_desc("build-dir"), cl::sub(ScanCmd), cl::sub(DumpIRCmd),
    cl::sub(SummarizeCmd), cl::sub(NinjaCmd), cl::cat(RacecarCategory));
cl::list<std::string> Sources(cl::Positional, cl::desc("[<source>...]"),
                              cl::sub(ScanCmd), cl::sub(DumpIRCmd),
                              cl::sub(SummarizeCmd), cl::sub(NinjaCmd),
                              cl::cat(RacecarCategory));
cl::list<std::string> Inputs(cl::Positional, cl::desc("<file.rcs>..."),
                             cl::OneOrMore, cl::sub(MergeCmd),
                             cl::cat(RacecarCategory));

enum class OutputFormat { Text, Sarif, Json, Html, Plist };
cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(OutputFormat::Text, "text", "clang-style diagnostics"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0"),
               clEnumValN(OutputFormat::Json, "json", "racecar JSON"),
               clEnumValN(OutputFormat::Html, "html",
                          "one self-contained HTML page"),
               clEnumValN(OutputFormat::Plist, "plist",
                          "Clang analyzer plist (CodeChecker)")),
    cl::init(OutputFormat::Text), cl::sub(ScanCmd), cl::sub(MergeCmd),
    cl::sub(NinjaCmd), cl::cat(RacecarCategory));
cl::opt<std::string> OutputPath("o", cl::desc("Write the output to <file>"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::sub(ScanCmd), cl::sub(SummarizeCmd),
                                cl::sub(MergeCmd), cl::sub(NinjaCmd),
                                cl::cat(RacecarCategory));
cl::opt<unsigned> Jobs("j", cl::desc("Worker threads (default: all cores)"),
                       cl::Prefix,
                       cl::init(0), cl::sub(ScanCmd), cl::sub(DumpIRCmd),
                       cl::sub(SummarizeCmd), cl::sub(MergeCmd),
                       cl::cat(RacecarCategory));
cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Keep per-TU results here (default: <build-dir>/.racecar-cache "
             "with -p)"),
    cl::value_desc("dir"), cl::sub(ScanCmd), cl::cat(RacecarCategory));
cl::opt<bool> NoCache("no-cache", cl::desc("Do not read or write the cache"),
                      cl::sub(ScanCmd), cl::cat(RacecarCategory));
cl::opt<std::string> Shard(
    "shard",
    cl::desc("Run the map step on shard K of N (e.g. 3/16) and write it to "
             "-o as a .rcs file for 'racecar merge'"),
    cl::value_desc("K/N"), cl::sub(ScanCmd), cl::cat(RacecarCategory));
cl::opt<std::string> ReportPath(
    "report", cl::desc("ninja: the merged report the Ninja file builds"),
    cl::value_desc("file"), cl::init("races.sarif"), cl::sub(NinjaCmd),
    cl::cat(RacecarCategory));
cl::opt<bool> SkipSystemBodies(
    "skip-system-bodies",
    cl::desc("Skip parsing bodies of functions in system headers, and "
             "instantiating library templates that call no project code "
             "(default: on; =false to parse and instantiate them, the "
             "results are the same)"),
    cl::init(true), cl::sub(cl::SubCommand::getAll()), cl::Hidden,
    cl::cat(RacecarCategory));
cl::opt<bool> ShareHeaderBodies(
    "share-header-bodies",
    cl::desc("scan: parse each project header's function bodies in one TU "
             "only, the first in main-file order that includes them (default: "
             "on; =false to parse them in every TU, the results are the same)"),
    cl::init(true), cl::sub(ScanCmd), cl::Hidden, cl::cat(RacecarCategory));
cl::opt<bool> Verbose("v", cl::desc("Verbose: cache decisions and more"),
                      cl::sub(ScanCmd), cl::sub(MergeCmd),
                      cl::cat(RacecarCategory));
cl::opt<bool> Verify("verify",
                     cl::desc("Check reports against inline "
                              "'// expected-race{{...}}' comments"),
                     cl::sub(ScanCmd), cl::cat(RacecarCategory));
cl::opt<bool> Stats("stats", cl::desc("Print per-phase timing to stderr"),
                    cl::sub(ScanCmd), cl::sub(MergeCmd),
                    cl::cat(RacecarCategory));
cl::opt<bool> VerdictFlag(
    "verdict",
    cl::desc("End the output with a verdict on the whole program: race, "
             "race-free (no finding at any level and no unsound shortcut "
             "taken) or unknown (with the reasons)"),
    cl::sub(ScanCmd), cl::sub(MergeCmd), cl::cat(RacecarCategory));
cl::opt<bool> Quiet("quiet", cl::desc("No summary line on stderr"),
                    cl::sub(ScanCmd), cl::sub(MergeCmd),
                    cl::cat(RacecarCategory));
cl::opt<unsigned> TUTimeout(
    "tu-timeout",
    cl::desc("Give up on a TU still being analysed after <seconds> (it fails "
             "alone, exit status 3; 0: no limit)"),
    cl::value_desc("seconds"), cl::init(600), cl::sub(ScanCmd),
    cl::sub(DumpIRCmd), cl::sub(SummarizeCmd), cl::cat(RacecarCategory));
cl::opt<unsigned> TUMemoryLimit(
    "tu-memory-limit",
    cl::desc("Give up on a TU holding more than <MiB> (it fails alone, exit "
             "status 3; default 0: half the physical memory)"),
    cl::value_desc("MiB"), cl::init(0), cl::sub(ScanCmd), cl::sub(DumpIRCmd),
    cl::sub(SummarizeCmd), cl::cat(RacecarCategory));
cl::opt<uint64_t> FunctionWorkLimit(
    "function-work-limit",
    cl::desc("Give up on one function's summary past <units> of work (its "
             "accesses are then not checked, and no verdict is race-free; "
             "0: no limit)"),
    cl::value_desc("units"), cl::init(DefaultFunctionWorkLimit),
    cl::sub(ScanCmd), cl::sub(MergeCmd), cl::cat(RacecarCategory));
cl::opt<unsigned> TUStackMiB(
    "tu-stack-mib", cl::desc("Stack of each TU's thread, in MiB"),
    cl::init(1024), cl::Hidden, cl::sub(cl::SubCommand::getAll()),
    cl::cat(RacecarCategory));
cl::opt<bool> AllowPartial(
    "allow-partial",
    cl::desc("merge: accept an incomplete or duplicated set of shards (a "
             "missing shard counts as TUs not analysed, exit status 3)"),
    cl::sub(MergeCmd), cl::cat(RacecarCategory));
cl::opt<bool> NoSnippets("no-source", cl::desc("Do not print source lines"),
                         cl::sub(ScanCmd), cl::sub(MergeCmd),
                         cl::cat(RacecarCategory));

enum class ConfidenceLevel { High, Low };
cl::opt<ConfidenceLevel> MinConfidence(
    "confidence",
    cl::desc("Lowest confidence of the findings shown (default: high)"),
    cl::values(clEnumValN(ConfidenceLevel::High, "high",
                          "findings racecar would bet on"),
               clEnumValN(ConfidenceLevel::Low, "low",
                          "every finding, low ones marked [low: reason]"),
               clEnumValN(ConfidenceLevel::Low, "all", "the same as low")),
    cl::init(ConfidenceLevel::High), cl::sub(ScanCmd), cl::sub(MergeCmd),
    cl::sub(NinjaCmd), cl::cat(RacecarCategory));

cl::opt<std::string> ConfigPath(
    "config",
    cl::desc("Read this config instead of the nearest .racecar.yaml above "
             "the build directory"),
    cl::value_desc("file"), cl::sub(ScanCmd), cl::sub(MergeCmd),
    cl::cat(RacecarCategory));
cl::list<std::string> ExcludeRegexes(
    "exclude",
    cl::desc("Leave out TUs and reports whose file path matches this regex "
             "(repeatable; adds to the config's exclude)"),
    cl::value_desc("regex"), cl::sub(ScanCmd), cl::sub(MergeCmd),
    cl::cat(RacecarCategory));
cl::opt<std::string> SourceRoot(
    "source-root",
    cl::desc("SARIF: files under this directory get relative URIs with "
             "uriBaseId SRCROOT (the same log on every checkout)"),
    cl::value_desc("dir"), cl::sub(ScanCmd), cl::sub(MergeCmd),
    cl::cat(RacecarCategory));
cl::opt<std::string> SarifInformationUri(
    "sarif-information-uri",
    cl::desc("SARIF: where your team publishes racecar's docs/rules.md "
             "(tool.driver.informationUri; each rule's helpUri is "
             "URI#<rule id>)"),
    cl::value_desc("uri"), cl::sub(ScanCmd), cl::sub(MergeCmd),
    cl::cat(RacecarCategory));
cl::opt<std::string> BaselinePath(
    "baseline",
    cl::desc("Report only results whose fingerprint is not in this SARIF "
             "file (an earlier racecar scan)"),
    cl::value_desc("file.sarif"), cl::sub(ScanCmd), cl::sub(MergeCmd),
    cl::cat(RacecarCategory));
cl::opt<bool> RelativePaths(
    "relative-paths",
    cl::desc("Record files under the current directory relative to it (a "
             "build farm's execroot: the same output on every machine); "
             "reports then read sources relative to it"),
    cl::sub(ScanCmd), cl::sub(DumpIRCmd), cl::sub(SummarizeCmd),
    cl::cat(RacecarCategory));
cl::opt<std::string> Compiler(
    "compiler",
    cl::desc("For files given with flags after '--': the compiler they are "
             "built with (argv[0]; Clang looks for the GCC installation next "
             "to it; default clang/clang++)"),
    cl::value_desc("path"), cl::sub(ScanCmd), cl::sub(DumpIRCmd),
    cl::sub(SummarizeCmd), cl::cat(RacecarCategory));
cl::opt<bool> ExitZero(
    "exit-zero",
    cl::desc("Exit 0 whenever the output was written, even with races "
             "reported or TUs not analysed (a build action); 2 still means "
             "an error"),
    cl::sub(ScanCmd), cl::sub(SummarizeCmd), cl::sub(MergeCmd),
    cl::cat(RacecarCategory));
cl::opt<std::string> TextReportPath(
    "text-report",
    cl::desc("Also write the text report (as --format=text) to <file>"),
    cl::value_desc("file"), cl::sub(ScanCmd), cl::sub(MergeCmd),
    cl::cat(RacecarCategory));
cl::opt<bool> ReportUnusedSuppressions(
    "report-unused-suppressions",
    cl::desc("List racecar suppression comments that silenced nothing"),
    cl::sub(ScanCmd), cl::sub(MergeCmd), cl::cat(RacecarCategory));

/// The command line (without argv[0]) and what a warm scan prints to standard
/// error before and after its output: the launcher replays them from the
/// warm record (WarmStart.h).
std::vector<std::string> CommandLine;
std::string ErrBefore, ErrAfter;

/// Prints \p Text to standard error and keeps it for the warm record.
void note(std::string &Part, const std::string &Text) {
  errs() << Text;
  Part += Text;
}

/// Splits argv at the first "--": what follows are compiler flags.
struct SplitArgs {
  std::vector<const char *> Tool;
  std::vector<std::string> Flags;
  bool HasDashDash = false;
};
SplitArgs splitAtDashDash(int Argc, const char **Argv) {
  SplitArgs S;
  for (int I = 0; I < Argc; ++I) {
    if (!S.HasDashDash && StringRef(Argv[I]) == "--") {
      S.HasDashDash = true;
      continue;
    }
    if (S.HasDashDash)
      S.Flags.push_back(Argv[I]);
    else
      S.Tool.push_back(Argv[I]);
  }
  return S;
}

std::vector<std::string> absolutePaths(const std::vector<std::string> &In) {
  std::vector<std::string> Out;
  for (const std::string &F : In) {
    SmallString<256> P(F);
    sys::fs::make_absolute(P);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    Out.push_back(std::string(P));
  }
  return Out;
}

std::string currentDirectory() {
  SmallString<256> Cwd;
  if (sys::fs::current_path(Cwd))
    return "";
  return std::string(Cwd);
}

/// The TU jobs from -p and/or files + flags after "--".
Expected<std::vector<frontend::TUJob>> collectJobs(const SplitArgs &Args) {
  std::vector<std::string> Files = absolutePaths(Sources);
  if (!BuildPath.empty() && !Compiler.empty())
    return createStringError(inconvertibleErrorCode(),
                             "--compiler is for files given with flags after "
                             "'--'; with -p the compile database names it");
  if (!BuildPath.empty()) {
    std::vector<std::string> Warnings, Skipped;
    auto Jobs =
        frontend::loadCompileDatabase(BuildPath, Files, &Warnings, &Skipped);
    for (const std::string &W : Warnings)
      note(ErrBefore, "racecar: warning: " + W + "\n");
    if (Verbose)
      for (const std::string &S : Skipped)
        errs() << "racecar: skipped '" << S << "': not C or C++\n";
    return Jobs;
  }
  if (Files.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no input: give -p <build-dir> (with "
                             "compile_commands.json) or source files");
  if (!Args.HasDashDash)
    return createStringError(
        inconvertibleErrorCode(),
        "no compilation database: use -p <build-dir>, or give compiler "
        "flags after '--' (e.g. 'racecar scan a.cpp -- -std=c++17')");
  for (const std::string &F : Files)
    if (!sys::fs::exists(F))
      return createStringError(inconvertibleErrorCode(),
                               "no such file: '%s'", F.c_str());
  return frontend::jobsFromCommandLine(Files, Args.Flags, Compiler);
}

/// The compile database file -p names, or "".
std::string compileDatabaseFile() {
  if (BuildPath.empty())
    return "";
  SmallString<256> Db(BuildPath);
  if (!sys::fs::is_regular_file(BuildPath))
    sys::path::append(Db, "compile_commands.json");
  return std::string(Db);
}

/// Whether -o (or a file written beside it, \p Also) would overwrite one of
/// the command's inputs: the sources, the compile database, the config,
/// the baseline, a shard. Says which, so the caller exits 2 before any work.
bool outputOverwritesInput(const std::vector<frontend::TUJob> *Jobs,
                           const std::vector<std::string> &Extra = {},
                           const std::vector<std::string> &Also = {}) {
  std::vector<std::string> Outs = Also;
  if (OutputPath != "-")
    Outs.push_back(OutputPath);
  if (!TextReportPath.empty())
    Outs.push_back(TextReportPath);
  std::vector<std::pair<std::string, const char *>> Ins;
  if (Jobs)
    for (const frontend::TUJob &J : *Jobs)
      Ins.push_back({J.File, "a source file"});
  if (std::string Db = compileDatabaseFile(); !Db.empty())
    Ins.push_back({Db, "the compile database"});
  if (!ConfigPath.empty())
    Ins.push_back({ConfigPath, "the config"});
  if (!BaselinePath.empty())
    Ins.push_back({BaselinePath, "the baseline"});
  for (const std::string &E : Extra)
    Ins.push_back({E, "an input"});
  for (const std::string &O : Outs) {
    sys::fs::file_status OS;
    if (sys::fs::status(O, OS) || !sys::fs::is_regular_file(OS))
      continue; // nothing there yet, or a device/FIFO written in place
    for (const auto &[In, What] : Ins) {
      sys::fs::file_status IS;
      if (!sys::fs::status(In, IS) && sys::fs::equivalent(OS, IS)) {
        errs() << "racecar: error: the output '" << O << "' is " << What
               << " ('" << In << "'); refusing to overwrite it\n";
        return true;
      }
    }
  }
  return false;
}

/// --baseline read before any work: a missing or malformed one is an error
/// at once, not after the whole scan.
std::optional<StringSet<>> BaselineFingerprints;
bool loadBaseline() {
  if (BaselinePath.empty())
    return true;
  Expected<StringSet<>> Known = report::readBaselineFingerprints(BaselinePath);
  if (!Known) {
    errs() << "racecar: error: " << toString(Known.takeError()) << "\n";
    return false;
  }
  BaselineFingerprints = std::move(*Known);
  return true;
}

int runDumpIR(const SplitArgs &Args) {
  auto JobsOr = collectJobs(Args);
  if (!JobsOr) {
    errs() << "racecar: error: " << toString(JobsOr.takeError()) << "\n";
    return ExitUsage;
  }
  if (outputOverwritesInput(&*JobsOr))
    return ExitUsage;
  frontend::FrontendOptions Opts;
  Opts.SkipSystemBodies = SkipSystemBodies;
  if (RelativePaths)
    Opts.PathRoot = currentDirectory();
  Opts.TimeoutSeconds = TUTimeout;
  Opts.StackMiB = TUStackMiB;
  Opts.MemoryLimitMiB = TUMemoryLimit;
  if (!BuildPath.empty())
    Opts.ExtraArgs = Args.Flags;
  int Status = ExitNoRaces;
  for (const frontend::TUJob &J : *JobsOr) {
    frontend::TUResult R = frontend::analyzeTU(J, Opts);
    if (!R.Ok) {
      errs() << "racecar: error: could not analyse '" << J.File << "'\n"
             << R.Diagnostics;
      Status = ExitPartial;
      continue;
    }
    if (RelativePaths)
      driver::relativizeModule(R.Module, currentDirectory());
    ir::printModule(R.Module, outs());
  }
  return Status;
}

/// Writes \p Text to -o (standard output for "-"): to a file through a
/// temporary and rename, so a symlink at the path is replaced, not followed.
/// On failure says why and returns false.
bool writeOutput(StringRef Text) {
  if (OutputPath == "-") {
    outs() << Text;
    outs().flush();
    if (!outs().has_error())
      return true;
    errs() << "racecar: error: cannot write to standard output: "
           << outs().error().message() << "\n";
    outs().clear_error();
    return false;
  }
  if (Error E = serialize::writeFileAtomically(OutputPath, Text)) {
    errs() << "racecar: error: " << toString(std::move(E)) << "\n";
    return false;
  }
  return true;
}

/// The project's config (.racecar.yaml) and the exclude filter built from it
/// and --exclude; set by loadProjectConfig.
driver::Config ProjectConfig;
driver::PathFilter Excluded;

/// Loads --config, or the nearest .racecar.yaml above \p StartDir (none if
/// empty); builds the exclude filter and registers the config's models.
/// Returns false (after saying why) on a bad config.
bool loadProjectConfig(StringRef StartDir) {
  std::optional<std::string> Path;
  if (!ConfigPath.empty())
    Path = ConfigPath;
  else if (!StartDir.empty())
    Path = driver::findConfig(StartDir);
  if (Path) {
    Expected<driver::Config> C = driver::loadConfig(*Path);
    if (!C) {
      errs() << "racecar: error: " << toString(C.takeError()) << "\n";
      return false;
    }
    ProjectConfig = std::move(*C);
    if (Verbose)
      errs() << "racecar: config " << *Path << "\n";
    if (ProjectConfig.Confidence && MinConfidence.getNumOccurrences() == 0)
      MinConfidence = *ProjectConfig.Confidence == "low" ? ConfidenceLevel::Low
                                                         : ConfidenceLevel::High;
  }
  std::vector<std::string> Res = ProjectConfig.Exclude;
  Res.insert(Res.end(), ExcludeRegexes.begin(), ExcludeRegexes.end());
  Expected<driver::PathFilter> F = driver::PathFilter::create(Res);
  if (!F) {
    errs() << "racecar: error: " << toString(F.takeError()) << "\n";
    return false;
  }
  Excluded = std::move(*F);
  setUserModels(ProjectConfig.Models);
  setFunctionWorkLimit(FunctionWorkLimit);
  driver::setThreadSafeClasses(ProjectConfig.ThreadSafe);
  return true;
}

/// The text emitReports wrote to -o (for the warm record).
std::string WrittenOutput;

/// The reports in format \p F.
std::string renderReports(OutputFormat F,
                          const std::vector<report::Report> &Shown,
                          const std::vector<report::FailedUnit> &Failed,
                          unsigned HiddenLow, const report::Verdict *V,
                          const report::Coverage *Scope = nullptr) {
  std::string Text;
  raw_string_ostream Out(Text);
  switch (F) {
  case OutputFormat::Text: {
    report::TextOptions TO;
    TO.ShowSource = !NoSnippets;
    TO.FinalVerdict = V;
    report::writeText(Shown, Out, TO, HiddenLow);
    break;
  }
  case OutputFormat::Sarif: {
    report::SarifOptions SO;
    SO.ToolVersion = RACECAR_VERSION;
    SO.FailedUnits = Failed;
    SO.FinalVerdict = V;
    SO.Scope = Scope;
    SO.InformationUri = !SarifInformationUri.empty()
                            ? std::string(SarifInformationUri)
                            : ProjectConfig.InformationUri;
    if (!SourceRoot.empty()) {
      SmallString<256> Root(SourceRoot);
      sys::fs::make_absolute(Root);
      sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
      SO.SrcRoot = std::string(Root);
    }
    report::writeSarif(Shown, Out, SO, HiddenLow);
    break;
  }
  case OutputFormat::Json:
    report::writeJson(Shown, Out, Failed, HiddenLow, V, Scope);
    break;
  case OutputFormat::Html:
    report::writeHtml(Shown, Out, HiddenLow);
    break;
  case OutputFormat::Plist:
    report::writePlist(Shown, Out, RACECAR_VERSION);
    break;
  }
  Out.flush();
  return Text;
}

/// Writes reports in the chosen format and returns the exit status.
int emitReports(const driver::ScanResult &R) {
  // What --confidence shows; the rest is counted, never silently dropped.
  std::vector<report::Report> Kept = R.Reports;
  unsigned LeftOut = driver::applyConfig(Kept, ProjectConfig, Excluded);
  std::optional<report::Verdict> FinalVerdict;
  if (VerdictFlag)
    FinalVerdict =
        report::decideVerdict(Kept, R.Assumptions, R.FailedTUs.size());
  const report::Verdict *V = FinalVerdict ? &*FinalVerdict : nullptr;
  std::vector<report::Report> Shown;
  unsigned HiddenLow = 0;
  for (const report::Report &Rep : Kept) {
    if (Rep.isLow() && MinConfidence == ConfidenceLevel::High)
      ++HiddenLow;
    else
      Shown.push_back(Rep);
  }
  // Inline `// racecar: ignore` comments: kept in SARIF/JSON, marked.
  report::SuppressionStats Sup = report::applySuppressions(
      Shown, ReportUnusedSuppressions ? &R.Files : nullptr);
  // --baseline: only what is new counts.
  std::optional<report::BaselineStats> Base;
  if (!BaselinePath.empty()) {
    if (!BaselineFingerprints && !loadBaseline())
      return ExitUsage;
    Base = report::applyBaseline(Shown, *BaselineFingerprints);
  }
  size_t Active = 0;
  for (const report::Report &Rep : Shown)
    Active += !Rep.Suppressed && Rep.BaselineState != "unchanged";
  // Partial results say so, in every format.
  std::vector<report::FailedUnit> Failed =
      driver::describeFailedUnits(R.FailedTUs);
  // Reports before the summary line on a terminal.
  std::string Text =
      renderReports(Format, Shown, Failed, HiddenLow, V, &R.Scope);
  if (!writeOutput(Text))
    return ExitUsage;
  if (!TextReportPath.empty())
    if (Error E = serialize::writeFileAtomically(
            TextReportPath,
            renderReports(OutputFormat::Text, Shown, Failed, HiddenLow, V))) {
      errs() << "racecar: error: " << toString(std::move(E)) << "\n";
      return ExitUsage;
    }

  // After the output: the stats (as this scan measured them; the warm
  // record keeps those of a scan that reused everything), then the rest.
  std::string Tail, WarmTail;
  raw_string_ostream T(Tail), WT(WarmTail);
  if (Stats) {
    driver::printStats(R.Stats, T);
    driver::PhaseStats Warm;
    Warm.TUs = Warm.CacheHits = R.Stats.TUs;
    Warm.ResultReused = true;
    Warm.FrontendWallSeconds = Warm.CacheReadCpuSeconds =
        warm::ElapsedMarkerValue; // the launcher's own time goes here
    driver::printStats(Warm, WT);
    T.flush();
    WT.flush();
    std::string Line = "  suppressed in the source   " +
                       std::to_string(Sup.Suppressed) + "\n";
    Tail += Line;
    WarmTail += Line;
  }
  std::string Rest;
  raw_string_ostream RS(Rest);
  // A function given up is code not checked: said on every scan.
  for (const std::string &F : R.Stats.OverWorkLimit) {
    auto [Place, Name] = StringRef(F).split('\t');
    RS << Place << ": warning: racecar gave up summarizing '" << Name
       << "' past --function-work-limit=" << functionWorkLimit()
       << ": its accesses are not checked\n";
  }
  for (const report::UnusedSuppression &U : Sup.Unused)
    RS << U.Loc.File << ":" << U.Loc.Line
       << ": warning: racecar suppression silences no report: " << U.Text
       << "\n";
  if (!Quiet) {
    // What was checked (before the summary line, which stays last): few
    // reports must not read as "checked and clean".
    RS << "racecar: " << report::coverageLine(R.Scope) << ".\n";
    if (std::string Hint = report::coverageHint(R.Scope); !Hint.empty())
      RS << "racecar: hint: " << Hint << ".\n";
    RS << Active << (Active == 1 ? " race" : " races")
       << " reported in " << R.Stats.TUs << " translation unit"
       << (R.Stats.TUs == 1 ? "" : "s");
    if (HiddenLow)
      RS << " (" << HiddenLow << " low-confidence not shown)";
    if (Sup.Suppressed)
      RS << " (" << Sup.Suppressed << " suppressed in the source)";
    if (Base)
      RS << " (baseline: " << Base->New << " new, " << Base->Known
         << " already known, " << Base->Disappeared << " gone)";
    if (LeftOut)
      RS << " (" << LeftOut << " left out by exclude/disable/"
         << "single_threaded)";
    driver::printFailedSummary(Failed, RS);
    RS << ".\n";
  }
  RS.flush();
  errs() << Tail << Rest;
  ErrAfter = WarmTail + Rest;
  WrittenOutput = std::move(Text);
  if (!R.FailedTUs.empty())
    return ExitPartial;
  return Active == 0 ? ExitNoRaces : ExitRaces;
}

/// Writes a map step's modules (and failed TUs) to -o as a bundle: shard
/// \p K of \p N (0 0: not a shard).
int writeMapOutput(driver::MapResult Map, unsigned K = 0, unsigned N = 0) {
  if (OutputPath == "-") {
    errs() << "racecar: error: the map step needs -o <file.rcs>\n";
    return ExitUsage;
  }
  serialize::Bundle B;
  B.ShardIndex = K;
  B.ShardCount = N;
  B.FailedTUs = std::move(Map.FailedTUs);
  for (ir::Module &M : Map.Modules) {
    serialize::TUFile F;
    F.MainFile = M.MainFile;
    F.Module = std::move(M);
    B.TUs.push_back(std::move(F));
  }
  if (Error E = serialize::writeBundleAtomically(OutputPath, B)) {
    errs() << "racecar: error: " << toString(std::move(E)) << "\n";
    return ExitUsage;
  }
  return B.FailedTUs.empty() ? ExitNoRaces : ExitPartial;
}

/// "K/N" with 1 <= K <= N.
bool parseShard(StringRef Text, unsigned &K, unsigned &N) {
  auto [A, B] = Text.split('/');
  return !A.getAsInteger(10, K) && !B.getAsInteger(10, N) && K >= 1 &&
         N >= 1 && K <= N;
}

/// Progress on standard error: one line per TU with -v, a line rewritten in
/// place on a terminal, none otherwise (or with --quiet / --verify).
void chooseProgress() {
  if (Verbose)
    driver::setProgress(driver::Progress::Lines);
  else if (!Quiet && !Verify && sys::Process::StandardErrIsDisplayed())
    driver::setProgress(driver::Progress::Terminal);
}

/// When this process started (ns since the epoch): inputs modified later
/// make no warm record.
int64_t ScanStartedNs = 0;

/// The warm record of this scan: what it printed and every file that
/// answer depends on.
void writeWarmRecord(driver::SummaryCache &Cache,
                     const std::vector<frontend::TUJob> &Scanned, int Status) {
  driver::WarmScan W;
  W.Argv = racer::warm::keyOf(CommandLine);
  W.StartedNs = ScanStartedNs;
  // The status the process exits with (main applies --exit-zero).
  W.ExitStatus =
      ExitZero && (Status == ExitRaces || Status == ExitPartial) ? ExitNoRaces
                                                                 : Status;
  W.OutputPath = OutputPath;
  W.Output = WrittenOutput;
  W.ErrBefore = ErrBefore;
  W.ErrAfter = ErrAfter;
  if (std::string Db = compileDatabaseFile(); !Db.empty())
    W.Inputs.push_back(std::move(Db));
  if (!ConfigPath.empty()) {
    W.Inputs.push_back(ConfigPath);
  } else if (!BuildPath.empty()) {
    for (const std::string &P : driver::configCandidates(BuildPath)) {
      if (sys::fs::is_regular_file(P)) {
        W.Inputs.push_back(P);
        break;
      }
      W.Absent.push_back(P);
    }
  }
  if (!BaselinePath.empty())
    W.Inputs.push_back(BaselinePath);
  for (const frontend::TUJob &J : Scanned) {
    std::optional<driver::SummaryCache::EntryInputs> In = Cache.inputsOf(J);
    if (!In)
      return; // an entry went missing meanwhile: no record
    W.Inputs.insert(W.Inputs.end(), In->Files.begin(), In->Files.end());
    // Its command's @response files: an edit changes the flags.
    W.Inputs.insert(W.Inputs.end(), J.ResponseFiles.begin(),
                    J.ResponseFiles.end());
    W.Absent.insert(W.Absent.end(), In->Absent.begin(), In->Absent.end());
    W.AbsentDirs.insert(W.AbsentDirs.end(), In->AbsentDirs.begin(),
                        In->AbsentDirs.end());
  }
  driver::writeWarmRecord(Cache.directory(), W, Verbose, errs());
}

int runScanCommand(const SplitArgs &Args) {
  chooseProgress();
  // Without -p, only --config: a config above the current directory is not
  // the project's.
  if (!loadProjectConfig(BuildPath))
    return ExitUsage;
  auto JobsOr = collectJobs(Args);
  if (!JobsOr) {
    errs() << "racecar: error: " << toString(JobsOr.takeError()) << "\n";
    return ExitUsage;
  }
  if (JobsOr->empty()) {
    errs() << "racecar: error: the compilation database has no entries\n";
    return ExitUsage;
  }
  if (outputOverwritesInput(&*JobsOr) || !loadBaseline())
    return ExitUsage;
  if (!Excluded.empty()) {
    size_t Before = JobsOr->size();
    llvm::erase_if(*JobsOr, [](const frontend::TUJob &J) {
      return Excluded.excludes(J.File);
    });
    if (Verbose || JobsOr->empty())
      errs() << "racecar: " << Before - JobsOr->size() << " of " << Before
             << " translation units excluded (exclude/--exclude)\n";
    if (JobsOr->empty()) {
      errs() << "racecar: error: every translation unit is excluded\n";
      return ExitUsage;
    }
  }
  frontend::FrontendOptions Opts;
  Opts.SkipSystemBodies = SkipSystemBodies;
  if (RelativePaths)
    Opts.PathRoot = currentDirectory();
  Opts.TimeoutSeconds = TUTimeout;
  Opts.StackMiB = TUStackMiB;
  Opts.MemoryLimitMiB = TUMemoryLimit;
  if (!BuildPath.empty())
    Opts.ExtraArgs = Args.Flags;
  // One scan's TUs share the project headers' bodies (a shard's do not: it
  // is merged with others).
  if (ShareHeaderBodies && SkipSystemBodies && Shard.empty())
    Opts.Claims = std::make_shared<frontend::BodyClaims>();

  std::optional<driver::SummaryCache> Cache;
  std::string Dir = CacheDir;
  if (Dir.empty() && !BuildPath.empty()) {
    // -p names the build directory or the compile_commands.json in it.
    SmallString<256> P(BuildPath);
    if (sys::fs::is_regular_file(BuildPath))
      P = sys::path::parent_path(BuildPath);
    if (P.empty())
      P = ".";
    sys::path::append(P, ".racecar-cache");
    Dir = std::string(P);
  }
  std::optional<driver::ResultCache> Results;
  if (!NoCache && !Verify && !Dir.empty()) {
    Cache.emplace(Dir, Verbose, errs(),
                  driver::SummaryCache::contextOf(Opts));
    Results.emplace(Dir, Verbose, errs());
  }
  driver::SummaryCache *CachePtr = Cache ? &*Cache : nullptr;

  if (!Shard.empty()) {
    unsigned K = 0, N = 0;
    if (!parseShard(Shard, K, N)) {
      errs() << "racecar: error: --shard expects K/N with 1 <= K <= N, got '"
             << Shard << "'\n";
      return ExitUsage;
    }
    driver::PhaseStats St;
    return writeMapOutput(
        driver::runMap(driver::selectShard(std::move(*JobsOr), K, N), Opts,
                       Jobs, CachePtr, errs(), St),
        K, N);
  }

  // A scan whose answer the launcher may replay next time (WarmStart.h):
  // cached, printing nothing that depends on more than its inputs, writing
  // no file but -o, and with no argument read from a file.
  const bool Replayable =
      Cache && !Verbose && !Verify && TextReportPath.empty() &&
      llvm::none_of(CommandLine,
                    [](const std::string &A) { return !A.empty() && A[0] == '@'; });
  std::vector<frontend::TUJob> Scanned;
  if (Replayable)
    Scanned = *JobsOr;

  driver::ScanResult R =
      driver::runScan(std::move(*JobsOr), Opts, Jobs, CachePtr, errs(),
                      // The verdict needs the analysis's assumptions,
                      // which the last scan's reports do not keep.
                      Results && !VerdictFlag ? &*Results : nullptr);

  if (Verify) {
    // Suppressed reports are not expected either.
    std::vector<report::Report> Unsuppressed = R.Reports;
    report::applySuppressions(Unsuppressed);
    llvm::erase_if(Unsuppressed,
                   [](const report::Report &Rep) { return Rep.Suppressed; });
    // Every --verify run checks the verdict too: never race-free where a
    // race is expected or known.
    report::Verdict Verdict =
        report::decideVerdict(R.Reports, R.Assumptions, R.FailedTUs.size());
    report::VerifyResult V = report::verifyReports(
        Unsuppressed, R.Files, R.MainFiles, outs(), &Verdict);
    if (!R.FailedTUs.empty())
      return ExitPartial;
    return V.ok() ? ExitNoRaces : ExitRaces;
  }
  // The reused result carries no file list: the files to search for unused
  // suppressions are the TUs' inputs, in the order a scan links them.
  if (ReportUnusedSuppressions && R.Stats.ResultReused && Cache) {
    std::set<std::string> Seen;
    for (const frontend::TUJob &J : Scanned)
      if (std::optional<driver::SummaryCache::EntryInputs> In =
              Cache->inputsOf(J))
        for (std::string &F : In->Files)
          if (Seen.insert(F).second)
            R.Files.push_back(std::move(F));
  }
  int Status = emitReports(R);
  if (Replayable && R.ResultCached && R.FailedTUs.empty() &&
      (Status == ExitNoRaces || Status == ExitRaces))
    writeWarmRecord(*Cache, Scanned, Status);
  return Status;
}

int runSummarize(const SplitArgs &Args) {
  auto JobsOr = collectJobs(Args);
  if (!JobsOr) {
    errs() << "racecar: error: " << toString(JobsOr.takeError()) << "\n";
    return ExitUsage;
  }
  if (outputOverwritesInput(
          &*JobsOr, {},
          {OutputPath == "-" ? std::string() : OutputPath + ".d"}))
    return ExitUsage;
  frontend::FrontendOptions Opts;
  Opts.SkipSystemBodies = SkipSystemBodies;
  if (RelativePaths)
    Opts.PathRoot = currentDirectory();
  Opts.TimeoutSeconds = TUTimeout;
  Opts.StackMiB = TUStackMiB;
  Opts.MemoryLimitMiB = TUMemoryLimit;
  if (!BuildPath.empty())
    Opts.ExtraArgs = Args.Flags;
  driver::PhaseStats St;
  driver::MapResult Map =
      driver::runMap(std::move(*JobsOr), Opts, Jobs, nullptr, errs(), St);
  // A depfile beside the output lets Ninja re-run the step when a header
  // changes.
  if (OutputPath != "-") {
    // Make syntax, as Ninja's depfile parser reads it: '\ ' for a space,
    // '\#' and '$$'.
    auto escape = [](StringRef P) {
      std::string E;
      for (char C : P) {
        if (C == ' ' || C == '#')
          E += '\\';
        else if (C == '$')
          E += '$';
        E += C;
      }
      return E;
    };
    std::string Dep = escape(OutputPath) + ":";
    for (const ir::Module &M : Map.Modules)
      for (const std::string &F : M.Files)
        Dep += " \\\n  " + escape(F);
    Dep += "\n";
    if (Error E = serialize::writeFileAtomically(OutputPath + ".d", Dep)) {
      errs() << "racecar: error: " << toString(std::move(E)) << "\n";
      return ExitUsage;
    }
  }
  return writeMapOutput(std::move(Map));
}

int runMerge() {
  if (!loadProjectConfig(""))
    return ExitUsage;
  if (outputOverwritesInput(nullptr, Inputs) || !loadBaseline())
    return ExitUsage;
  // Each bundle's modules are linked as it is read (duplicates dropped at
  // once), so memory holds one bundle plus the linked program.
  driver::Linker Link(/*PackBodies=*/true);
  std::vector<std::string> FailedTUs;
  uint32_t Seq = 0;
  driver::PhaseStats St;
  driver::ShardSet Set(AllowPartial, errs());
  for (const std::string &In : Inputs) {
    Expected<serialize::Bundle> B = serialize::readBundle(In);
    if (!B) {
      errs() << "racecar: error: " << toString(B.takeError()) << "\n";
      return ExitUsage;
    }
    if (!Set.admit(In, B->ShardIndex, B->ShardCount)) {
      if (Set.failed())
        return ExitUsage;
      continue;
    }
    for (serialize::TUFile &F : B->TUs) {
      if (F.Module.MainFile.empty())
        F.Module.MainFile = F.MainFile;
      if (!Set.admitTU(F.Module.MainFile, In)) {
        if (Set.failed())
          return ExitUsage;
        continue;
      }
      St.FunctionsLowered += static_cast<unsigned>(F.Module.Functions.size());
      Link.add(Seq++, std::move(F.Module));
    }
    for (std::string &F : B->FailedTUs) {
      if (!Set.admitTU(F, In)) {
        if (Set.failed())
          return ExitUsage;
        continue;
      }
      FailedTUs.push_back(std::move(F));
    }
  }
  if (!Set.finish(FailedTUs))
    return ExitUsage;
  St.TUs = static_cast<unsigned>(Seq + FailedTUs.size());
  St.TUsFailed = static_cast<unsigned>(FailedTUs.size());
  return emitReports(driver::reduceLinked(Link.finish(), std::move(FailedTUs),
                                          Jobs, St));
}

int runNinja(const SplitArgs &Args) {
  if (BuildPath.empty()) {
    errs() << "racecar: error: 'racecar ninja' needs -p <build-dir>\n";
    return ExitUsage;
  }
  if (!loadProjectConfig(BuildPath))
    return ExitUsage;
  auto JobsOr = collectJobs(Args);
  if (!JobsOr) {
    errs() << "racecar: error: " << toString(JobsOr.takeError()) << "\n";
    return ExitUsage;
  }
  if (outputOverwritesInput(&*JobsOr))
    return ExitUsage;
  driver::NinjaOptions NO;
  // The command users run: the launcher, which runs this analyzer.
  const char *Launcher = std::getenv("RACECAR_LAUNCHER");
  NO.Racecar = Launcher && *Launcher
                   ? std::string(Launcher)
                   : sys::fs::getMainExecutable(nullptr, nullptr);
  NO.BuildDir = BuildPath;
  NO.ReportPath = ReportPath;
  NO.Format = Format == OutputFormat::Sarif  ? "sarif"
              : Format == OutputFormat::Json ? "json"
              : Format == OutputFormat::Html ? "html"
              : Format == OutputFormat::Plist ? "plist"
                                             : "text";
  NO.ExtraArgs = Args.Flags;
  NO.Confidence = MinConfidence == ConfidenceLevel::High ? "high" : "low";
  // The merge reads the project's config as `racecar scan` would.
  NO.ConfigPath = ProjectConfig.Path;
  if (!NO.ConfigPath.empty()) {
    SmallString<256> C(NO.ConfigPath);
    sys::fs::make_absolute(C);
    NO.ConfigPath = std::string(C);
  }
  SmallString<256> Db(compileDatabaseFile());
  sys::fs::make_absolute(Db);
  NO.DatabasePath = std::string(Db);
  if (OutputPath != "-") {
    // As `ninja -f` will name it (run from this directory): Ninja rebuilds
    // its manifest only through an edge producing that very path.
    NO.NinjaFile = OutputPath;
    // The same command, from the same directory.
    auto Quote = [](StringRef S) {
      std::string Out = "'";
      for (char C : S)
        Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
      return Out + "'";
    };
    NO.Regenerate = "cd " + Quote(currentDirectory()) + " && " + Quote(NO.Racecar);
    for (const std::string &A : CommandLine)
      NO.Regenerate += " " + Quote(A);
  }
  std::string Text;
  raw_string_ostream Out(Text);
  if (Error E = driver::writeNinjaFile(*JobsOr, NO, Out)) {
    errs() << "racecar: error: " << toString(std::move(E)) << "\n";
    return ExitUsage;
  }
  Out.flush();
  if (!writeOutput(Text))
    return ExitUsage;
  return ExitNoRaces;
}

int runCommand(const SplitArgs &Args) {
  if (RelativePaths) {
    std::string Cwd = currentDirectory();
    if (Cwd.empty()) {
      errs() << "racecar: error: --relative-paths: cannot read the current "
                "directory\n";
      return ExitUsage;
    }
    driver::setPathRoot(Cwd);
  }
  if (ScanCmd)
    return runScanCommand(Args);
  if (DumpIRCmd)
    return runDumpIR(Args);
  if (SummarizeCmd)
    return runSummarize(Args);
  if (MergeCmd)
    return runMerge();
  if (NinjaCmd)
    return runNinja(Args);
  errs() << "racecar: error: missing command; try 'racecar scan --help'\n";
  return ExitUsage;
}

/// After a TU crashed or was abandoned (--tu-timeout), Clang's state on
/// that thread was never torn down (a registered llvm::Timer, a thread still
/// running): the output is complete, so end without static destructors.
int finish(int Status) {
  // A closed standard error (or output) is not a reason to fail at exit:
  // the exit status already says what happened, and the report was written
  // (or the failure to write it was the status).
  outs().flush();
  outs().clear_error();
  errs().clear_error();
  if (frontend::analysisWasInterrupted()) {
    outs().flush();
    errs().flush();
    std::_Exit(Status);
  }
  return Status;
}

} // namespace

int main(int Argc, const char **Argv) {
  ScanStartedNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  InitLLVM X(Argc, Argv, /*InstallPipeSignalExitHandler=*/false);
  // A closed pipe on standard error must not kill the scan before its report
  // is written: writes then fail with EPIPE, and are ignored (finish).
  std::signal(SIGPIPE, SIG_IGN);
  // The command line as given (a warm record is keyed by it).
  CommandLine.assign(Argv + 1, Argv + Argc);
  // @file arguments (Bazel's param files, shell-quoted) before the split at
  // "--", so flags can come from a file too.
  SmallVector<const char *, 64> Expanded(Argv, Argv + Argc);
  BumpPtrAllocator Alloc;
  cl::ExpansionContext Expander(Alloc, cl::TokenizeGNUCommandLine);
  if (Error E = Expander.expandResponseFiles(Expanded)) {
    errs() << "racecar: error: " << toString(std::move(E)) << "\n";
    return ExitUsage;
  }
  SplitArgs Args =
      splitAtDashDash(static_cast<int>(Expanded.size()), Expanded.data());
  cl::HideUnrelatedOptions(RacecarCategory, ScanCmd);
  cl::HideUnrelatedOptions(RacecarCategory, DumpIRCmd);
  cl::HideUnrelatedOptions(RacecarCategory, SummarizeCmd);
  cl::HideUnrelatedOptions(RacecarCategory, MergeCmd);
  cl::HideUnrelatedOptions(RacecarCategory, NinjaCmd);
  cl::HideUnrelatedOptions(RacecarCategory);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "racecar " << RACECAR_VERSION << " (commit " << RACECAR_COMMIT
       << ", static data race detector; LLVM " << LLVM_VERSION_STRING
       << ", allocator " << RACECAR_ALLOCATOR << ")\n";
  });
  if (!cl::ParseCommandLineOptions(
          static_cast<int>(Args.Tool.size()), Args.Tool.data(),
          "racecar: static data race detection for C and C++\n", &errs()))
    return ExitUsage;
  int Status = runCommand(Args);
  // A build action succeeds when its output is written (the findings are in
  // it); --verify's status is its result.
  if (ExitZero && !Verify && (Status == ExitRaces || Status == ExitPartial))
    Status = ExitNoRaces;
  return finish(Status);
}
