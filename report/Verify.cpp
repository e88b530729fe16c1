//===- Verify.cpp - clang -verify style checking of race reports ----------===//

#include "report/Verify.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

using namespace racer::report;

namespace {

enum class DirKind { Expected, Fixme };

struct Directive {
  DirKind Kind = DirKind::Expected;
  std::string FileKey;     ///< real path
  std::string DisplayFile; ///< as given
  unsigned DirLine = 0;    ///< line of the comment holding the directive
  unsigned Line = 0;       ///< line the reports must be on
  unsigned Count = 1;
  std::string Text;
  unsigned Seen = 0; ///< reports consumed
  /// expected-low-race: the reports must be low-confidence (expected-race:
  /// high). FIXME-race matches either.
  bool Low = false;
};

struct Comment {
  llvm::StringRef Text;
  size_t Offset; ///< of Text in the buffer
};

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The identifier or number characters immediately before \p I.
llvm::StringRef tokenBefore(llvm::StringRef B, size_t I) {
  size_t S = I;
  while (S > 0 && isIdentChar(B[S - 1]))
    --S;
  return B.slice(S, I);
}

/// Comments of a C/C++ buffer, skipping string, character and raw string
/// literals (a `//` inside "http://x" is not a comment).
std::vector<Comment> lexComments(llvm::StringRef B) {
  std::vector<Comment> Out;
  size_t I = 0, N = B.size();
  auto SkipQuoted = [&](size_t J, char Q) {
    while (J < N && B[J] != Q && B[J] != '\n')
      J += B[J] == '\\' ? 2 : 1;
    return std::min(J + 1, N);
  };
  while (I < N) {
    char C = B[I];
    if (C == '/' && I + 1 < N && B[I + 1] == '/') {
      size_t S = I + 2, J = S;
      while (J < N) {
        if (B[J] == '\n') {
          // A backslash-newline continues the comment.
          size_t K = J;
          if (K > S && B[K - 1] == '\r')
            --K;
          if (K > S && B[K - 1] == '\\') {
            ++J;
            continue;
          }
          break;
        }
        ++J;
      }
      Out.push_back({B.slice(S, J), S});
      I = J;
    } else if (C == '/' && I + 1 < N && B[I + 1] == '*') {
      size_t S = I + 2;
      size_t E = B.find("*/", S);
      if (E == llvm::StringRef::npos)
        E = N;
      Out.push_back({B.slice(S, E), S});
      I = std::min(E + 2, N);
    } else if (C == '"') {
      llvm::StringRef Prefix = tokenBefore(B, I);
      if (Prefix == "R" || Prefix == "LR" || Prefix == "uR" || Prefix == "UR" ||
          Prefix == "u8R") {
        size_t Open = B.find('(', I + 1);
        if (Open == llvm::StringRef::npos) {
          I = N;
          continue;
        }
        std::string Close = (")" + B.slice(I + 1, Open) + "\"").str();
        size_t E = B.find(Close, Open + 1);
        I = E == llvm::StringRef::npos ? N : E + Close.size();
      } else {
        I = SkipQuoted(I + 1, '"');
      }
    } else if (C == '\'') {
      llvm::StringRef Prefix = tokenBefore(B, I);
      if (!Prefix.empty() && llvm::isDigit(Prefix[0]))
        ++I; // digit separator: 1'000'000
      else
        I = SkipQuoted(I + 1, '\'');
    } else {
      ++I;
    }
  }
  return Out;
}

class FileParser {
public:
  FileParser(llvm::StringRef Buf, std::string Key, std::string Display,
             llvm::raw_ostream &Out, unsigned &Errors)
      : Buf(Buf), Key(std::move(Key)), Display(std::move(Display)), Out(Out),
        Errors(Errors) {
    LineStarts.push_back(0);
    for (size_t I = 0; I < Buf.size(); ++I)
      if (Buf[I] == '\n')
        LineStarts.push_back(I + 1);
  }

  std::vector<Directive> Dirs;
  bool NoRaces = false;
  unsigned NoRacesLine = 0;
  /// Some directive was written, even a malformed one (then the "no
  /// expectations" error would only repeat the malformed-directive error).
  bool SawDirective = false;
  /// expected-verdict{{TEXT}}: the text and the directive's line.
  std::string VerdictText;
  unsigned VerdictLine = 0;

