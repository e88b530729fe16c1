//===- FunctionDigest.h - What a function is, in 128 bits ------*- C++ -*-===//
//
// Why: the summary cache (driver/SccCache.h) reuses an SCC's summaries from
// the last scan when nothing they depend on changed: the bodies of its
// functions and the summaries of its callees. A function's digest stands for
// the first: a hash of everything summarizeFunction reads of it (header and
// body), with strings hashed by content and source files by path, so the
// digest of the same function is the same in every scan and every process,
// whichever TU it was linked from and however the program's file table is
// numbered. Lines of the function's own text (Location.Line to LastLine)
// are hashed as their distance from its first line: a function that only
// moved down its file keeps its digest (driver/LineAnchors.h).
//
//   ir::Digest D = ir::functionDigest(F, Module.Files);  // F unpacked
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_IR_FUNCTIONDIGEST_H
#define RACER_SUMMARIZE_IR_FUNCTIONDIGEST_H

#include "summarize/ir/IR.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace racer::ir {

/// A 128-bit content hash (xxh3-128).
struct Digest {
  uint64_t Low = 0, High = 0;

  friend bool operator==(const Digest &A, const Digest &B) {
    return A.Low == B.Low && A.High == B.High;
  }
  friend bool operator!=(const Digest &A, const Digest &B) { return !(A == B); }
  friend bool operator<(const Digest &A, const Digest &B) {
    return A.High != B.High ? A.High < B.High : A.Low < B.Low;
  }
  /// 32 hex digits.
  std::string hex() const;
  /// xxh3-128 of \p Bytes.
  static Digest of(llvm::StringRef Bytes);
};

/// Accumulates a canonical byte string and hashes it: the common shape of
/// every digest racecar keys a cache with (fields appended in a fixed order,
/// each length-prefixed, so no two inputs give the same bytes).
class DigestBuilder {
public:
  DigestBuilder &u64(uint64_t V);
  DigestBuilder &str(llvm::StringRef S);
  DigestBuilder &digest(const Digest &D) { return u64(D.Low).u64(D.High); }
  Digest finish() const { return Digest::of(Bytes); }

private:
  std::string Bytes;
};

/// The digest of \p F: its symbol, names, kind, formals, locals, location,
/// blocks and declared lock effects, with every Loc::File resolved through
/// \p Files (the module's file table). \p F must not be packed.
Digest functionDigest(const Function &F, llvm::ArrayRef<std::string> Files);

} // namespace racer::ir

#endif
