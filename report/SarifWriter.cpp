//===- SarifWriter.cpp - SARIF 2.1.0 output -------------------------------===//
//
// One run, both rules always listed. Clang columns are bytes; SARIF's default
// columnKind is utf16CodeUnits, so columns are converted when the source line
// can be read (they are equal for ASCII lines).
//===----------------------------------------------------------------------===//

#include "report/ReportCollector.h"
#include "report/SourceLines.h"
#include "report/Writers.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <algorithm>
#include <iterator>

using namespace racer::report;
namespace json = llvm::json;

namespace {

constexpr const char *SchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr const char *SrcRootId = "SRCROOT";

bool isUnreserved(unsigned char C) {
  return llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~';
}

void percentEncode(llvm::StringRef S, std::string &Out) {
  for (unsigned char C : S) {
    if (isUnreserved(C) || C == '/') {
      Out.push_back(C);
    } else {
      Out.push_back('%');
      Out.push_back(llvm::hexdigit(C >> 4, /*LowerCase=*/false));
      Out.push_back(llvm::hexdigit(C & 15, /*LowerCase=*/false));
    }
  }
}

bool isWindowsAbsolute(llvm::StringRef P) {
  return P.size() >= 3 && llvm::isAlpha(P[0]) && P[1] == ':' &&
         (P[2] == '\\' || P[2] == '/');
}

bool isAbsolute(llvm::StringRef P) {
  return P.starts_with("/") || isWindowsAbsolute(P);
}

struct Rule {
  const char *Id;
  const char *Name;
  const char *Short;
  const char *Full;
  const char *Help;
};

const Rule Rules[] = {
    {UnprotectedWriteRuleId, "UnprotectedWrite",
     "Unprotected write to memory shared between threads",
     "A write that holds no exclusive lock may run concurrently with another "
     "write to the same memory, possibly the same code running on another "
     "thread. Concurrent unsynchronized writes are a data race, which is "
     "undefined behavior in C and C++: updates can be lost and readers can "
     "observe torn values.",
     "Protect every access to this memory with the same mutex (for example "
     "std::lock_guard<std::mutex> or std::scoped_lock), taken exclusively: a "
     "shared (reader) lock does not protect writes. If the memory is a single "
     "independent value such as a counter or a flag, make it a std::atomic "
     "instead."},
    {ReadWriteRaceRuleId, "ReadWriteRace",
     "Unsynchronized read racing with a write",
     "A read that holds no lock may run concurrently with a write to the same "
     "memory. This is a data race, which is undefined behavior in C and C++: "
     "the read can observe a stale or torn value.",
     "Read under the same mutex that protects the writes (a shared lock such "
     "as std::shared_lock is enough for reads), or make the memory a "
     "std::atomic if it is a single independent value."},
    {DifferentLocksRuleId, "DifferentLocks",
     "Accesses protected by different locks",
     "Both accesses hold a lock, but not the same one, so they do not exclude "
     "each other: the two threads may run them at the same time. This is a "
     "data race, which is undefined behavior in C and C++.",
     "Decide which mutex protects this memory and take that one on every "
     "access (for a field, usually the mutex of the same object), or make "
     "the memory a std::atomic if it is a single independent value."},
};

unsigned ruleIndex(llvm::StringRef Id) {
  for (unsigned I = 0; I < std::size(Rules); ++I)
    if (Id == Rules[I].Id)
      return I;
  return 0;
}

/// A JSON string; invalid UTF-8 (e.g. in a file name) is repaired, not fatal.
json::Value jstr(llvm::StringRef S) {
  if (json::isUTF8(S))
    return S.str();
  return json::fixUTF8(S);
}

/// Writers emit keys in SARIF's conventional order (json::OStream keeps the
/// order; json::Object would sort them).
void textProp(json::OStream &J, llvm::StringRef Key, llvm::StringRef S) {
  J.attributeObject(Key, [&] { J.attribute("text", jstr(S)); });
}

class Builder {
public:
  Builder(json::OStream &J, llvm::StringRef SrcRoot) : J(J) {
    if (!SrcRoot.empty()) {
      Root = SrcRoot.rtrim('/').str();
      Root.push_back('/');
    }
  }

  void physical(const SourceLocation &L) {
    J.attributeObject("physicalLocation", [&] {
      J.attributeObject("artifactLocation", [&] {
        llvm::StringRef File = L.File;
        // Under the source root: a relative URI, so the log reads the same
        // on every machine that checked the tree out elsewhere.
        if (!Root.empty() && File.starts_with(Root))
          File = File.drop_front(Root.size());
        J.attribute("uri", fileUri(File));
        if (!isAbsolute(File))
          J.attribute("uriBaseId", SrcRootId);
      });
      if (L.Line > 0)
        J.attributeObject("region", [&] {
          J.attribute("startLine", L.Line);
          if (L.Col > 0)
            J.attribute("startColumn", utf16Column(L));
        });
    });
  }

