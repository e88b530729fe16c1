//===- HtmlWriter.cpp - One self-contained HTML page of reports -----------===//
//
// Why: a nightly scan's results are read by people who do not run racecar:
// one file they open in a browser, with the reports grouped by class (or by
// the threads of a program), each with its source lines and both sides'
// traces, and filters by rule and confidence. No external resources.
//===----------------------------------------------------------------------===//
#include "report/SourceLines.h"
#include "report/Writers.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace racer::report;

namespace {

std::string escape(llvm::StringRef S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&#39;"; break;
    default: Out.push_back(C);
    }
  }
  return Out;
}

const char *const Style = R"(
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fafafa}
header{background:#23262e;color:#fff;padding:12px 20px}
header h1{font-size:18px;margin:0 0 4px}
#filters{padding:8px 20px;background:#eceff4;border-bottom:1px solid #d8dee9}
#filters label{margin-right:14px}
main{padding:8px 20px}
h2{font-size:16px;margin:18px 0 6px;border-bottom:1px solid #ccc}
.report{background:#fff;border:1px solid #ddd;border-radius:4px;margin:8px 0;padding:8px 12px}
.report.low{border-style:dashed;opacity:.9}
.msg{font-weight:600}
.badge{display:inline-block;font-size:11px;padding:1px 6px;border-radius:8px;margin-right:6px;color:#fff}
.badge.high{background:#b3261e}.badge.low{background:#8a8a8a}.badge.rule{background:#3b5b92}
.loc{font-family:monospace;color:#555}
pre.src{background:#f4f4f4;padding:4px 8px;margin:4px 0;overflow:auto}
pre.src .hit{background:#ffe08a;display:block}
ol.trace{margin:4px 0 4px 20px;padding:0}
.side{margin-top:6px}
.hidden{display:none}
)";

const char *const Script = R"(
function applyFilters(){
  var boxes=document.querySelectorAll('#filters input');
  var on={};boxes.forEach(function(b){on[b.value]=b.checked;});
  document.querySelectorAll('.report').forEach(function(r){
    var show=on[r.dataset.rule]&&on[r.dataset.confidence];
    r.classList.toggle('hidden',!show);
  });
  document.querySelectorAll('section.group').forEach(function(g){
    g.classList.toggle('hidden',!g.querySelector('.report:not(.hidden)'));
  });
}
document.querySelectorAll('#filters input').forEach(function(b){
  b.addEventListener('change',applyFilters);});
)";

class Page {
public:
  Page(llvm::raw_ostream &OS) : OS(OS) {}

  /// Lines around \p L, the reported one highlighted.
  void source(const SourceLocation &L) {
    if (L.Line == 0)
      return;
    std::string Body;
    for (unsigned N = L.Line > 2 ? L.Line - 2 : 1; N <= L.Line + 2; ++N) {
      std::optional<llvm::StringRef> Text = Lines.line(L.File, N);
      if (!Text)
        continue;
      std::string Row = llvm::formatv("{0,5} | ", N).str() + escape(*Text);
      Body += N == L.Line ? "<span class=\"hit\">" + Row + "</span>"
                          : Row + "\n";
    }
    if (!Body.empty())
      OS << "<pre class=\"src\">" << Body << "</pre>\n";
  }

  void loc(const SourceLocation &L) {
    OS << "<span class=\"loc\">" << escape(L.File) << ":" << L.Line << ":"
       << L.Col << "</span>";
  }

  void trace(const std::vector<Note> &Notes) {
    if (Notes.empty())
      return;
    OS << "<ol class=\"trace\">\n";
    for (const Note &N : Notes) {
      OS << "<li>";
      loc(N.Loc);
      OS << " " << escape(N.Message) << "</li>\n";
    }
    OS << "</ol>\n";
  }

  void report(const Report &R) {
    OS << "<div class=\"report" << (R.isLow() ? " low" : "")
       << "\" data-rule=\"" << escape(R.RuleId) << "\" data-confidence=\""
       << escape(R.Confidence) << "\">\n<div><span class=\"badge "
       << (R.isLow() ? "low" : "high") << "\">" << escape(R.Confidence)
       << "</span><span class=\"badge rule\">" << escape(R.RuleId)
       << "</span>";
    loc(R.Loc);
    OS << "</div>\n<div class=\"msg\">" << escape(R.Message) << "</div>\n";
    source(R.Loc);
    trace(R.Trace);
    if (!R.ConflictMessage.empty()) {
      OS << "<div class=\"side\">" << escape(R.ConflictMessage) << " ";
      loc(R.ConflictLoc);
      OS << "</div>\n";
      source(R.ConflictLoc);
      trace(R.ConflictTrace);
    }
    OS << "</div>\n";
  }

private:
  llvm::raw_ostream &OS;
  SourceLines Lines;
};

} // namespace

void racer::report::writeHtml(const std::vector<Report> &Reports,
                              llvm::raw_ostream &OS, unsigned HiddenLow) {
  // Groups: each class, then the threads of programs (no class).
  std::map<std::string, std::vector<const Report *>> Groups;
  for (const Report &R : Reports)
    if (!R.Suppressed && R.BaselineState != "unchanged")
      Groups[R.Class.empty() ? std::string() : R.Class].push_back(&R);
  size_t Shown = 0, Low = 0;
  for (const auto &[Name, Rs] : Groups)
    for (const Report *R : Rs) {
      ++Shown;
      Low += R->isLow();
    }
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
     << "<title>racecar: " << Shown << " race" << (Shown == 1 ? "" : "s")
     << "</title>\n<style>" << Style << "</style>\n</head>\n<body>\n"
     << "<header><h1>racecar: " << Shown << " race"
     << (Shown == 1 ? "" : "s") << "</h1>" << Shown - Low
     << " high confidence, " << Low << " low";
  if (HiddenLow)
    OS << "; " << HiddenLow
       << " low-confidence not included (--confidence=low includes them)";
  OS << "</header>\n<div id=\"filters\">";
  for (const char *Rule : {"racecar-unprotected-write",
                           "racecar-read-write-race",
                           "racecar-different-locks"})
    OS << "<label><input type=\"checkbox\" value=\"" << Rule << "\" checked> "
       << Rule << "</label>";
  OS << "<label><input type=\"checkbox\" value=\"high\" checked> high</label>"
     << "<label><input type=\"checkbox\" value=\"low\" checked> low</label>"
     << "</div>\n<main>\n";
  Page P(OS);
  for (const auto &[Name, Rs] : Groups) {
    OS << "<section class=\"group\"><h2>"
       << (Name.empty() ? std::string("Threads") : "class " + escape(Name))
       << " (" << Rs.size() << ")</h2>\n";
    for (const Report *R : Rs)
      P.report(*R);
    OS << "</section>\n";
  }
  if (Groups.empty())
    OS << "<p>No races reported.</p>\n";
  OS << "</main>\n<script>" << Script << "</script>\n</body>\n</html>\n";
}
