//===- WritersTest.cpp - Text, SARIF and JSON writers ---------------------===//

#include "report/ReportCollector.h"
#include "report/Writers.h"
#include "test/unit/report/ReportTestUtil.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace racer;
using namespace racer::report;
using namespace racer::report::test;
namespace json = llvm::json;

namespace {

Report sampleReport(const std::string &File) {
  Report R;
  R.RuleId = "racecar-unprotected-write";
  R.Message = "unprotected write to `this->count_` in 'shop::Inventory::add' "
              "races with the write in 'shop::Inventory::clear'";
  R.Loc = {File, 3, 5};
  R.ConflictMessage = "conflicting write in 'shop::Inventory::clear'";
  R.ConflictLoc = {File, 6, 15};
  R.Class = "shop::Inventory";
  R.Function = "shop::Inventory::add";
  R.ConflictFunction = "shop::Inventory::clear";
  R.Path = "this->count_";
  return R;
}

Report tracedReport(const std::string &File) {
  Report R;
  R.RuleId = "racecar-read-write-race";
  R.Message = "read of `this->n_` without synchronization in 'C::get' (via "
              "call to 'C::peek') races with the write in 'C::set'";
  R.Loc = {File, 10, 3};
  R.Trace = {{{File, 10, 3}, "call to 'C::peek'"},
             {{"include/c.h", 4, 12}, "read of `this->n_` here"}};
  R.ConflictMessage = "conflicting write in 'C::set' (via call to 'C::store')";
  R.ConflictLoc = {File, 20, 3};
  R.ConflictTrace = {{{File, 20, 3}, "call to 'C::store'"},
                     {{"include/c.h", 8, 5}, "write to `this->n_` here"}};
  R.Class = "C";
  R.Function = "C::get";
  R.ConflictFunction = "C::set";
  R.Path = "this->n_";
  return R;
}

std::string text(const std::vector<Report> &Rs, TextOptions O = TextOptions()) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeText(Rs, OS, O);
  return S;
}

std::string sarif(const std::vector<Report> &Rs, SarifOptions O = SarifOptions()) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeSarif(Rs, OS, O);
  return S;
}

std::string jsonText(const std::vector<Report> &Rs) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeJson(Rs, OS);
  return S;
}

TEST(TextWriterTest, WithoutSource) {
  TextOptions O;
  O.ShowSource = false;
  EXPECT_EQ(text({sampleReport("/no/such/inv.cpp")}, O),
            "/no/such/inv.cpp:3:5: warning: unprotected write to "
            "`this->count_` in 'shop::Inventory::add' races with the write in "
            "'shop::Inventory::clear' [racecar-unprotected-write]\n"
            "/no/such/inv.cpp:6:15: note: conflicting write in "
            "'shop::Inventory::clear'\n");
}

TEST(TextWriterTest, UnreadableFileHasNoSnippet) {
  // ShowSource is on by default; a missing file just has no snippet.
  EXPECT_EQ(text({sampleReport("/no/such/inv.cpp")}).find(" | "),
            std::string::npos);
}

TEST(TextWriterTest, SourceSnippet) {
  TempDir D;
  std::string F = D.write("inv.cpp", "struct Inventory {\n"
                                     "  void add(int n) {\n"
                                     "    count_ += n;\r\n"
                                     "  }\n"
                                     "  void clear() {\n"
                                     "    if (true) count_ = 0;\n"
                                     "  }\n");
  EXPECT_EQ(text({sampleReport(F)}),
            F + ":3:5: warning: unprotected write to `this->count_` in "
                "'shop::Inventory::add' races with the write in "
                "'shop::Inventory::clear' [racecar-unprotected-write]\n"
                "    3 |     count_ += n;\n"
                "      |     ^\n" +
                F + ":6:15: note: conflicting write in 'shop::Inventory::clear'\n");

  TextOptions O;
  O.ShowNoteSource = true;
  std::string S = text({sampleReport(F)}, O);
  EXPECT_NE(S.find("note: conflicting write in 'shop::Inventory::clear'\n"
                   "    6 |     if (true) count_ = 0;\n"
                   "      | " + std::string(14, ' ') + "^\n"),
            std::string::npos)
      << S;
}