  void flowLocation(const SourceLocation &L, llvm::StringRef Msg) {
    J.object([&] {
      J.attributeObject("location", [&] {
        physical(L);
        textProp(J, "message", Msg);
      });
    });
  }

  void threadFlow(const std::vector<Note> &Trace, const SourceLocation &Loc,
                  llvm::StringRef Msg, llvm::StringRef Function) {
    J.object([&] {
      if (!Function.empty())
        textProp(J, "message", ("thread running '" + Function + "'").str());
      J.attributeArray("locations", [&] {
        if (Trace.empty())
          flowLocation(Loc, Msg);
        for (const Note &N : Trace)
          flowLocation(N.Loc, N.Message);
      });
    });
  }

  void result(const Report &R) {
    J.object([&] {
      J.attribute("ruleId", jstr(R.RuleId));
      J.attribute("ruleIndex", ruleIndex(R.RuleId));
      J.attribute("level", R.isLow() ? "note" : "warning");
      if (!R.BaselineState.empty())
        J.attribute("baselineState", jstr(R.BaselineState));
      J.attributeObject("message", [&] {
        J.attribute("text", jstr(R.Message));
        J.attribute("id", "default");
        J.attributeArray("arguments", [&] {
          J.value(jstr(R.Path));
          J.value(jstr(R.Function));
          J.value(jstr(R.ConflictFunction));
          J.value(jstr(R.Confidence + " confidence"));
        });
      });
      J.attributeArray("locations", [&] { J.object([&] { physical(R.Loc); }); });

      if (!R.ConflictMessage.empty() || !R.ConflictTrace.empty()) {
        unsigned Id = 1;
        auto Related = [&](const SourceLocation &L, llvm::StringRef Msg) {
          J.object([&] {
            J.attribute("id", Id++);
            textProp(J, "message", Msg);
            physical(L);
          });
        };
        J.attributeArray("relatedLocations", [&] {
          if (!R.ConflictMessage.empty())
            Related(R.ConflictLoc, R.ConflictMessage);
          for (const Note &N : R.ConflictTrace)
            Related(N.Loc, N.Message);
        });
      }

      J.attributeArray("codeFlows", [&] {
        J.object([&] {
          J.attributeArray("threadFlows", [&] {
            threadFlow(R.Trace, R.Loc, R.Message, R.Function);
            if (!R.ConflictMessage.empty())
              threadFlow(R.ConflictTrace, R.ConflictLoc, R.ConflictMessage,
                         R.ConflictFunction);
          });
        });
      });
      J.attributeObject("partialFingerprints", [&] {
        J.attribute("racecarKey/v2", reportFingerprint(R));
      });
      if (R.Suppressed)
        J.attributeArray("suppressions", [&] {
          J.object([&] {
            J.attribute("kind", "inSource");
            if (!R.SuppressionJustification.empty())
              J.attribute("justification", jstr(R.SuppressionJustification));
          });
        });
      J.attributeObject("properties", [&] {
        J.attribute("confidence", jstr(R.Confidence));
        J.attribute("precision", R.isLow() ? "low" : "high");
        J.attributeArray("confidenceReasons", [&] {
          for (const std::string &S : R.ConfidenceReasons)
            J.value(jstr(S));
        });
        J.attributeArray("confidenceReasonIds", [&] {
          for (const std::string &S : R.ConfidenceReasonIds)
            J.value(jstr(S));
        });
      });
    });
  }

private:
  /// Byte column -> UTF-16 code unit column (1-based), when readable.
  unsigned utf16Column(const SourceLocation &L) {
    std::optional<llvm::StringRef> Line = Lines.line(L.File, L.Line);
    if (!Line)
      return L.Col;
    unsigned Units = 0;
    size_t Bytes = L.Col - 1;
    for (size_t I = 0; I < Bytes && I < Line->size(); ++I) {
      unsigned char C = (*Line)[I];
      if ((C & 0xC0) == 0x80)
        continue;                 // continuation byte
      Units += C >= 0xF0 ? 2 : 1; // 4-byte sequences are surrogate pairs
    }
    if (Bytes > Line->size())
      Units += Bytes - Line->size();
    return Units + 1;
  }

  json::OStream &J;
  SourceLines Lines;
  std::string Root; ///< SarifOptions::SrcRoot with a trailing '/'
};

void rules(json::OStream &J, llvm::StringRef InformationUri) {
  J.attributeArray("rules", [&] {
    for (const Rule &R : Rules)
      J.object([&] {
        J.attribute("id", R.Id);
        J.attribute("name", R.Name);
        textProp(J, "shortDescription", R.Short);
        textProp(J, "fullDescription", R.Full);
        J.attributeObject("defaultConfiguration",
                          [&] { J.attribute("level", "warning"); });
        textProp(J, "help", R.Help);
        if (!InformationUri.empty())
          J.attribute("helpUri", jstr((InformationUri + "#" + R.Id).str()));
        // Results name this message and fill it with their arguments; their
        // full text says the same in one sentence, with the call chain.
        J.attributeObject("messageStrings", [&] {
          textProp(J, "default",
                   "Data race on {0} in '{1}', with '{2}' ({3}).");
        });
        J.attributeObject("properties", [&] {
          J.attributeArray("tags", [&] {
            J.value("concurrency");
            J.value("data-race");
          });
          // As code-scanning services read them; a result's own confidence
          // is in its properties and its level.
          J.attribute("precision", "high");
          J.attribute("problem.severity", "warning");
        });
      });
  });
}

} // namespace

