//===- Config.h - The project's .racecar.yaml ------------------*- C++ -*-===//
//
// Why: a team keeps its decisions about racecar with its code: vendored or
// generated code to leave out, rules it does not want, the confidence level
// its gate uses, classes it knows to be single-threaded. Found from the
// compile database's directory upwards (`.racecar.yaml`), or named with
// `--config FILE`:
//
//   exclude:                  # regexes searched in each file's path
//     - third_party/
//     - '\.pb\.cc$'
//   disable: [racecar-different-locks]
//   confidence: low           # the default --confidence
//   single_threaded:          # classes never reported (qualified names)
//     - leveldb::VersionSet
//   thread_safe: [Registry]   # checked as if annotate("racecar_thread_safe")
//   models:                   # the project's own concurrency primitives
//     lock: [rocksdb::SpinMutex::lock, my_lock]   # acquire the first argument
//     unlock: [rocksdb::SpinMutex::unlock, my_unlock]
//     try_lock: [rocksdb::SpinMutex::try_lock]
//     lock_shared: [RWLock::ReadLock]
//     guards: [rocksdb::InstrumentedMutexLock]    # RAII: ctor locks, dtor unlocks
//     thread_start: [{function: util::SpawnTask, entry: 0, arg: 1}]
//
// An unknown key, or a value of the wrong shape, is an error that names the
// file, line and column.
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_CONFIG_H
#define RACER_DRIVER_CONFIG_H

#include "report/Report.h"
#include "summarize/LibraryModels.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace racer::driver {

struct Config {
  std::string Path; ///< where it was read from ("" if none)
  std::vector<std::string> Exclude;
  std::vector<std::string> Disable;
  std::optional<std::string> Confidence; ///< "high" or "low"
  std::vector<std::string> SingleThreaded;
  /// Classes checked as if annotated racecar_thread_safe.
  std::vector<std::string> ThreadSafe;
  /// SARIF tool.driver.informationUri (where the team publishes
  /// docs/rules.md); rules' helpUri is it + "#<rule id>".
  std::string InformationUri;
  /// The project's own locks and guards (summarize/LibraryModels.h).
  UserModels Models;
};

/// Parses \p Text (the contents of \p Path).
llvm::Expected<Config> parseConfig(llvm::StringRef Text,
                                   const std::string &Path);

/// `.racecar.yaml` in \p StartDir or the nearest directory above it, up to
/// the repository's root (the first directory with .git, .hg or .svn; the
/// start directory's parent outside a repository), or nullopt if none.
std::optional<std::string> findConfig(llvm::StringRef StartDir);
/// The paths findConfig(StartDir) tries, in order (its answer is the first
/// that is a regular file).
std::vector<std::string> configCandidates(llvm::StringRef StartDir);

/// Reads and parses \p Path.
llvm::Expected<Config> loadConfig(const std::string &Path);

/// Path filters from the config's `exclude` and `--exclude`.
class PathFilter {
public:
  /// Fails on a regex that does not compile, naming it.
  static llvm::Expected<PathFilter> create(const std::vector<std::string> &Res);
  bool excludes(llvm::StringRef Path) const;
  bool empty() const { return Res.empty(); }

private:
  std::vector<std::shared_ptr<llvm::Regex>> Res;
};

/// Drops the reports the config leaves out: located in an excluded path,
/// of a disabled rule, or of a single-threaded class. Returns how many.
unsigned applyConfig(std::vector<report::Report> &Reports, const Config &C,
                     const PathFilter &Exclude);

} // namespace racer::driver

#endif
