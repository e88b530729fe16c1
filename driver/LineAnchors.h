//===- LineAnchors.h - Which function's text holds a line ------*- C++ -*-===//
//
// Why: summaries name places (accesses, calls, thread starts) by file and
// line. One statement added near the top of a file moves every function
// below it, and with absolute lines every summary that names them, and
// every caller's, came out different: an edit at the top of redis's
// networking.c cost 0.46 of a cold scan. The summary cache therefore
// measures a line from the first line of the function whose text holds it
// (ir::functionDigest does the same for a function's own body), so a
// function that only moved keeps its digest and its summary, and so do its
// callers; where a reused summary is read, each place is put where its
// function is now.
//
// The anchor of a line is the innermost function with a body whose text
// (ir::Function::Location.Line to LastLine, in Location's file) holds it;
// of functions with the same text (a template's instantiations), the one
// with the smallest symbol. A line in no function's text (a member's
// initializer in a class body) has none and is written as it is. Copies
// made at link time (ir::Function::Specialized) are never anchors: they
// come and go with their call sites, and their original has the same text.
//
// Why this is sound: a place with an anchor lies in its function's text,
// so it moves exactly as far as the function's first line unless the text
// between them changed, which changes the digest of the function the place
// belongs to (its own, or the function nested around it), and with it the
// keys of every SCC whose summaries name the place.
//
//   LineAnchors A(Program.Functions);
//   serialize::LineAnchor X = A.anchorOf(Loc);       // encode
//   std::optional<uint32_t> L = A.firstLineOf(Sym);  // decode
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_LINEANCHORS_H
#define RACER_DRIVER_LINEANCHORS_H

#include "serialize/SummaryCodec.h"
#include "summarize/ir/IR.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace racer::driver {

class LineAnchors {
public:
  explicit LineAnchors(llvm::ArrayRef<ir::Function> Functions);

  /// The anchor of \p L, or none (an empty Function). Constant time.
  serialize::LineAnchor anchorOf(const ir::Loc &L) const;
  /// The first line of the function \p Symbol if it can be an anchor.
  std::optional<uint32_t> firstLineOf(llvm::StringRef Symbol) const;

private:
  struct Text {
    uint32_t File, First, Last;
    ir::Symbol Function;
  };
  /// Sorted by file, first line, then the outer texts first (last line
  /// descending) and, for the same text, the largest symbol first.
  std::vector<Text> Texts;
  /// Per file, per line: the index of the innermost text holding it + 1,
  /// or 0 (a table per file that has texts, filled outer texts first).
  std::vector<std::vector<uint32_t>> ByLine;
  llvm::StringMap<uint32_t> FirstLines;
};

} // namespace racer::driver

#endif