TEST(TextWriterTest, TabsAreExpanded) {
  TempDir D;
  std::string F = D.write("t.cpp", "\tx_ = 1;\n");
  Report R = sampleReport(F);
  R.Loc = {F, 1, 2};
  R.ConflictMessage.clear();
  std::string S = text({R});
  EXPECT_NE(S.find("    1 | " + std::string(8, ' ') + "x_ = 1;\n      | " + std::string(8, ' ') + "^\n"),
            std::string::npos)
      << S;
}

TEST(TextWriterTest, NotesOrder) {
  TextOptions O;
  O.ShowSource = false;
  EXPECT_EQ(text({tracedReport("a.cpp")}, O),
            "a.cpp:10:3: warning: read of `this->n_` without synchronization "
            "in 'C::get' (via call to 'C::peek') races with the write in "
            "'C::set' [racecar-read-write-race]\n"
            "a.cpp:10:3: note: call to 'C::peek'\n"
            "include/c.h:4:12: note: read of `this->n_` here\n"
            "a.cpp:20:3: note: conflicting write in 'C::set' (via call to "
            "'C::store')\n"
            "a.cpp:20:3: note: call to 'C::store'\n"
            "include/c.h:8:5: note: write to `this->n_` here\n");
}

TEST(TextWriterTest, Color) {
  TextOptions O;
  O.ShowSource = false;
  O.Color = true;
  std::string S = text({sampleReport("a.cpp")}, O);
  EXPECT_NE(S.find("\033["), std::string::npos);
  EXPECT_NE(S.find("warning: "), std::string::npos);
  EXPECT_EQ(text({}, O), "");
}

TEST(SarifWriterTest, FileUri) {
  EXPECT_EQ(fileUri("/abs/path/inv.cpp"), "file:///abs/path/inv.cpp");
  EXPECT_EQ(fileUri("/my dir/a+b#c%.cpp"), "file:///my%20dir/a%2Bb%23c%25.cpp");
  EXPECT_EQ(fileUri("src/x.cpp"), "src/x.cpp");
  EXPECT_EQ(fileUri("C:\\work\\x.cpp"), "file:///C:/work/x.cpp");
}

