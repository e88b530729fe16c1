//===- WarmStart.h - Leave the launcher a scan's answer to replay -*- C++ -*-===//
//
// Why: the `racecar` launcher (launcher/Launcher.cpp) answers an unchanged
// scan without loading the analyzer's libraries, from a warm record
// (launcher/WarmRecord.h) that the analyzer writes here after a scan whose
// result is cached: the command line and directory, what the scan printed
// and its exit status, and the stamps of everything that answer depends on.
// The caller names the files; this stamps them (a file that cannot be
// stamped means no record), and keeps at most warm::MaxRecords records per
// cache, dropping the oldest.
//
//   WarmScan W;  W.Argv = ...;  W.Inputs = {...};  W.Output = Text; ...
//   writeWarmRecord(CacheDir, W, Log);
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_WARMSTART_H
#define RACER_DRIVER_WARMSTART_H

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace racer::driver {

struct WarmScan {
  std::vector<std::string> Argv; ///< without argv[0]
  /// Files the answer depends on, and files that must stay absent (a
  /// config that would be found if it appeared).
  std::vector<std::string> Inputs, Absent;
  /// Directories whose modification time stands for the absent files
  /// looked for in them (include candidates): one stat for all of them.
  std::vector<std::string> AbsentDirs;
  int ExitStatus = 0;
  std::string OutputPath; ///< "-": standard output
  std::string Output;
  std::string ErrBefore, ErrAfter;
  /// When the scan started (ns since the epoch): an input modified since
  /// (its stamp would be the new content's, its answer the old one's)
  /// means no record.
  int64_t StartedNs = 0;
};

/// The directory the launcher keys records by (getcwd, not $PWD).
std::string launcherCwd();

/// Writes \p W's record into <CacheDir>/warm. Problems are noted on \p Log
/// when \p Verbose, and otherwise cost only the next scan's speed.
void writeWarmRecord(const std::string &CacheDir, const WarmScan &W,
                     bool Verbose, llvm::raw_ostream &Log);

} // namespace racer::driver

#endif