  void parse() {
    for (const Comment &C : lexComments(Buf))
      parseComment(C);
  }

private:
  unsigned lineOf(size_t Off) const {
    return llvm::upper_bound(LineStarts, Off) - LineStarts.begin();
  }
  unsigned colOf(size_t Off) const {
    return Off - LineStarts[lineOf(Off) - 1] + 1;
  }

  void error(size_t Off, const llvm::Twine &Msg) {
    ++Errors;
    Out << Display << ':' << lineOf(Off) << ':' << colOf(Off)
        << ": error: " << Msg << '\n';
  }

  static bool boundaryBefore(llvm::StringRef T, size_t P) {
    return P == 0 || !(isIdentChar(T[P - 1]) || T[P - 1] == '-');
  }

  void parseComment(const Comment &C) {
    llvm::StringRef T = C.Text;
    size_t P = 0;
    while (P < T.size()) {
      size_t E = T.find("expected-", P), F = T.find("FIXME-", P);
      size_t At = std::min(E, F);
      if (At == llvm::StringRef::npos)
        return;
      if (!boundaryBefore(T, At)) {
        P = At + 1;
        continue;
      }
      size_t WEnd = At;
      while (WEnd < T.size() && (isIdentChar(T[WEnd]) || T[WEnd] == '-'))
        ++WEnd;
      llvm::StringRef Word = T.slice(At, WEnd);
      size_t Off = C.Offset + At;
      if (Word.starts_with("expected-race") ||
          Word.starts_with("expected-low-race") ||
          Word.starts_with("expected-no-race") || Word.starts_with("FIXME-race"))
        SawDirective = true;
      if (Word == "expected-race") {
        P = parseRace(T, WEnd, Off, DirKind::Expected, C.Offset);
      } else if (Word == "expected-low-race") {
        P = parseRace(T, WEnd, Off, DirKind::Expected, C.Offset, /*Low=*/true);
      } else if (Word == "FIXME-race") {
        P = parseRace(T, WEnd, Off, DirKind::Fixme, C.Offset);
      } else if (Word == "expected-verdict") {
        size_t Open = T.find("{{", WEnd), Close = T.find("}}", WEnd);
        if (Open != WEnd || Close == llvm::StringRef::npos) {
          error(Off, "expected '{{TEXT}}' after 'expected-verdict'");
          P = WEnd;
        } else {
          VerdictText = T.slice(Open + 2, Close).str();
          VerdictLine = lineOf(Off);
          P = Close + 2;
        }
      } else if (Word == "expected-no-races") {
        if (!NoRaces) {
          NoRaces = true;
          NoRacesLine = lineOf(Off);
        }
        P = WEnd;
      } else {
        if (Word.starts_with("expected-race") ||
            Word.starts_with("expected-low-race") ||
            Word.starts_with("expected-no-race") ||
            Word.starts_with("FIXME-race"))
          error(Off, "unknown directive '" + Word +
                         "' (did you mean 'expected-race', "
                         "'expected-low-race', 'FIXME-race' or "
                         "'expected-no-races'?)");
        P = WEnd;
      }
    }
  }

  /// Parses `[@+N|@-N|@N][ COUNT]{{TEXT}}` at \p P; returns where to resume.
  size_t parseRace(llvm::StringRef T, size_t P, size_t DirOff, DirKind K,
                   size_t Base, bool Low = false) {
    const char *Name = K == DirKind::Fixme ? "FIXME-race"
                       : Low               ? "expected-low-race"
                                           : "expected-race";
    Directive D;
    D.Kind = K;
    D.Low = Low;
    D.FileKey = Key;
    D.DisplayFile = Display;
    D.DirLine = lineOf(DirOff);
    long long Line = D.DirLine;
    if (P < T.size() && T[P] == '@') {
      ++P;
      char Sign = 0;
      if (P < T.size() && (T[P] == '+' || T[P] == '-'))
        Sign = T[P++];
      size_t S = P;
      while (P < T.size() && llvm::isDigit(T[P]))
        ++P;
      unsigned long long V = 0;
      if (S == P || T.slice(S, P).getAsInteger(10, V)) {
        error(Base + P, llvm::Twine("expected a line offset or number after '@' "
                                    "in '") + Name + "'");
        return P;
      }
      Line = Sign == '+'   ? Line + (long long)V
             : Sign == '-' ? Line - (long long)V
                           : (long long)V;
      if (Line < 1 || Line > (long long)LineStarts.size()) {
        error(DirOff, llvm::Twine("line ") + llvm::Twine(Line) + " of '" + Name +
                          "' is outside the file");
        return P;
      }
    }
    D.Line = Line;
    while (P < T.size() && (T[P] == ' ' || T[P] == '\t'))
      ++P;
    if (P < T.size() && llvm::isDigit(T[P])) {
      size_t S = P;
      while (P < T.size() && llvm::isDigit(T[P]))
        ++P;
      unsigned V = 0;
      if (T.slice(S, P).getAsInteger(10, V) || V == 0) {
        error(Base + S, llvm::Twine("invalid count in '") + Name + "'");
        return P;
      }
      D.Count = V;
      while (P < T.size() && (T[P] == ' ' || T[P] == '\t'))
        ++P;
    }
    if (!T.substr(P).starts_with("{{")) {
      error(DirOff, llvm::Twine("cannot find start ('{{') of expected text in '") +
                        Name + "'");
      return P;
    }
    size_t Close = T.find("}}", P + 2);
    if (Close == llvm::StringRef::npos) {
      error(DirOff, llvm::Twine("cannot find end ('}}') of expected text in '") +
                        Name + "'");
      return T.size();
    }
    D.Text = T.slice(P + 2, Close).str();
    Dirs.push_back(std::move(D));
    return Close + 2;
  }