TEST(SarifWriterTest, RequiredFields) {
  SarifOptions O;
  O.ToolVersion = "0.1.0";
  std::string S =
      sarif({sampleReport("/abs/inv.cpp"), tracedReport("a b.cpp")}, O);
  auto V = json::parse(S);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const json::Object *Log = V->getAsObject();
  ASSERT_TRUE(Log);
  EXPECT_EQ(Log->getString("version"), "2.1.0");
  EXPECT_EQ(Log->getString("$schema"),
            "https://json.schemastore.org/sarif-2.1.0.json");
  const json::Array *Runs = Log->getArray("runs");
  ASSERT_TRUE(Runs);
  ASSERT_EQ(Runs->size(), 1u);
  const json::Object *Run = (*Runs)[0].getAsObject();
  const json::Object *Driver = Run->getObject("tool")->getObject("driver");
  ASSERT_TRUE(Driver);
  EXPECT_EQ(Driver->getString("name"), "racecar");
  EXPECT_EQ(Driver->getString("version"), "0.1.0");
  EXPECT_FALSE(Driver->getString("informationUri")) << "omitted unless set";
  const json::Array *Rules = Driver->getArray("rules");
  ASSERT_TRUE(Rules);
  ASSERT_EQ(Rules->size(), 3u);
  EXPECT_EQ((*Rules)[0].getAsObject()->getString("id"),
            "racecar-unprotected-write");
  EXPECT_EQ((*Rules)[1].getAsObject()->getString("id"),
            "racecar-read-write-race");
  EXPECT_EQ((*Rules)[2].getAsObject()->getString("id"),
            "racecar-different-locks");
  for (const json::Value &RV : *Rules) {
    const json::Object *Rule = RV.getAsObject();
    EXPECT_TRUE(Rule->getString("name"));
    EXPECT_TRUE(Rule->getObject("shortDescription")->getString("text"));
    EXPECT_TRUE(Rule->getObject("fullDescription")->getString("text"));
    auto Help = Rule->getObject("help")->getString("text");
    ASSERT_TRUE(Help);
    EXPECT_NE(Help->find("std::atomic"), llvm::StringRef::npos);
    EXPECT_EQ(Rule->getObject("defaultConfiguration")->getString("level"),
              "warning");
  }

  const json::Array *Results = Run->getArray("results");
  ASSERT_TRUE(Results);
  ASSERT_EQ(Results->size(), 2u);

  const json::Object *R0 = (*Results)[0].getAsObject();
  EXPECT_EQ(R0->getString("ruleId"), "racecar-unprotected-write");
  EXPECT_EQ(R0->getInteger("ruleIndex"), 0);
  EXPECT_EQ(R0->getString("level"), "warning");
  EXPECT_EQ(R0->getObject("message")->getString("text"),
            sampleReport("").Message);
  const json::Object *Phys = (*R0->getArray("locations"))[0]
                                 .getAsObject()
                                 ->getObject("physicalLocation");
  EXPECT_EQ(Phys->getObject("artifactLocation")->getString("uri"),
            "file:///abs/inv.cpp");
  EXPECT_FALSE(Phys->getObject("artifactLocation")->getString("uriBaseId"));
  EXPECT_EQ(Phys->getObject("region")->getInteger("startLine"), 3);
  EXPECT_EQ(Phys->getObject("region")->getInteger("startColumn"), 5);
  const json::Array *Rel = R0->getArray("relatedLocations");
  ASSERT_TRUE(Rel);
  ASSERT_EQ(Rel->size(), 1u);
  const json::Object *Rel0 = (*Rel)[0].getAsObject();
  EXPECT_EQ(Rel0->getInteger("id"), 1);
  EXPECT_EQ(Rel0->getObject("message")->getString("text"),
            "conflicting write in 'shop::Inventory::clear'");
  EXPECT_EQ(Rel0->getObject("physicalLocation")
                ->getObject("region")
                ->getInteger("startLine"),
            6);
  auto FP = R0->getObject("partialFingerprints")->getString("racecarKey/v2");
  ASSERT_TRUE(FP);
  EXPECT_EQ(*FP, reportFingerprint(sampleReport("/abs/inv.cpp")));

  // The traced report: relative URI, related locations = conflict + its
  // trace, two thread flows.
  const json::Object *R1 = (*Results)[1].getAsObject();
  EXPECT_EQ(R1->getString("ruleId"), "racecar-read-write-race");
  EXPECT_EQ(R1->getInteger("ruleIndex"), 1);
  const json::Object *Art = (*R1->getArray("locations"))[0]
                                .getAsObject()
                                ->getObject("physicalLocation")
                                ->getObject("artifactLocation");
  EXPECT_EQ(Art->getString("uri"), "a%20b.cpp");
  EXPECT_EQ(Art->getString("uriBaseId"), "SRCROOT");
  const json::Array *Rel1 = R1->getArray("relatedLocations");
  ASSERT_EQ(Rel1->size(), 3u);
  EXPECT_EQ((*Rel1)[2].getAsObject()->getInteger("id"), 3);
  EXPECT_EQ((*Rel1)[2].getAsObject()->getObject("message")->getString("text"),
            "write to `this->n_` here");
  const json::Array *Flows = (*R1->getArray("codeFlows"))[0]
                                 .getAsObject()
                                 ->getArray("threadFlows");
  ASSERT_EQ(Flows->size(), 2u);
  const json::Array *Locs0 = (*Flows)[0].getAsObject()->getArray("locations");
  ASSERT_EQ(Locs0->size(), 2u);
  EXPECT_EQ((*Locs0)[1]
                .getAsObject()
                ->getObject("location")
                ->getObject("message")
                ->getString("text"),
            "read of `this->n_` here");
  EXPECT_EQ((*Flows)[1].getAsObject()->getArray("locations")->size(), 2u);
}

