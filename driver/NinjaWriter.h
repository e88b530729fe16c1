//===- NinjaWriter.h - The map step as a Ninja build -----------*- C++ -*-===//
//
// Why: a build system (Ninja, or a distributed executor that takes Ninja
// files) can run the per-TU map step as ordinary build actions, cache them,
// and re-run only what changed. One edge per TU runs `racecar summarize`
// (with a depfile, so editing a header re-runs exactly the TUs including it);
// one edge runs `racecar merge` over all outputs. A TU's edge names a hash of
// its compile command, so Ninja re-runs it when its flags change, and the
// file regenerates itself when the compile database or config changes.
//
//   racecar ninja -p build/ -o racecar.ninja && ninja -f racecar.ninja
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_NINJAWRITER_H
#define RACER_DRIVER_NINJAWRITER_H

#include "frontend/Frontend.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace racer::driver {

struct NinjaOptions {
  std::string Racecar;    ///< absolute path of the racecar binary
  std::string BuildDir;   ///< the -p directory holding compile_commands.json
  std::string ReportPath; ///< what the merge edge produces
  std::string Format;     ///< text, sarif or json
  std::string Confidence = "high"; ///< the merge's --confidence
  std::vector<std::string> ExtraArgs; ///< compiler flags after "--"
  std::string OutDir = "racecar-out"; ///< where per-TU .rcs files go
  /// The project's .racecar.yaml (found or --config), "" if none: passed to
  /// every step, and an input of the merge.
  std::string ConfigPath;
  /// The compile database file; with NinjaFile and Regenerate, an edge
  /// re-runs `racecar ninja` when it (or the config) changes.
  std::string DatabasePath;
  std::string NinjaFile; ///< this file's path ("" when written to stdout)
  std::string Regenerate; ///< the shell command that writes it again
};

/// Writes the Ninja file, or returns an error (and writes nothing) if a
/// path cannot be written in Ninja's syntax (a newline, or a `|` Ninja
/// takes for a separator).
llvm::Error writeNinjaFile(const std::vector<frontend::TUJob> &Jobs,
                           const NinjaOptions &Opts, llvm::raw_ostream &OS);

} // namespace racer::driver

#endif
