//===- Suppressions.cpp - Inline comments that silence a judged report ----===//
#include "report/Suppressions.h"
#include "report/SourceLines.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <set>
#include <tuple>

namespace racer::report {

namespace {

/// The comments of a line of C or C++ (`//` to the end, `/* ... */`)
/// that start outside string and character literals, and whether the line
/// has code outside them.
struct LineComments {
  llvm::SmallVector<llvm::StringRef, 2> Texts;
  bool Code = false;
};
LineComments commentsOf(llvm::StringRef Line) {
  LineComments Out;
  char Quote = 0;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quote) {
      Out.Code = true;
      if (C == '\\')
        ++I;
      else if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '"' || C == '\'') {
      Quote = C;
      Out.Code = true;
      continue;
    }
    if (C == '/' && I + 1 < Line.size() && Line[I + 1] == '/') {
      Out.Texts.push_back(Line.substr(I + 2));
      return Out;
    }
    if (C == '/' && I + 1 < Line.size() && Line[I + 1] == '*') {
      llvm::StringRef T = Line.substr(I + 2);
      size_t End = T.find("*/");
      Out.Texts.push_back(T.substr(0, End));
      if (End == llvm::StringRef::npos)
        return Out;
      I += 2 + End + 1; // past the `*/`
      continue;
    }
    if (!llvm::isSpace(C))
      Out.Code = true;
  }
  return Out;
}

/// Where \p Word starts in \p Comment as a word of its own: at the start or
/// after a space, and followed by the end, a space, `(`, `:` or `-`.
size_t findMarker(llvm::StringRef Comment, llvm::StringRef Word) {
  for (size_t At = Comment.find(Word); At != llvm::StringRef::npos;
       At = Comment.find(Word, At + 1)) {
    size_t After = At + Word.size();
    bool Before = At == 0 || llvm::isSpace(Comment[At - 1]);
    bool Follows = After == Comment.size() || llvm::isSpace(Comment[After]) ||
                   llvm::StringRef("(:-").contains(Comment[After]);
    if (Before && Follows)
      return At;
  }
  return llvm::StringRef::npos;
}

/// `(a, b)` at the start of \p S: the names; \p S moves past it. Nullopt
/// for a list without its `)`: never read as "every rule".
std::optional<std::vector<std::string>> ruleList(llvm::StringRef &S) {
  std::vector<std::string> Out;
  if (!S.starts_with("("))
    return Out;
  size_t Close = S.find(')');
  if (Close == llvm::StringRef::npos)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  S.substr(1, Close - 1).split(Parts, ',');
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Out.push_back(P.trim().str());
  S = S.substr(Close + 1);
  return Out;
}

bool globMatch(llvm::StringRef Pattern, llvm::StringRef Rule) {
  if (Pattern.ends_with("*"))
    return Rule.starts_with(Pattern.drop_back());
  return Pattern == Rule;
}

} // namespace

bool Suppression::matches(llvm::StringRef RuleId) const {
  if (Rules.empty())
    return true;
  for (const std::string &R : Rules)
    if (globMatch(R, RuleId))
      return true;
  return false;
}