TEST(SarifWriterTest, SrcRootAndEmptyRun) {
  SarifOptions O;
  O.SrcRoot = "/work/proj";
  auto V = json::parse(sarif({}, O));
  ASSERT_TRUE(bool(V));
  const json::Object *Run =
      (*V->getAsObject()->getArray("runs"))[0].getAsObject();
  EXPECT_EQ(Run->getArray("results")->size(), 0u);
  EXPECT_EQ(Run->getObject("originalUriBaseIds")
                ->getObject("SRCROOT")
                ->getString("uri"),
            "file:///work/proj/");
  EXPECT_EQ(Run->getObject("tool")
                ->getObject("driver")
                ->getArray("rules")
                ->size(),
            3u);
}

TEST(SarifWriterTest, Utf16Columns) {
  TempDir D;
  // "é" is 2 bytes / 1 UTF-16 unit; "😀" is 4 bytes / 2 units.
  std::string F = D.write("u.cpp", "/*\xC3\xA9\xF0\x9F\x98\x80*/ x_ = 1;\n");
  Report R = sampleReport(F);
  R.Loc = {F, 1, 12}; // byte column of `x_`
  auto V = json::parse(sarif({R}));
  ASSERT_TRUE(bool(V));
  const json::Object *Res =
      (*(*V->getAsObject()->getArray("runs"))[0].getAsObject()->getArray(
           "results"))[0]
          .getAsObject();
  EXPECT_EQ((*Res->getArray("locations"))[0]
                .getAsObject()
                ->getObject("physicalLocation")
                ->getObject("region")
                ->getInteger("startColumn"),
            9);
}

TEST(SarifWriterTest, FingerprintStableAndDistinct) {
  Report A = sampleReport("/a.cpp");
  Report B = A;
  B.Loc.Line = 99; // location is not part of the key
  EXPECT_EQ(reportFingerprint(A), reportFingerprint(B));
  EXPECT_EQ(reportFingerprint(A).size(), 32u);
  B.Path = "this->other_";
  EXPECT_NE(reportFingerprint(A), reportFingerprint(B));
  B = A;
  B.RuleId = "racecar-read-write-race";
  EXPECT_NE(reportFingerprint(A), reportFingerprint(B));
  // Which writer is named as the conflict may change with unrelated code.
  B = A;
  B.ConflictFunction = "Other::writer";
  B.ConflictLoc.Line = 7;
  EXPECT_EQ(reportFingerprint(A), reportFingerprint(B));
}

TEST(SarifWriterTest, Deterministic) {
  std::vector<Report> Rs = {sampleReport("/abs/inv.cpp"), tracedReport("a.cpp")};
  EXPECT_EQ(sarif(Rs), sarif(Rs));
}

TEST(JsonWriterTest, Shape) {
  auto V = json::parse(jsonText({tracedReport("a.cpp")}));
  ASSERT_TRUE(bool(V));
  const json::Object *Doc = V->getAsObject();
  EXPECT_EQ(Doc->getInteger("version"), 1);
  EXPECT_EQ(Doc->getString("tool"), "racecar");
  const json::Object *R = (*Doc->getArray("reports"))[0].getAsObject();
  EXPECT_EQ(R->getString("rule"), "racecar-read-write-race");
  EXPECT_EQ(R->getString("file"), "a.cpp");
  EXPECT_EQ(R->getInteger("line"), 10);
  EXPECT_EQ(R->getInteger("column"), 3);
  EXPECT_EQ(R->getString("class"), "C");
  EXPECT_EQ(R->getString("function"), "C::get");
  EXPECT_EQ(R->getString("conflictFunction"), "C::set");
  EXPECT_EQ(R->getString("path"), "this->n_");
  EXPECT_EQ(R->getArray("trace")->size(), 2u);
  const json::Object *C = R->getObject("conflict");
  EXPECT_EQ(C->getString("message"),
            "conflicting write in 'C::set' (via call to 'C::store')");
  EXPECT_EQ(C->getInteger("line"), 20);
  EXPECT_EQ(C->getArray("trace")->size(), 2u);
}

