//===- ShiftedReduce.h - The last pairing's reports, lines moved -*- C++ -*-===//
//
// Why: a statement added to a function changes no summary but for lines,
// yet the pairing was done again because its reports name new lines: on
// rocksdb's 100-TU subset, 0.9 s of a 2.7 s edit (of which the parse of the
// edited file is 1.5 s). When every SCC's summaries have the shape they had
// at the last pairing (serialize::EncodedSummaries::Shape: all but lines),
// and the functions, the call graph and the classes are as they were but
// for lines, the pairing does what it did, and its reports are the last
// ones with their places moved.
//
// So the last pairing's reports are kept with the anchor of each place
// (driver/LineAnchors.h: the function whose text holds it, and the line's
// offset from that function's first line), the key of its inputs without
// lines, and per SCC the stored summaries it read (or moved). A place in a
// function whose body did not change is where its function is now plus its
// offset; a place in a function that was summarized again (its body
// changed, its summaries only in lines) is where aligning its old and new
// summaries puts it (LineMoves). Anything else (a place with no anchor, a
// function gone, an alignment that failed, places that would change order)
// and the pairing is done again.
//
// The record is <cache>/last-reduce.places, sealed like the result file it
// goes with (last-reduce.result, named by its exact key).
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_SHIFTEDREDUCE_H
#define RACER_DRIVER_SHIFTEDREDUCE_H

#include "report/Report.h"
#include "summarize/ir/FunctionDigest.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace racer::driver {

/// Where a report's place is, as an offset from a function's first line;
/// an empty Function: the place is in no function's text.
struct PlaceAnchor {
  std::string Function;
  uint32_t Offset = 0;
};

/// What the last pairing needs to be reused after lines moved.
struct ShiftRecord {
  std::string ExactKey; ///< the result file's key (SccCache's reduce key)
  std::string ShapeKey; ///< the same inputs without lines
  /// Per SCC, the stored summaries the pairing read (or read moved).
  std::vector<ir::Digest> Entries;
  /// Per report, the anchor of each of its places (forEachReportPlace's
  /// order).
  std::vector<std::vector<PlaceAnchor>> Places;
};

/// Every place of \p R: its location, its trace's, the conflicting
/// access's and its trace's, in that order.
void forEachReportPlace(report::Report &R,
                        llvm::function_ref<void(report::SourceLocation &)> F);
void forEachReportPlace(
    const report::Report &R,
    llvm::function_ref<void(const report::SourceLocation &)> F);

/// The record in \p Path, or none (a damaged or foreign file is none; with
/// \p Log, says why).
std::optional<ShiftRecord> readShiftRecord(const std::string &Path,
                                           llvm::raw_ostream *Log);
/// Writes \p R to \p Path atomically; a failure is said on \p Log.
void writeShiftRecord(const std::string &Path, const ShiftRecord &R,
                      llvm::raw_ostream &Log);

/// Moves \p Reports' places to \p Where(file, line now by anchor, column,
/// anchor function) gives. False if a place has no answer or the moves
/// would reorder two places of one file (the pairing sorted and
/// deduplicated them by place: it must be done again).
bool shiftReports(
    std::vector<report::Report> &Reports,
    const std::vector<std::vector<PlaceAnchor>> &Places,
    llvm::function_ref<std::optional<uint32_t>(const report::SourceLocation &,
                                               const PlaceAnchor &)>
        Where);

} // namespace racer::driver

#endif
