//===- JsonWriter.cpp - racecar's own JSON output -------------------------===//

#include "report/Writers.h"

#include "llvm/Support/JSON.h"

using namespace racer::report;
namespace json = llvm::json;

namespace {

json::Value jstr(llvm::StringRef S) {
  if (json::isUTF8(S))
    return S.str();
  return json::fixUTF8(S);
}

void loc(json::OStream &J, const SourceLocation &L) {
  J.attribute("file", jstr(L.File));
  // A name that is not UTF-8 cannot be a JSON string: "file" then has
  // U+FFFD for its bad bytes, and "fileUri" names the file exactly
  // (percent-encoded, as SARIF's artifactLocation.uri).
  if (!json::isUTF8(L.File))
    J.attribute("fileUri", fileUri(L.File));
  J.attribute("line", L.Line);
  J.attribute("column", L.Col);
}

void trace(json::OStream &J, const std::vector<Note> &Notes) {
  J.attributeArray("trace", [&] {
    for (const Note &N : Notes)
      J.object([&] {
        loc(J, N.Loc);
        J.attribute("message", jstr(N.Message));
      });
  });
}

void strings(json::OStream &J, llvm::StringRef Key,
             const std::vector<std::string> &V) {
  J.attributeArray(Key, [&] {
    for (const std::string &S : V)
      J.value(jstr(S));
  });
}

} // namespace

// Keys are written in a fixed, readable order (json::OStream keeps it).
void racer::report::writeCoverage(json::OStream &J, const Coverage &C) {
  J.attribute("classesChecked", C.ClassesChecked);
  J.attribute("classesSkipped", C.ClassesSkipped);
  J.attribute("threadRoots", C.ThreadRoots);
  J.attribute("threads", C.Threads);
  J.attribute("unresolvedThreadStarts", C.UnresolvedStarts);
  J.attribute("unresolvedCalls", C.UnresolvedCalls);
}

std::string racer::report::coverageLine(const Coverage &C) {
  auto Plural = [](unsigned N, const char *One, const char *Many) {
    return std::to_string(N) + " " + (N == 1 ? One : Many);
  };
  std::string S = "checked: ";
  if (C.ClassesChecked + C.ClassesSkipped)
    S += std::to_string(C.ClassesChecked) + " of " +
         Plural(C.ClassesChecked + C.ClassesSkipped, "class", "classes") +
         " (" + std::to_string(C.ClassesSkipped) +
         " without evidence of concurrent use); ";
  S += Plural(C.ThreadRoots, "thread root", "thread roots") + " starting " +
       Plural(C.Threads, "thread", "threads");
  if (C.UnresolvedStarts || C.UnresolvedCalls)
    S += "; not resolved: " +
         Plural(C.UnresolvedStarts, "thread start", "thread starts") + ", " +
         Plural(C.UnresolvedCalls, "indirect call", "indirect calls");
  return S;
}

std::string racer::report::coverageHint(const Coverage &C) {
  const unsigned Classes = C.ClassesChecked + C.ClassesSkipped;
  if (Classes >= 20 && C.ClassesSkipped * 10 >= Classes * 9)
    return "most classes were not checked: a class is checked once one of "
           "its methods takes a lock, a field is GUARDED_BY, or it is marked "
           "thread-safe; if the project's own mutex or guard class was not "
           "recognised, name it under `models:` in .racecar.yaml (README, "
           "Config)";
  if (C.Threads == 0 && (C.UnresolvedStarts || Classes == 0))
    return "no thread was found: threads started through callbacks or "
           "function pointers racecar could not resolve are not analysed; "
           "`models: thread_start:` in .racecar.yaml names a project's own "
           "thread-starting function";
  return "";
}

void racer::report::writeJson(const std::vector<Report> &Reports,
                              llvm::raw_ostream &OS,
                              const std::vector<FailedUnit> &FailedUnits,
                              unsigned HiddenLow, const Verdict *FinalVerdict,
                              const Coverage *Scope) {
  json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("version", 1);
    J.attribute("tool", "racecar");
    J.attribute("hiddenLowConfidence", HiddenLow);
    if (Scope)
      J.attributeObject("coverage", [&] { writeCoverage(J, *Scope); });
    J.attributeArray("reports", [&] {
      for (const Report &R : Reports)
        J.object([&] {
          J.attribute("rule", jstr(R.RuleId));
          J.attribute("message", jstr(R.Message));
          loc(J, R.Loc);
          J.attribute("class", jstr(R.Class));
          J.attribute("function", jstr(R.Function));
          J.attribute("conflictFunction", jstr(R.ConflictFunction));
          J.attribute("path", jstr(R.Path));
          J.attribute("confidence", jstr(R.Confidence));
          if (!R.BaselineState.empty())
            J.attribute("baselineState", jstr(R.BaselineState));
          if (R.Suppressed) {
            J.attribute("suppressed", true);
            J.attribute("suppressionJustification",
                        jstr(R.SuppressionJustification));
          }
          strings(J, "confidenceReasonIds", R.ConfidenceReasonIds);
          strings(J, "confidenceReasons", R.ConfidenceReasons);
          trace(J, R.Trace);
          J.attributeObject("conflict", [&] {
            J.attribute("message", jstr(R.ConflictMessage));
            loc(J, R.ConflictLoc);
            trace(J, R.ConflictTrace);
          });
        });
    });
    J.attributeArray("failedTranslationUnits", [&] {
      for (const FailedUnit &F : FailedUnits)
        J.object([&] {
          J.attribute("file", jstr(F.File));
          J.attribute("definesMain", F.DefinesMain);
        });
    });
    if (FinalVerdict) {
      J.attribute("verdict", FinalVerdict->Word);
      J.attributeArray("verdictReasons", [&] {
        for (const std::string &R : FinalVerdict->Reasons)
          J.value(R);
      });
    }
  });
  OS << '\n';
}