void expectSameLoc(const SourceLocation &A, const SourceLocation &B) {
  EXPECT_EQ(A.File, B.File);
  EXPECT_EQ(A.Line, B.Line);
  EXPECT_EQ(A.Col, B.Col);
}

void expectSameNotes(const std::vector<Note> &A, const std::vector<Note> &B) {
  ASSERT_EQ(A.size(), B.size());
  for (size_t I = 0; I < A.size(); ++I) {
    expectSameLoc(A[I].Loc, B[I].Loc);
    EXPECT_EQ(A[I].Message, B[I].Message);
  }
}

TEST(JsonWriterTest, RoundTrip) {
  std::vector<Report> In = {sampleReport("/abs/inv.cpp"), tracedReport("a.cpp")};
  std::string S = jsonText(In);
  auto Out = readJson(S);
  ASSERT_TRUE(bool(Out)) << llvm::toString(Out.takeError());
  ASSERT_EQ(Out->size(), In.size());
  for (size_t I = 0; I < In.size(); ++I) {
    const Report &A = In[I], &B = (*Out)[I];
    EXPECT_EQ(A.RuleId, B.RuleId);
    EXPECT_EQ(A.Message, B.Message);
    expectSameLoc(A.Loc, B.Loc);
    expectSameNotes(A.Trace, B.Trace);
    EXPECT_EQ(A.ConflictMessage, B.ConflictMessage);
    expectSameLoc(A.ConflictLoc, B.ConflictLoc);
    expectSameNotes(A.ConflictTrace, B.ConflictTrace);
    EXPECT_EQ(A.Class, B.Class);
    EXPECT_EQ(A.Function, B.Function);
    EXPECT_EQ(A.ConflictFunction, B.ConflictFunction);
    EXPECT_EQ(A.Path, B.Path);
  }
  // Writing what was read gives the same bytes.
  EXPECT_EQ(jsonText(*Out), S);
}

TEST(JsonWriterTest, ReadErrors) {
  EXPECT_FALSE(bool(readJson("not json")));
  llvm::consumeError(readJson("not json").takeError());
  auto E1 = readJson(R"({"version": 2, "tool": "racecar", "reports": []})");
  EXPECT_FALSE(bool(E1));
  llvm::consumeError(E1.takeError());
  auto E2 = readJson(R"({"version": 1, "reports": [{"rule": "x"}]})");
  EXPECT_FALSE(bool(E2));
  llvm::consumeError(E2.takeError());
  auto Ok = readJson(R"({"version": 1, "tool": "racecar", "reports": []})");
  ASSERT_TRUE(bool(Ok));
  EXPECT_TRUE(Ok->empty());
}

TEST(JsonWriterTest, InvalidUtf8IsRepaired) {
  Report R = sampleReport("/bad\xFFname.cpp");
  auto V = json::parse(jsonText({R}));
  ASSERT_TRUE(bool(V));
  // Issue 28 item 16: "fileUri" names the real file, byte for byte.
  const json::Object *Rep =
      (*V->getAsObject()->getArray("reports"))[0].getAsObject();
  ASSERT_TRUE(Rep->getString("fileUri"));
  EXPECT_EQ(*Rep->getString("fileUri"), "file:///bad%FFname.cpp");
  // Twin: a UTF-8 name has no fileUri (nothing to repair).
  auto Good = json::parse(jsonText({sampleReport("/good.cpp")}));
  ASSERT_TRUE(bool(Good));
  EXPECT_FALSE((*Good->getAsObject()->getArray("reports"))[0]
                   .getAsObject()
                   ->getString("fileUri"));
}

TEST(PlistWriterTest, ControlCharactersAndBadBytesStayValidXml) {
  // Issue 28 item 16: XML 1.0 holds neither a control character (even as
  // a reference) nor bytes that are not UTF-8.
  std::string S;
  llvm::raw_string_ostream OS(S);
  writePlist({sampleReport("/a\x01" "b\xFF.cpp")}, OS, "0.1.0");
  OS.flush();
  EXPECT_EQ(S.find('\x01'), std::string::npos);
  EXPECT_EQ(S.find('\xFF'), std::string::npos);
  EXPECT_NE(S.find("/a\xEF\xBF\xBD" "b\xEF\xBF\xBD.cpp"), std::string::npos);
}

