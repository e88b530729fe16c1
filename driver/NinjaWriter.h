//===- NinjaWriter.h - The map step as a Ninja build -----------*- C++ -*-===//
//
// Why: a build system (Ninja, or a distributed executor that takes Ninja
// files) can run the per-TU map step as ordinary build actions, cache them,
// and re-run only what changed. One edge per TU runs `racecar summarize`
// (with a depfile, so editing a header re-runs exactly the TUs including it);
// one edge runs `racecar merge` over all outputs.
//
//   racecar ninja -p build/ -o racecar.ninja && ninja -f racecar.ninja
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_NINJAWRITER_H
#define RACER_DRIVER_NINJAWRITER_H

#include "frontend/Frontend.h"

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
};

void writeNinjaFile(const std::vector<frontend::TUJob> &Jobs,
                    const NinjaOptions &Opts, llvm::raw_ostream &OS);

} // namespace racer::driver

#endif