namespace {

bool readLoc(const json::Object &O, SourceLocation &L) {
  auto File = O.getString("file");
  auto Line = O.getInteger("line");
  auto Col = O.getInteger("column");
  if (!File || !Line || !Col || *Line < 0 || *Col < 0)
    return false;
  L.File = File->str();
  L.Line = *Line;
  L.Col = *Col;
  return true;
}

bool readString(const json::Object &O, llvm::StringRef Key, std::string &S) {
  auto V = O.getString(Key);
  if (!V)
    return false;
  S = V->str();
  return true;
}

/// An optional array of strings; false if present and not one.
bool readStrings(const json::Object &O, llvm::StringRef Key,
                 std::vector<std::string> &Out) {
  const json::Value *V = O.get(Key);
  if (!V)
    return true;
  const json::Array *A = V->getAsArray();
  if (!A)
    return false;
  for (const json::Value &E : *A) {
    auto S = E.getAsString();
    if (!S)
      return false;
    Out.push_back(S->str());
  }
  return true;
}

bool readTrace(const json::Object &O, std::vector<Note> &Notes) {
  const json::Array *A = O.getArray("trace");
  if (!A)
    return false;
  for (const json::Value &V : *A) {
    const json::Object *N = V.getAsObject();
    Note Nt;
    if (!N || !readLoc(*N, Nt.Loc) || !readString(*N, "message", Nt.Message))
      return false;
    Notes.push_back(std::move(Nt));
  }
  return true;
}

llvm::Error malformed(const llvm::Twine &What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "racecar JSON: " + What);
}

} // namespace

llvm::Expected<std::vector<Report>> racer::report::readJson(llvm::StringRef Text) {
  llvm::Expected<json::Value> Doc = json::parse(Text);
  if (!Doc)
    return Doc.takeError();
  const json::Object *Root = Doc->getAsObject();
  if (!Root)
    return malformed("top level is not an object");
  if (Root->getInteger("version") != 1)
    return malformed("unsupported or missing \"version\"");
  const json::Array *Reports = Root->getArray("reports");
  if (!Reports)
    return malformed("missing \"reports\"");
  std::vector<Report> Out;
  for (size_t I = 0; I < Reports->size(); ++I) {
    const json::Object *O = (*Reports)[I].getAsObject();
    Report R;
    const json::Object *C = O ? O->getObject("conflict") : nullptr;
    if (!O || !C || !readString(*O, "rule", R.RuleId) ||
        !readString(*O, "message", R.Message) || !readLoc(*O, R.Loc) ||
        !readString(*O, "class", R.Class) ||
        !readString(*O, "function", R.Function) ||
        !readString(*O, "conflictFunction", R.ConflictFunction) ||
        !readString(*O, "path", R.Path) || !readTrace(*O, R.Trace) ||
        !readString(*C, "message", R.ConflictMessage) ||
        !readLoc(*C, R.ConflictLoc) || !readTrace(*C, R.ConflictTrace))
      return malformed("report " + llvm::Twine(I) + " is malformed");
    if (O->get("confidence") && !readString(*O, "confidence", R.Confidence))
      return malformed("report " + llvm::Twine(I) + " is malformed");
    if (auto B = O->getString("baselineState"))
      R.BaselineState = B->str();
    if (std::optional<bool> S = O->getBoolean("suppressed")) {
      R.Suppressed = *S;
      if (auto J = O->getString("suppressionJustification"))
        R.SuppressionJustification = J->str();
    }
    if ((R.Confidence != "high" && R.Confidence != "low") ||
        !readStrings(*O, "confidenceReasonIds", R.ConfidenceReasonIds) ||
        !readStrings(*O, "confidenceReasons", R.ConfidenceReasons))
      return malformed("report " + llvm::Twine(I) + " has a bad confidence");
    Out.push_back(std::move(R));
  }
  return Out;
}
