//===- InputNesting.h - A bound on the nesting of JSON and YAML inputs -*- C++ -*-===//
//
// Why: LLVM's JSON and YAML parsers recurse once per level of `[` or `{`,
// so a compile database, config or baseline of 50,000 nested `[` (100 KB)
// overflows the stack: a SIGSEGV, or a hang when LLVM's crash handler then
// deadlocks in malloc. Every such input is checked first; one nested
// deeper than any real file is an error naming the place, never a crash.
//
//   if (auto At = tooDeeplyNested(Text)) ... error at line At->Line
//
// Header-only and Clang-free: the compile database (frontend/), the config
// (driver/) and the baseline (report/) share it.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_INPUTNESTING_H
#define RACER_SUMMARIZE_INPUTNESTING_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>

namespace racer {

/// Deeper than any compile database, config or SARIF log is written.
constexpr unsigned MaxInputNesting = 512;

struct NestingPlace {
  unsigned Line = 1, Column = 1; ///< 1-based, of the bracket too many
};

/// Where the flow nesting (`[`, `{`) of \p Text first exceeds \p Limit,
/// outside quoted strings ("..." with backslash escapes; with \p
/// SingleQuotes, YAML's '...' too); nullopt if it never does.
inline std::optional<NestingPlace>
tooDeeplyNested(llvm::StringRef Text, bool SingleQuotes = false,
                unsigned Limit = MaxInputNesting) {
  unsigned Depth = 0;
  NestingPlace P;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\n') {
      ++P.Line;
      P.Column = 1;
      continue;
    }
    ++P.Column;
    if (Quote) {
      if (C == '\\' && Quote == '"')
        ++I, ++P.Column; // the escaped character
      else if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '"' || (SingleQuotes && C == '\'')) {
      Quote = C;
    } else if (C == '[' || C == '{') {
      if (++Depth > Limit) {
        --P.Column;
        return P;
      }
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  return std::nullopt;
}

} // namespace racer

#endif
