//===- TextWriter.cpp - Clang-style text diagnostics ----------------------===//

#include "report/SourceLines.h"
#include "report/Writers.h"

#include "llvm/Support/Format.h"

using namespace racer::report;

namespace {

constexpr unsigned TabStop = 8;

const char *const Bold = "\033[1m";
const char *const Magenta = "\033[1;35m";
const char *const Gray = "\033[1;30m";
const char *const Green = "\033[1;32m";
const char *const Reset = "\033[0m";

/// Source line with tabs expanded, and the display column of byte column
/// \p Col (1-based) in it (0-based). UTF-8 continuation bytes take no width.
std::pair<std::string, unsigned> expandLine(llvm::StringRef Line, unsigned Col) {
  std::string Out;
  unsigned Width = 0, CaretCol = 0;
  bool CaretSet = false;
  for (size_t I = 0; I < Line.size(); ++I) {
    if (I + 1 == Col) {
      CaretCol = Width;
      CaretSet = true;
    }
    unsigned char C = Line[I];
    if (C == '\t') {
      unsigned N = TabStop - Width % TabStop;
      Out.append(N, ' ');
      Width += N;
      continue;
    }
    Out.push_back(C);
    if ((C & 0xC0) != 0x80)
      ++Width;
  }
  if (!CaretSet)
    CaretCol = Width + (Col > Line.size() + 1 ? Col - Line.size() - 1 : 0);
  return {Out, CaretCol};
}

class Printer {
public:
  Printer(llvm::raw_ostream &OS, const TextOptions &Opts) : OS(OS), Opts(Opts) {}

  void diag(const SourceLocation &L, bool IsWarning, llvm::StringRef Msg,
            llvm::StringRef RuleId) {
    if (Opts.Color)
      OS << Bold;
    OS << L.File << ':' << L.Line << ':' << L.Col << ": ";
    if (Opts.Color)
      OS << (IsWarning ? Magenta : Gray);
    OS << (IsWarning ? "warning: " : "note: ");
    if (Opts.Color)
      OS << Reset << (IsWarning ? Bold : "");
    OS << Msg;
    if (!RuleId.empty())
      OS << " [" << RuleId << ']';
    if (Opts.Color)
      OS << Reset;
    OS << '\n';
    if (IsWarning ? Opts.ShowSource : Opts.ShowNoteSource)
      snippet(L);
  }

  void notes(const std::vector<Note> &Ns) {
    for (const Note &N : Ns)
      diag(N.Loc, /*IsWarning=*/false, N.Message, "");
  }

private:
  void snippet(const SourceLocation &L) {
    if (L.Line == 0)
      return;
    std::optional<llvm::StringRef> Line = Lines.line(L.File, L.Line);
    if (!Line)
      return;
    auto [Text, Caret] = expandLine(*Line, L.Col ? L.Col : 1);
    OS << llvm::format("%5u | ", L.Line) << Text << '\n';
    OS << "      | ";
    OS.indent(Caret);
    if (Opts.Color)
      OS << Green;
    OS << '^';
    if (Opts.Color)
      OS << Reset;
    OS << '\n';
  }

  llvm::raw_ostream &OS;
  const TextOptions &Opts;
  SourceLines Lines;
};

} // namespace

void racer::report::writeText(const std::vector<Report> &Reports,
                              llvm::raw_ostream &OS, const TextOptions &Opts,
                              unsigned HiddenLow) {
  Printer P(OS, Opts);
  for (const Report &R : Reports) {
    if (R.Suppressed || R.BaselineState == "unchanged")
      continue; // judged (silenced in the source, or already in the
                // baseline): SARIF and JSON keep it
    P.diag(R.Loc, /*IsWarning=*/true, R.Message, R.RuleId);
    P.notes(R.Trace);
    if (!R.ConflictMessage.empty())
      P.diag(R.ConflictLoc, /*IsWarning=*/false, R.ConflictMessage, "");
    P.notes(R.ConflictTrace);
  }
  if (HiddenLow)
    OS << HiddenLow << " low-confidence finding"
       << (HiddenLow == 1 ? " was" : "s were")
       << " not shown; --confidence=low shows "
       << (HiddenLow == 1 ? "it" : "them") << ".\n";
  if (const Verdict *V = Opts.FinalVerdict) {
    OS << "verdict: " << V->Word;
    if (!V->Reasons.empty()) {
      OS << " (";
      for (size_t I = 0; I < V->Reasons.size(); ++I)
        OS << (I ? "; " : "") << V->Reasons[I];
      OS << ")";
    }
    OS << "\n";
  }
}
