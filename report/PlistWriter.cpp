//===- PlistWriter.cpp - Clang static analyzer plist, for CodeChecker -----===//
//
// Why: CodeChecker, the defect database nightly C/C++ analysis usually feeds,
// reads the Clang static analyzer's plist natively. Each report becomes one
// diagnostic whose path tells the race as a reviewer reads it: the
// conflicting side first (labelled, with its call chain), then the reported
// side's call chain, ending at the reported access with the warning's
// message -- the diagnostic's location, so file and line always agree.
//===----------------------------------------------------------------------===//
#include "report/Writers.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

using namespace racer::report;

namespace {

/// Text as XML 1.0 character data: escaped, and valid. Bytes that are not
/// UTF-8 and control characters XML cannot hold at all (any but tab, line
/// feed and carriage return, even as `&#1;`) become U+FFFD.
std::string xml(llvm::StringRef S) {
  std::string Fixed = llvm::json::isUTF8(S) ? S.str() : llvm::json::fixUTF8(S);
  std::string Out;
  for (char C : Fixed) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    default:
      if (static_cast<unsigned char>(C) < 0x20 && C != '\t' && C != '\n' &&
          C != '\r')
        Out += "\xEF\xBF\xBD";
      else
        Out.push_back(C);
    }
  }
  return Out;
}

class PlistBuilder {
public:
  explicit PlistBuilder(llvm::raw_ostream &OS) : OS(OS) {}

  unsigned fileIndex(const std::string &F) {
    auto [It, New] = Index.try_emplace(F, unsigned(Files.size()));
    if (New)
      Files.push_back(F);
    return It->second;
  }

  void location(const SourceLocation &L, const char *Indent) {
    OS << Indent << "<key>location</key>\n"
       << Indent << "<dict>\n"
       << Indent << " <key>line</key><integer>" << L.Line << "</integer>\n"
       << Indent << " <key>col</key><integer>" << L.Col << "</integer>\n"
       << Indent << " <key>file</key><integer>" << fileIndex(L.File)
       << "</integer>\n"
       << Indent << "</dict>\n";
  }

  void event(const SourceLocation &L, llvm::StringRef Msg, unsigned Depth) {
    OS << "    <dict>\n"
       << "     <key>kind</key><string>event</string>\n";
    location(L, "     ");
    OS << "     <key>depth</key><integer>" << Depth << "</integer>\n"
       << "     <key>extended_message</key><string>" << xml(Msg)
       << "</string>\n"
       << "     <key>message</key><string>" << xml(Msg) << "</string>\n"
       << "    </dict>\n";
  }

  void diagnostic(const Report &R) {
    // The access itself: the end of the reported side's trace, or the
    // reported location when the access is on that line.
    SourceLocation Access = R.Trace.empty() ? R.Loc : R.Trace.back().Loc;
    OS << "  <dict>\n   <key>path</key>\n   <array>\n";
    if (!R.ConflictMessage.empty()) {
      event(R.ConflictLoc, "Conflicting access: " + R.ConflictMessage, 0);
      unsigned Depth = 1;
      for (const Note &N : R.ConflictTrace)
        event(N.Loc, "Conflicting side: " + N.Message, Depth++);
    }
    unsigned Depth = 0;
    for (size_t I = 0; I + 1 < R.Trace.size(); ++I)
      event(R.Trace[I].Loc, R.Trace[I].Message, Depth++);
    event(Access, R.Message, Depth);
    OS << "   </array>\n"
       << "   <key>description</key><string>" << xml(R.Message)
       << "</string>\n"
       << "   <key>category</key><string>Data race</string>\n"
       << "   <key>type</key><string>" << xml(R.RuleId) << "</string>\n"
       << "   <key>check_name</key><string>" << xml(R.RuleId)
       << "</string>\n"
       << "   <key>issue_hash_content_of_line_in_context</key><string>"
       << reportFingerprint(R) << "</string>\n";
    location(Access, "   ");
    OS << "  </dict>\n";
  }

  void files() {
    OS << " <key>files</key>\n <array>\n";
    for (const std::string &F : Files)
      OS << "  <string>" << xml(F) << "</string>\n";
    OS << " </array>\n";
  }

private:
  llvm::raw_ostream &OS;
  llvm::StringMap<unsigned> Index;
  std::vector<std::string> Files;
};

} // namespace

void racer::report::writePlist(const std::vector<Report> &Reports,
                               llvm::raw_ostream &OS,
                               llvm::StringRef ToolVersion) {
  OS << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
        "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        "<plist version=\"1.0\">\n<dict>\n"
     << " <key>clang_version</key><string>racecar " << xml(ToolVersion)
     << "</string>\n <key>diagnostics</key>\n <array>\n";
  PlistBuilder B(OS);
  for (const Report &R : Reports)
    if (!R.Suppressed && R.BaselineState != "unchanged")
      B.diagnostic(R);
  OS << " </array>\n";
  B.files();
  OS << "</dict>\n</plist>\n";
}
