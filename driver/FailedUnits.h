//===- FailedUnits.h - What a partial scan lost -----------------*- C++ -*-===//
//
// Why: one failed TU holding `main` can drop most of a program's reports
// (every race between the threads main starts). A partial result must say
// it is partial and what it lost: the outputs list the failed TUs, and the
// summary line names those that define main (their IR is gone, so this is
// read from the source text).
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_FAILEDUNITS_H
#define RACER_DRIVER_FAILEDUNITS_H

#include "report/Writers.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace racer::driver {

/// One FailedUnit per path (sorted as given), DefinesMain from the text.
std::vector<report::FailedUnit>
describeFailedUnits(const std::vector<std::string> &FailedTUs);

/// "; 2 could not be analysed (a.c, b.cpp); thread roots lost with them:
/// main in a.c" for the summary line (empty when nothing failed).
void printFailedSummary(const std::vector<report::FailedUnit> &Failed,
                        llvm::raw_ostream &OS);

} // namespace racer::driver

#endif