TEST(WritersTest, EndToEndFromCollector) {
  std::vector<std::string> Files = {"/src/c.cpp"};
  ReportCollector C(Files);
  C.handleRace(finding(
      RaceKind::UnprotectedWrite, "Counter",
      side("Counter::inc", AccessKind::Write, thisField("Counter", "n_"),
           loc(0, 4, 5)),
      side("Counter::inc", AccessKind::Write, thisField("Counter", "n_"),
           loc(0, 4, 5))));
  TextOptions O;
  O.ShowSource = false;
  EXPECT_EQ(text(C.takeReports(), O),
            "/src/c.cpp:4:5: warning: unprotected write to `this->n_` in "
            "'Counter::inc' races with itself on another thread "
            "[racecar-unprotected-write]\n"
            "/src/c.cpp:4:5: note: conflicting write by another thread "
            "running 'Counter::inc'\n");
}

} // namespace

namespace {

Report lowReport(const std::string &File) {
  Report R = sampleReport(File);
  R.Confidence = "low";
  R.ConfidenceReasonIds = {"setup-only"};
  R.ConfidenceReasons = {"'C::init' is only called on objects not shared yet"};
  R.Message += " [low: 'C::init' is only called on objects not shared yet]";
  return R;
}

TEST(SarifWriterTest, ConfidenceLevelsAndProperties) {
  auto V = json::parse(sarif({sampleReport("/a.cpp"), lowReport("/b.cpp")}));
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const json::Object *Run = (*V->getAsObject()->getArray("runs"))[0].getAsObject();
  const json::Array *Results = Run->getArray("results");
  ASSERT_EQ(Results->size(), 2u);
  const json::Object *High = (*Results)[0].getAsObject();
  const json::Object *Low = (*Results)[1].getAsObject();
  EXPECT_EQ(High->getString("level"), "warning");
  EXPECT_EQ(Low->getString("level"), "note");
  EXPECT_EQ(High->getObject("properties")->getString("confidence"), "high");
  EXPECT_EQ(High->getObject("properties")->getArray("confidenceReasons")->size(),
            0u);
  const json::Object *LP = Low->getObject("properties");
  EXPECT_EQ(LP->getString("confidence"), "low");
  ASSERT_EQ(LP->getArray("confidenceReasons")->size(), 1u);
  EXPECT_EQ((*LP->getArray("confidenceReasonIds"))[0].getAsString(),
            "setup-only");
  EXPECT_EQ(Run->getObject("properties")->getInteger("hiddenLowConfidence"), 0);
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeSarif({sampleReport("/a.cpp")}, OS, SarifOptions(), 3);
  auto W = json::parse(S);
  ASSERT_TRUE(bool(W));
  EXPECT_EQ((*W->getAsObject()->getArray("runs"))[0]
                .getAsObject()
                ->getObject("properties")
                ->getInteger("hiddenLowConfidence"),
            3);
}

TEST(JsonWriterTest, ConfidenceRoundTrips) {
  std::vector<Report> In = {sampleReport("/a.cpp"), lowReport("/b.cpp")};
  std::string S = jsonText(In);
  auto Out = readJson(S);
  ASSERT_TRUE(bool(Out)) << llvm::toString(Out.takeError());
  ASSERT_EQ(Out->size(), 2u);
  EXPECT_EQ((*Out)[0].Confidence, "high");
  EXPECT_EQ((*Out)[1].Confidence, "low");
  EXPECT_EQ((*Out)[1].ConfidenceReasonIds, In[1].ConfidenceReasonIds);
  EXPECT_EQ((*Out)[1].ConfidenceReasons, In[1].ConfidenceReasons);
  auto Bad = readJson(R"({"version": 1, "tool": "racecar", "reports": [)"
                      R"({"rule": "r", "message": "m", "file": "f", "line": 1,)"
                      R"( "column": 1, "class": "", "function": "",)"
                      R"( "conflictFunction": "", "path": "", "trace": [],)"
                      R"( "confidence": "maybe", "conflict": {"message": "",)"
                      R"( "file": "f", "line": 1, "column": 1, "trace": []}}]})");
  EXPECT_FALSE(bool(Bad));
  llvm::consumeError(Bad.takeError());
}

TEST(TextWriterTest, SaysHowManyLowFindingsWereHidden) {
  TextOptions O;
  O.ShowSource = false;
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeText({sampleReport("/no/such/a.cpp")}, OS, O, 2);
  EXPECT_NE(S.find("\n2 low-confidence findings were not shown; "
                   "--confidence=low shows them.\n"),
            std::string::npos)
      << S;
  std::string One;
  llvm::raw_string_ostream OS1(One);
  writeText({}, OS1, O, 1);
  EXPECT_EQ(One, "1 low-confidence finding was not shown; --confidence=low "
                 "shows it.\n");
  EXPECT_EQ(text({sampleReport("/no/such/a.cpp")}, O).find("low-confidence"),
            std::string::npos);
}

} // namespace