  llvm::StringRef Buf;
  std::string Key, Display;
  llvm::raw_ostream &Out;
  unsigned &Errors;
  std::vector<size_t> LineStarts;
};

class PathKeys {
public:
  const std::string &key(llvm::StringRef File) {
    auto It = Keys.find(File);
    if (It != Keys.end())
      return It->second;
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(File, Real)) {
      Real = File;
      llvm::sys::fs::make_absolute(Real);
      llvm::sys::path::remove_dots(Real, /*remove_dot_dot=*/true);
    }
    return Keys.try_emplace(File, std::string(Real)).first->second;
  }

private:
  llvm::StringMap<std::string> Keys;
};

std::string haystack(const Report &R) {
  return R.Message + " [" + R.RuleId + "]";
}

} // namespace

VerifyResult racer::report::verifyReports(const std::vector<Report> &Reports,
                                          const std::vector<std::string> &Files,
                                          const std::vector<std::string> &MainFiles,
                                          llvm::raw_ostream &Out,
                                          const Verdict *FinalVerdict) {
  VerifyResult Res;
  PathKeys Keys;

  // Files to parse, each once, main files first.
  std::vector<std::pair<std::string, bool>> ToParse; // (file, is main)
  llvm::StringMap<size_t> Index;
  for (const std::string &F : MainFiles) {
    auto [It, New] = Index.try_emplace(Keys.key(F), ToParse.size());
    if (New)
      ToParse.push_back({F, true});
  }
  for (const std::string &F : Files) {
    auto [It, New] = Index.try_emplace(Keys.key(F), ToParse.size());
    if (New)
      ToParse.push_back({F, false});
  }

  std::vector<Directive> Dirs;
  struct VerdictExpectation {
    std::string File, Text;
    unsigned Line;
  };
  std::vector<VerdictExpectation> VerdictDirs;
  for (const auto &[File, IsMain] : ToParse) {
    auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/true,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf) {
      // Headers in the file table may be pseudo files ("<built-in>") or gone;
      // only an unreadable main file is an error.
      if (!IsMain)
        continue;
      ++Res.Errors;
      Out << "error: cannot read '" << File << "': " << Buf.getError().message()
          << '\n';
      continue;
    }
    FileParser P((*Buf)->getBuffer(), Keys.key(File), File, Out, Res.Errors);
    P.parse();
    bool HasExpected = llvm::any_of(
        P.Dirs, [](const Directive &D) { return D.Kind == DirKind::Expected; });
    if (P.NoRaces && HasExpected) {
      ++Res.Errors;
      Out << File << ':' << P.NoRacesLine
          << ":1: error: 'expected-no-races' cannot be combined with "
             "'expected-race' in the same file\n";
    }
    if (IsMain && !P.SawDirective) {
      ++Res.Errors;
      Out << "error: " << File
          << ": no expectations; add // expected-no-races\n";
    }
    for (Directive &D : P.Dirs)
      Dirs.push_back(std::move(D));
    if (!P.VerdictText.empty())
      VerdictDirs.push_back({File, P.VerdictText, P.VerdictLine});
  }

  // Reports by (file key, line).
  std::map<std::pair<std::string, unsigned>, std::vector<size_t>> ByLine;
  for (size_t I = 0; I < Reports.size(); ++I)
    ByLine[{Keys.key(Reports[I].Loc.File), Reports[I].Loc.Line}].push_back(I);
  std::vector<bool> Used(Reports.size(), false);
  std::vector<std::string> Hay;
  Hay.reserve(Reports.size());
  for (const Report &R : Reports)
    Hay.push_back(haystack(R));

  // Longer (more specific) texts claim their reports first, so `{{x}}` does
  // not steal the report `{{x y}}` needs.
  std::vector<size_t> Order(Dirs.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    if (Dirs[A].Kind != Dirs[B].Kind)
      return Dirs[A].Kind == DirKind::Expected;
    return Dirs[A].Text.size() > Dirs[B].Text.size();
  });
  for (size_t DI : Order) {
    Directive &D = Dirs[DI];
    auto It = ByLine.find({D.FileKey, D.Line});
    if (It == ByLine.end())
      continue;
    for (size_t RI : It->second) {
      if (D.Seen == D.Count)
        break;
      if (Used[RI] || Hay[RI].find(D.Text) == std::string::npos)
        continue;
      if (D.Kind == DirKind::Expected && Reports[RI].isLow() != D.Low)
        continue;
      Used[RI] = true;
      ++D.Seen;
    }
  }

  // Problems, in file and line order of the directives.
  for (const Directive &D : Dirs) {
    std::string Where = D.DisplayFile + ":" + std::to_string(D.Line);
    if (D.Kind == DirKind::Expected) {
      Res.Expected += D.Count;
      Res.Matched += D.Seen;
      if (D.Seen < D.Count) {
        Res.Missing += D.Count - D.Seen;
        Out << "error: expected " << (D.Low ? "low-confidence" : "high-confidence")
            << " race not reported at " << Where << ": {{" << D.Text << "}}";
        if (D.Count > 1)
          Out << " (expected " << D.Count << ", got " << D.Seen << ")";
        Out << '\n';
      }
    } else {
      Res.KnownMisses += D.Count - D.Seen;
      if (D.Seen > 0) {
        ++Res.Errors;
        Out << "error: FIXME-race at " << Where
            << " is now reported; promote it to expected-race: {{" << D.Text
            << "}}\n";
      }
    }
  }
  for (size_t I = 0; I < Reports.size(); ++I) {
    if (Used[I])
      continue;
    const Report &R = Reports[I];
    ++Res.Unexpected;
    Out << "error: unexpected race reported: " << R.Loc.File << ':' << R.Loc.Line
        << ':' << R.Loc.Col << ": " << R.Message << " [" << R.RuleId << "]\n";
  }
  for (const Directive &D : Dirs)
    if (D.Kind == DirKind::Fixme && D.Seen < D.Count)
      Out << "note: known miss (FIXME-race) at " << D.DisplayFile << ':'
          << D.Line << ": {{" << D.Text << "}}"
          << (D.Count > 1 ? " x" + std::to_string(D.Count - D.Seen) : "")
          << '\n';

  if (FinalVerdict) {
    std::string Line = "verdict: " + FinalVerdict->Word;
    if (!FinalVerdict->Reasons.empty()) {
      Line += " (";
      for (size_t I = 0; I < FinalVerdict->Reasons.size(); ++I)
        Line += (I ? "; " : "") + FinalVerdict->Reasons[I];
      Line += ")";
    }
    Out << Line << '\n';
    // A race-free verdict on a program with a race the tests know of is
    // the worst answer: always an error.
    if (FinalVerdict->Word == "race-free" && !Dirs.empty()) {
      ++Res.Errors;
      Out << "error: verdict race-free on a program with expected or known "
             "races\n";
    }
    for (const VerdictExpectation &E : VerdictDirs)
      if (Line.find(E.Text) == std::string::npos) {
        ++Res.Errors;
        Out << E.File << ':' << E.Line << ":1: error: expected-verdict{{"
            << E.Text << "}} does not match '" << Line << "'\n";
      }
  } else if (!VerdictDirs.empty()) {
    ++Res.Errors;
    Out << "error: expected-verdict without a verdict to check\n";
  }

  Out << "verify: " << Res.Expected << " expected, " << Res.Matched
      << " matched, " << Res.Unexpected << " unexpected, " << Res.Missing
      << " missing, " << Res.KnownMisses << " known misses (FIXME-race)\n";
  return Res;
}