std::optional<Suppression> parseSuppression(llvm::StringRef Line) {
  LineComments Cs = commentsOf(Line);
  for (llvm::StringRef C : Cs.Texts) {
    Suppression S;
    // A comment alone on its line is about the next one.
    size_t At = findMarker(C, "racecar: ignore");
    if (At != llvm::StringRef::npos) {
      llvm::StringRef Rest = C.substr(At + strlen("racecar: ignore"));
      std::optional<std::vector<std::string>> Rules = ruleList(Rest);
      if (!Rules)
        return std::nullopt;
      S.Rules = std::move(*Rules);
      Rest = Rest.ltrim();
      if (Rest.starts_with("--"))
        S.Justification = Rest.drop_front(2).trim().str();
      S.NextLine = !Cs.Code;
      return S;
    }
    for (llvm::StringRef Word : {"NOLINTNEXTLINE", "NOLINT"}) {
      At = findMarker(C, Word);
      if (At == llvm::StringRef::npos)
        continue;
      llvm::StringRef Rest = C.substr(At + Word.size());
      bool HasList = Rest.starts_with("(");
      std::optional<std::vector<std::string>> Rules = ruleList(Rest);
      if (!Rules)
        return std::nullopt;
      S.Rules = std::move(*Rules);
      if (HasList && llvm::none_of(S.Rules, [](const std::string &R) {
            return llvm::StringRef(R).starts_with("racecar") || R == "*";
          }))
        return std::nullopt; // NOLINT(bugprone-...): another tool's
      llvm::erase_if(S.Rules, [](const std::string &R) { return R == "*"; });
      S.NextLine = Word == "NOLINTNEXTLINE";
      Rest = Rest.ltrim();
      if (Rest.starts_with("--") || Rest.starts_with(":"))
        S.Justification = Rest.drop_front(Rest.starts_with("--") ? 2 : 1)
                              .trim()
                              .str();
      return S;
    }
  }
  return std::nullopt;
}

SuppressionStats applySuppressions(std::vector<Report> &Reports,
                                   const std::vector<std::string> *UnusedIn) {
  SuppressionStats Stats;
  SourceLines Lines;
  std::set<std::pair<std::string, unsigned>> Used; ///< (file, line)
  // The suppression that applies to \p L: on its line, or alone on the
  // line before (or a NOLINTNEXTLINE there).
  auto FindFor = [&](const SourceLocation &L, llvm::StringRef Rule)
      -> std::optional<std::pair<Suppression, unsigned>> {
    if (std::optional<llvm::StringRef> Text = Lines.line(L.File, L.Line))
      if (auto S = parseSuppression(*Text); S && !S->NextLine &&
                                            S->matches(Rule))
        return std::make_pair(*S, L.Line);
    if (L.Line > 1)
      if (std::optional<llvm::StringRef> Prev = Lines.line(L.File, L.Line - 1))
        if (auto S = parseSuppression(*Prev); S && S->NextLine &&
                                              S->matches(Rule))
          return std::make_pair(*S, L.Line - 1);
    return std::nullopt;
  };
  for (Report &R : Reports) {
    std::vector<const SourceLocation *> Sides = {&R.Loc, &R.ConflictLoc};
    if (!R.Trace.empty())
      Sides.push_back(&R.Trace.back().Loc);
    if (!R.ConflictTrace.empty())
      Sides.push_back(&R.ConflictTrace.back().Loc);
    for (const SourceLocation *L : Sides) {
      if (L->File.empty() || L->Line == 0)
        continue;
      if (auto Found = FindFor(*L, R.RuleId)) {
        if (!R.Suppressed)
          ++Stats.Suppressed;
        R.Suppressed = true;
        if (R.SuppressionJustification.empty())
          R.SuppressionJustification = Found->first.Justification;
        Used.insert({L->File, Found->second});
      }
    }
  }
  if (!UnusedIn)
    return Stats;
  for (const std::string &File : *UnusedIn) {
    auto B = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
    if (!B)
      continue;
    llvm::StringRef Rest = (*B)->getBuffer();
    if (Rest.find("racecar: ignore") == llvm::StringRef::npos &&
        Rest.find("NOLINT") == llvm::StringRef::npos)
      continue;
    unsigned LineNo = 0;
    for (llvm::StringRef Line : SourceLines::split(Rest)) {
      ++LineNo;
      std::optional<Suppression> S = parseSuppression(Line);
      if (!S || Used.count({File, LineNo}))
        continue;
      // A bare NOLINT is clang-tidy's business unless it names racecar.
      if (Line.find("racecar") == llvm::StringRef::npos)
        continue;
      Stats.Unused.push_back({{File, LineNo, 1}, Line.trim().str()});
    }
  }
  return Stats;
}

} // namespace racer::report