namespace {

TEST(SarifWriterTest, FilesUnderSrcRootAreRelative) {
  SarifOptions O;
  O.SrcRoot = "/work/proj";
  Report In = sampleReport("/work/proj/src/inv.cpp");
  Report Out = sampleReport("/usr/include/x.h");
  auto V = json::parse(sarif({In, Out}, O));
  ASSERT_TRUE(bool(V));
  const json::Object *Run =
      (*V->getAsObject()->getArray("runs"))[0].getAsObject();
  auto ArtifactOf = [&](size_t I) {
    return (*Run->getArray("results"))[I]
        .getAsObject()
        ->getArray("locations")
        ->front()
        .getAsObject()
        ->getObject("physicalLocation")
        ->getObject("artifactLocation");
  };
  EXPECT_EQ(ArtifactOf(0)->getString("uri"), "src/inv.cpp");
  EXPECT_EQ(ArtifactOf(0)->getString("uriBaseId"), "SRCROOT");
  EXPECT_EQ(ArtifactOf(1)->getString("uri"), "file:///usr/include/x.h");
  EXPECT_FALSE(ArtifactOf(1)->getString("uriBaseId"));
  EXPECT_EQ(Run->getObject("automationDetails")->getString("id"), "racecar/");
  const json::Object *Rule = (*Run->getObject("tool")
                                   ->getObject("driver")
                                   ->getArray("rules"))[0]
                                 .getAsObject();
  EXPECT_EQ(Rule->getObject("properties")->getString("precision"), "high");
}

} // namespace

namespace {

/// The plist CodeChecker reads, compared with a reviewed golden file: a race
/// through calls on both sides, and one whose access is on its line.
TEST(PlistWriterTest, Golden) {
  Report Suppressed = sampleReport("/abs/hidden.cpp");
  Suppressed.Suppressed = true;
  std::string S;
  llvm::raw_string_ostream OS(S);
  writePlist({tracedReport("src/c.cpp"), sampleReport("/abs/inv.cpp"),
              Suppressed},
             OS, "0.1.0");
  llvm::SmallString<256> Golden(llvm::sys::path::parent_path(__FILE__));
  llvm::sys::path::append(Golden, "golden", "two_reports.plist");
  if (getenv("RACECAR_UPDATE_GOLDEN")) { // regenerate, then review the diff
    std::error_code EC;
    llvm::raw_fd_ostream G(Golden, EC);
    ASSERT_FALSE(EC) << EC.message();
    G << S;
    return;
  }
  auto Expected = llvm::MemoryBuffer::getFile(Golden);
  ASSERT_TRUE(bool(Expected)) << Golden.str().str();
  EXPECT_EQ(S, (*Expected)->getBuffer().str())
      << "to review a change: compare with " << Golden.str().str();
}

} // namespace

