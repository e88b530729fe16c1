//===- Suppressions.cpp - Inline comments that silence a judged report ----===//
#include "report/Suppressions.h"
#include "report/SourceLines.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <set>
#include <tuple>

namespace racer::report {

namespace {

/// The comment part of a line: after `//`, or inside `/* ... */`.
llvm::StringRef commentOf(llvm::StringRef Line) {
  size_t Slash = Line.find("//");
  size_t Star = Line.find("/*");
  size_t At = std::min(Slash, Star);
  if (At == llvm::StringRef::npos)
    return {};
  llvm::StringRef C = Line.substr(At + 2);
  if (At == Star) {
    size_t End = C.find("*/");
    if (End != llvm::StringRef::npos)
      C = C.substr(0, End);
  }
  return C;
}

/// `(a, b)` at the start of \p S: the names; \p S moves past it.
std::vector<std::string> ruleList(llvm::StringRef &S) {
  std::vector<std::string> Out;
  if (!S.starts_with("("))
    return Out;
  size_t Close = S.find(')');
  if (Close == llvm::StringRef::npos)
    return Out;
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
  llvm::StringRef C = commentOf(Line);
  if (C.empty())
    return std::nullopt;
  Suppression S;
  bool CommentAlone = Line.ltrim().starts_with("//") ||
                      Line.ltrim().starts_with("/*");
  size_t At = C.find("racecar: ignore");
  if (At != llvm::StringRef::npos) {
    llvm::StringRef Rest = C.substr(At + strlen("racecar: ignore"));
    S.Rules = ruleList(Rest);
    Rest = Rest.ltrim();
    if (Rest.starts_with("--"))
      S.Justification = Rest.drop_front(2).trim().str();
    S.NextLine = CommentAlone;
    return S;
  }
  for (llvm::StringRef Word : {"NOLINTNEXTLINE", "NOLINT"}) {
    At = C.find(Word);
    if (At == llvm::StringRef::npos)
      continue;
    llvm::StringRef Rest = C.substr(At + Word.size());
    bool HasList = Rest.starts_with("(");
    S.Rules = ruleList(Rest);
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
    while (!Rest.empty()) {
      auto [Line, Tail] = Rest.split('\n');
      Rest = Tail;
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
