//===- Writers.h - Text, SARIF and JSON output of race reports -*- C++ -*-===//
//
// Why: people read warnings in a terminal or an editor (clang's format, so
// editors and CI log parsers already understand it), code-scanning services
// ingest SARIF 2.1.0, and scripts want a plain JSON document. All three print
// the same already-worded, deduplicated and ordered Reports, and print them
// deterministically (same reports => same bytes).
//
//   writeText:
//     inv.cpp:42:5: warning: unprotected write to `this->count_` in
//         'shop::Inventory::add' races with the write in
//         'shop::Inventory::clear' [racecar-unprotected-write]
//        42 |     count_ += n;
//           |     ^
//     inv.cpp:50:5: note: conflicting write in 'shop::Inventory::clear'
//===----------------------------------------------------------------------===//
#ifndef RACER_REPORT_WRITERS_H
#define RACER_REPORT_WRITERS_H

#include "report/Report.h"
#include "report/Verdict.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace racer::report {

struct TextOptions {
  /// Print the source line and a caret under the warning (when the file can
  /// be read).
  bool ShowSource = true;
  /// Also print source lines under the notes (traces, conflicting access).
  bool ShowNoteSource = false;
  /// Emit ANSI colors like clang's -fcolor-diagnostics.
  bool Color = false;
  /// --verdict: the text ends with `verdict: WORD` (and the reasons).
  const Verdict *FinalVerdict = nullptr;
};

/// Clang-style diagnostics: for each report the warning line, its source
/// snippet, the notes of its trace, the conflicting-access note and the
/// notes of the conflicting trace. File names are printed as given. No
/// summary line is printed.
/// \p HiddenLow: low-confidence reports left out (--confidence=high); the
/// text then ends with a line that says so and how to see them.
void writeText(const std::vector<Report> &Reports, llvm::raw_ostream &OS,
               const TextOptions &Opts = TextOptions(), unsigned HiddenLow = 0);

/// A translation unit that could not be analysed: the reports it would have
/// contributed are missing, and the outputs say so.
struct FailedUnit {
  std::string File;
  /// It defines `main`: the threads that main starts (a thread root) were
  /// not checked at all.
  bool DefinesMain = false;
};

/// What a scan checked, so that few reports are never read as "checked and
/// clean" when little was checked: classes with and without evidence of
/// concurrent use, the thread roots and the threads started from them, and
/// the places where a thread's entry or a called function was not known.
struct Coverage {
  unsigned ClassesChecked = 0;
  unsigned ClassesSkipped = 0; ///< no evidence of concurrency: not reported on
  unsigned ThreadRoots = 0;
  unsigned Threads = 0;
  unsigned UnresolvedStarts = 0; ///< thread starts with an unknown entry
  unsigned UnresolvedCalls = 0;  ///< indirect calls with no known target
};

/// "checked: 15 of 839 classes (824 without evidence of concurrent use); 2
/// thread roots starting 12 threads; not resolved: 3 thread starts, 9
/// indirect calls" (classes only when there are some, the last part only
/// when something was not resolved).
std::string coverageLine(const Coverage &C);
/// A hint when the coverage says the scan checked little (most classes left
/// out, or no thread found), else "".
std::string coverageHint(const Coverage &C);
/// The coverage's fields into the JSON object being written.
void writeCoverage(llvm::json::OStream &J, const Coverage &C);

struct SarifOptions {
  /// tool.driver.version (e.g. "0.1.0"); omitted when empty.
  std::string ToolVersion;
  /// tool.driver.informationUri; omitted when empty.
  std::string InformationUri; ///< omitted from the output when empty
  /// Absolute directory that relative file names are relative to. When set,
  /// it is emitted as run.originalUriBaseIds.SRCROOT. Relative file names
  /// always use uriBaseId "SRCROOT".
  std::string SrcRoot;
  /// Recorded as invocations[0].executionSuccessful = false and one
  /// toolExecutionNotification (level "error") per unit.
  std::vector<FailedUnit> FailedUnits;
  /// --verdict: run.properties.verdict and verdictReasons.
  const Verdict *FinalVerdict = nullptr;
  /// run.properties.coverage, when set.
  const Coverage *Scope = nullptr;
};

/// SARIF 2.1.0 (one run; both rules always listed in tool.driver.rules).
/// Results carry the location, the conflicting access and its trace as
/// relatedLocations, two threadFlows (reported side, conflicting side) in
/// one codeFlow, and partialFingerprints["racecarKey/v2"], a stable hash of
/// (rule, class, function, path). High-confidence
/// results are `warning`s, low ones `note`s; each result has
/// properties.confidence ("high"/"low"), properties.confidenceReasons and
/// properties.confidenceReasonIds; run.properties.hiddenLowConfidence counts
/// the low ones left out. invocations[0].executionSuccessful is false when
/// some TU failed. Pretty-printed.
void writeSarif(const std::vector<Report> &Reports, llvm::raw_ostream &OS,
                const SarifOptions &Opts = SarifOptions(),
                unsigned HiddenLow = 0);

/// racecar's own JSON:
///   {"version": 1, "tool": "racecar", "hiddenLowConfidence": N,
///    "reports": [{"rule", "message", "file", "line", "column", "class",
///    "function", "conflictFunction", "path", "confidence",
///    "confidenceReasonIds": [...], "confidenceReasons": [...],
///    "trace": [{"file", "line", "column", "message"}],
///    "conflict": {"message", "file", "line", "column", "trace": [...]}}],
///    "failedTranslationUnits": [{"file", "definesMain"}]}
/// Pretty-printed. The reports are partial when failedTranslationUnits is
/// not empty; hiddenLowConfidence counts low-confidence reports left out.
/// With \p FinalVerdict (--verdict): also "verdict" and "verdictReasons".
/// With \p Scope: also "coverage" {"classesChecked", "classesSkipped",
/// "threadRoots", "threads", "unresolvedThreadStarts", "unresolvedCalls"}.
void writeJson(const std::vector<Report> &Reports, llvm::raw_ostream &OS,
               const std::vector<FailedUnit> &FailedUnits = {},
               unsigned HiddenLow = 0, const Verdict *FinalVerdict = nullptr,
               const Coverage *Scope = nullptr);

/// One self-contained HTML page (no external resources): reports grouped by
/// class (races between threads under "Threads"), each with its source lines,
/// its trace and the conflicting side's, and check boxes that filter by rule
/// and confidence. Suppressed and baseline-known reports are left out.
void writeHtml(const std::vector<Report> &Reports, llvm::raw_ostream &OS,
               unsigned HiddenLow = 0);

/// The Clang static analyzer's plist, as CodeChecker reads it: one
/// diagnostic per report, whose path is the conflicting side's events
/// (labelled "Conflicting ...") and then the reported side's call chain,
/// ending at the reported access with the warning's message (also the
/// diagnostic's location). check_name is the rule id; the issue hash is the
/// SARIF fingerprint. Suppressed and baseline-known reports are left out.
void writePlist(const std::vector<Report> &Reports, llvm::raw_ostream &OS,
                llvm::StringRef ToolVersion);

/// Parses writeJson's output back (e.g. to compare against a baseline).
/// Reports an error for invalid JSON, a wrong "version", or a missing field.
llvm::Expected<std::vector<Report>> readJson(llvm::StringRef Text);

/// The SARIF artifactLocation.uri of a file name: "file:///abs/path" for an
/// absolute path, the relative path otherwise; both percent-encoded.
std::string fileUri(llvm::StringRef Path);

/// The stable fingerprint used in SARIF partialFingerprints.
std::string reportFingerprint(const Report &R);

} // namespace racer::report

#endif