namespace {

TEST(SarifWriterTest, MessagesHaveIdAndArguments) {
  auto V = json::parse(sarif({tracedReport("a.cpp")}));
  ASSERT_TRUE(bool(V));
  const json::Object *Run =
      (*V->getAsObject()->getArray("runs"))[0].getAsObject();
  const json::Object *Msg =
      (*Run->getArray("results"))[0].getAsObject()->getObject("message");
  EXPECT_EQ(Msg->getString("id"), "default");
  EXPECT_TRUE(Msg->getString("text"));
  const json::Array *Args = Msg->getArray("arguments");
  ASSERT_EQ(Args->size(), 4u);
  EXPECT_EQ((*Args)[0].getAsString(), "this->n_");
  EXPECT_EQ((*Args)[1].getAsString(), "C::get");
  const json::Object *Rule = (*Run->getObject("tool")
                                   ->getObject("driver")
                                   ->getArray("rules"))[1]
                                 .getAsObject();
  EXPECT_TRUE(Rule->getObject("messageStrings")->getObject("default"));
}

} // namespace

namespace {

TEST(SarifWriterTest, InformationUriGivesRulesAHelpUri) {
  SarifOptions O;
  O.InformationUri = "https://docs.internal/racecar/rules.md";
  auto V = json::parse(sarif({}, O));
  ASSERT_TRUE(bool(V));
  const json::Object *Driver = (*V->getAsObject()->getArray("runs"))[0]
                                   .getAsObject()
                                   ->getObject("tool")
                                   ->getObject("driver");
  EXPECT_EQ(Driver->getString("informationUri"), O.InformationUri);
  EXPECT_EQ((*Driver->getArray("rules"))[0].getAsObject()->getString("helpUri"),
            "https://docs.internal/racecar/rules.md#racecar-unprotected-write");
  auto Plain = json::parse(sarif({}));
  ASSERT_TRUE(bool(Plain));
  EXPECT_FALSE((*(*Plain->getAsObject()->getArray("runs"))[0]
                     .getAsObject()
                     ->getObject("tool")
                     ->getObject("driver")
                     ->getArray("rules"))[0]
                   .getAsObject()
                   ->getString("helpUri"));
}

} // namespace

TEST(CoverageTest, LineHintAndJson) {
  Coverage C;
  C.ClassesChecked = 15;
  C.ClassesSkipped = 824;
  C.ThreadRoots = 2;
  C.Threads = 12;
  EXPECT_EQ(coverageLine(C),
            "checked: 15 of 839 classes (824 without evidence of concurrent "
            "use); 2 thread roots starting 12 threads");
  // Most classes left out: the hint says how a project's lock is named.
  EXPECT_NE(coverageHint(C).find("models:"), std::string::npos);
  C.UnresolvedStarts = 1;
  C.UnresolvedCalls = 9;
  EXPECT_EQ(coverageLine(C),
            "checked: 15 of 839 classes (824 without evidence of concurrent "
            "use); 2 thread roots starting 12 threads; not resolved: 1 thread "
            "start, 9 indirect calls");
  // A C program: no classes; no thread found is worth a hint too.
  Coverage Plain;
  Plain.UnresolvedStarts = 1;
  EXPECT_EQ(coverageLine(Plain), "checked: 0 thread roots starting 0 threads; "
                                 "not resolved: 1 thread start, 0 indirect calls");
  EXPECT_NE(coverageHint(Plain).find("no thread was found"), std::string::npos);
  Coverage Fine;
  Fine.ClassesChecked = 30;
  Fine.ClassesSkipped = 10;
  Fine.ThreadRoots = 1;
  Fine.Threads = 4;
  EXPECT_EQ(coverageHint(Fine), "");

  std::string S;
  llvm::raw_string_ostream OS(S);
  writeJson({}, OS, {}, 0, nullptr, &C);
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(S);
  ASSERT_TRUE(bool(V));
  const llvm::json::Object *Cov = V->getAsObject()->getObject("coverage");
  ASSERT_NE(Cov, nullptr);
  EXPECT_EQ(Cov->getInteger("classesSkipped"), 824);
  EXPECT_EQ(Cov->getInteger("unresolvedCalls"), 9);
}