std::string racer::report::fileUri(llvm::StringRef Path) {
  std::string Out;
  if (Path.starts_with("/")) {
    Out = "file://";
    percentEncode(Path, Out);
  } else if (isWindowsAbsolute(Path)) {
    Out = "file:///";
    Out.push_back(Path[0]);
    Out.push_back(':');
    std::string Rest = Path.drop_front(2).str();
    std::replace(Rest.begin(), Rest.end(), '\\', '/');
    percentEncode(Rest, Out);
  } else {
    percentEncode(Path, Out);
  }
  return Out;
}

std::string racer::report::reportFingerprint(const Report &R) {
  std::string Key;
  // Not the conflicting function: which of several writers is named may
  // change when unrelated code does, and (rule, class, function, path) is
  // already unique among the reports (ReportCollector's dedup).
  for (const std::string *S : {&R.RuleId, &R.Class, &R.Function, &R.Path}) {
    Key += *S;
    Key.push_back('\0');
  }
  auto Hash = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Key));
  return llvm::toHex(llvm::ArrayRef<uint8_t>(Hash).take_front(16),
                     /*LowerCase=*/true);
}

void racer::report::writeSarif(const std::vector<Report> &Reports,
                               llvm::raw_ostream &OS, const SarifOptions &Opts,
                               unsigned HiddenLow) {
  json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("$schema", SchemaUri);
    J.attribute("version", "2.1.0");
    J.attributeArray("runs", [&] {
      J.object([&] {
        J.attributeObject("tool", [&] {
          J.attributeObject("driver", [&] {
            J.attribute("name", "racecar");
            if (!Opts.ToolVersion.empty())
              J.attribute("version", jstr(Opts.ToolVersion));
            if (!Opts.InformationUri.empty())
              J.attribute("informationUri", jstr(Opts.InformationUri));
            rules(J, Opts.InformationUri);
          });
        });
        if (!Opts.SrcRoot.empty()) {
          std::string Root = fileUri(Opts.SrcRoot);
          if (!llvm::StringRef(Root).ends_with("/"))
            Root.push_back('/');
          J.attributeObject("originalUriBaseIds", [&] {
            J.attributeObject(SrcRootId, [&] { J.attribute("uri", Root); });
          });
        }
        J.attributeArray("invocations", [&] {
          J.object([&] {
            J.attribute("executionSuccessful", Opts.FailedUnits.empty());
            if (Opts.FailedUnits.empty())
              return;
            J.attributeArray("toolExecutionNotifications", [&] {
              for (const FailedUnit &F : Opts.FailedUnits)
                J.object([&] {
                  J.attribute("level", "error");
                  J.attributeObject("descriptor", [&] {
                    J.attribute("id", "racecar-tu-not-analysed");
                  });
                  std::string Msg =
                      "'" + F.File +
                      "' could not be analysed: its races are not reported";
                  if (F.DefinesMain)
                    Msg += ", nor those of the threads its 'main' starts";
                  J.attributeObject("message",
                                    [&] { J.attribute("text", jstr(Msg)); });
                  if (!llvm::sys::path::is_absolute(F.File))
                    return; // e.g. "shard 3/4 (missing)"
                  J.attributeArray("locations", [&] {
                    J.object([&] {
                      J.attributeObject("physicalLocation", [&] {
                        J.attributeObject("artifactLocation", [&] {
                          J.attribute("uri", fileUri(F.File));
                        });
                      });
                    });
                  });
                });
            });
          });
        });
        J.attribute("columnKind", "utf16CodeUnits");
        // A category for code-scanning services that keep runs apart.
        J.attributeObject("automationDetails",
                          [&] { J.attribute("id", "racecar/"); });
        Builder B(J, Opts.SrcRoot);
        J.attributeArray("results", [&] {
          for (const Report &R : Reports)
            B.result(R);
        });
        J.attributeObject("properties", [&] {
          J.attribute("hiddenLowConfidence", HiddenLow);
          if (Opts.Scope)
            J.attributeObject("coverage",
                              [&] { writeCoverage(J, *Opts.Scope); });
          if (const Verdict *V = Opts.FinalVerdict) {
            J.attribute("verdict", V->Word);
            J.attributeArray("verdictReasons", [&] {
              for (const std::string &R : V->Reasons)
                J.value(R);
            });
          }
        });
      });
    });
  });
  OS << '\n';
}
