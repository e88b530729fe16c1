//===- VerifyTest.cpp - The -verify expectation checker -------------------===//

#include "report/Verify.h"
#include "test/unit/report/ReportTestUtil.h"

using namespace racer;
using namespace racer::report;
using namespace racer::report::test;

namespace {

Report rep(const std::string &File, unsigned Line, const std::string &Msg,
           const std::string &Rule = "racecar-unprotected-write") {
  Report R;
  R.RuleId = Rule;
  R.Message = Msg;
  R.Loc = {File, Line, 3};
  return R;
}

struct VRun {
  VerifyResult Res;
  std::string Out;
};

VRun verify(const std::vector<Report> &Rs, const std::vector<std::string> &Files,
           const std::vector<std::string> &Main) {
  VRun R;
  llvm::raw_string_ostream OS(R.Out);
  R.Res = verifyReports(Rs, Files, Main, OS);
  return R;
}

bool contains(const std::string &S, const std::string &Sub) {
  return S.find(Sub) != std::string::npos;
}

const char *WriteMsg =
    "unprotected write to `this->n_` in 'C::inc' races with itself on another "
    "thread";
const char *ReadMsg = "read of `this->n_` without synchronization in 'C::get' "
                      "races with the write in 'C::inc'";

TEST(VerifyTest, AllMatched) {
  TempDir D;
  std::string F = D.write("a.cpp",
                          "struct C {\n"
                          "  void inc() { n_++; } // expected-race{{unprotected "
                          "write to `this->n_`}}\n"
                          "  int get() { return n_; } /* expected-race{{read of "
                          "`this->n_`}} */\n"
                          "  int n_;\n"
                          "};\n");
  VRun R = verify({rep(F, 2, WriteMsg), rep(F, 3, ReadMsg, "racecar-read-write-race")},
                 {F}, {F});
  EXPECT_TRUE(R.Res.ok()) << R.Out;
  EXPECT_EQ(R.Res.Expected, 2u);
  EXPECT_EQ(R.Res.Matched, 2u);
  EXPECT_EQ(R.Res.Unexpected, 0u);
  EXPECT_EQ(R.Res.Missing, 0u);
  EXPECT_EQ(R.Res.Errors, 0u);
  EXPECT_EQ(R.Out, "verify: 2 expected, 2 matched, 0 unexpected, 0 missing, 0 "
                   "known misses (FIXME-race)\n");
}

TEST(VerifyTest, MatchesRuleIdToo) {
  TempDir D;
  std::string F =
      D.write("a.cpp", "x; // expected-race{{[racecar-read-write-race]}}\n");
  EXPECT_TRUE(verify({rep(F, 1, ReadMsg, "racecar-read-write-race")}, {F}, {F})
                  .Res.ok());
  VRun R = verify({rep(F, 1, WriteMsg)}, {F}, {F});
  EXPECT_EQ(R.Res.Missing, 1u);
  EXPECT_EQ(R.Res.Unexpected, 1u);
}

TEST(VerifyTest, MissingAndUnexpected) {
  TempDir D;
  std::string F = D.write("a.cpp", "int a; // expected-race{{write to `this->n_`}}\n"
                                   "int b;\n");
  VRun R = verify({rep(F, 2, WriteMsg)}, {F}, {F});
  EXPECT_FALSE(R.Res.ok());
  EXPECT_EQ(R.Res.Expected, 1u);
  EXPECT_EQ(R.Res.Matched, 0u);
  EXPECT_EQ(R.Res.Missing, 1u);
  EXPECT_EQ(R.Res.Unexpected, 1u);
  EXPECT_TRUE(contains(R.Out, "error: expected high-confidence race not reported at " + F +
                                  ":1: {{write to `this->n_`}}\n"))
      << R.Out;
  EXPECT_TRUE(contains(R.Out, "error: unexpected race reported: " + F +
                                  ":2:3: " + WriteMsg +
                                  " [racecar-unprotected-write]\n"))
      << R.Out;
  EXPECT_TRUE(contains(R.Out, "verify: 1 expected, 0 matched, 1 unexpected, "
                              "1 missing, 0 known misses (FIXME-race)\n"));
}

TEST(VerifyTest, TextMustMatch) {
  TempDir D;
  std::string F = D.write("a.cpp", "n_++; // expected-race{{read of}}\n");
  VRun R = verify({rep(F, 1, WriteMsg)}, {F}, {F});
  EXPECT_EQ(R.Res.Missing, 1u);
  EXPECT_EQ(R.Res.Unexpected, 1u);
}

TEST(VerifyTest, Counts) {
  TempDir D;
  std::string F = D.write("a.cpp", "f(); // expected-race 2 {{races with}}\n"
                                   "g(); // expected-race 2 {{races with}}\n"
                                   "h(); // expected-race{{races}}\n");
  VRun R = verify({rep(F, 1, WriteMsg), rep(F, 1, ReadMsg), rep(F, 2, WriteMsg),
                  rep(F, 3, WriteMsg), rep(F, 3, ReadMsg)},
                 {F}, {F});
  EXPECT_EQ(R.Res.Expected, 5u);
  EXPECT_EQ(R.Res.Matched, 4u);
  EXPECT_EQ(R.Res.Missing, 1u);
  EXPECT_EQ(R.Res.Unexpected, 1u);
  EXPECT_TRUE(contains(R.Out, ":2: {{races with}} (expected 2, got 1)")) << R.Out;
}

TEST(VerifyTest, SeveralOnOneLineAndSpecificFirst) {
  TempDir D;
  // The general text is listed first but must not steal the report the
  // specific one needs.
  std::string F = D.write(
      "a.cpp", "n_++; // expected-race{{`this->n_`}} expected-race{{read of "
               "`this->n_`}}\n");
  VRun R = verify({rep(F, 1, ReadMsg), rep(F, 1, WriteMsg)}, {F}, {F});
  EXPECT_TRUE(R.Res.ok()) << R.Out;
  EXPECT_EQ(R.Res.Matched, 2u);
}

TEST(VerifyTest, LineOffsets) {
  TempDir D;
  std::string F = D.write("a.cpp", "// expected-race@+2{{write}}\n"
                                   "// expected-race@+1 2 {{races}}\n"
                                   "n_++;\n"
                                   "x;\n"
                                   "// expected-race@-1{{read}}\n"
                                   "// expected-race@4{{read}}\n");
  VRun R = verify({rep(F, 3, WriteMsg), rep(F, 3, ReadMsg), rep(F, 3, WriteMsg),
                  rep(F, 4, ReadMsg), rep(F, 4, ReadMsg)},
                 {F}, {F});
  EXPECT_TRUE(R.Res.ok()) << R.Out;
  EXPECT_EQ(R.Res.Expected, 5u);
  EXPECT_EQ(R.Res.Matched, 5u);
}

TEST(VerifyTest, OffsetOutsideFile) {
  TempDir D;
  std::string F = D.write("a.cpp", "// expected-race@-5{{x}}\n");
  VRun R = verify({}, {F}, {F});
  EXPECT_EQ(R.Res.Errors, 1u);
  EXPECT_TRUE(contains(R.Out, "outside the file")) << R.Out;
}

TEST(VerifyTest, FixmeCounted) {
  TempDir D;
  std::string F = D.write("a.cpp", "a; // FIXME-race{{read of `this->m_`}}\n"
                                   "b; // FIXME-race@+1 2 {{write}}\n"
                                   "c;\n"
                                   "d; // expected-race{{write}}\n");
  VRun R = verify({rep(F, 4, WriteMsg)}, {F}, {F});
  EXPECT_TRUE(R.Res.ok()) << R.Out;
  EXPECT_EQ(R.Res.KnownMisses, 3u);
  EXPECT_TRUE(contains(R.Out, "note: known miss (FIXME-race) at " + F +
                                  ":1: {{read of `this->m_`}}\n"))
      << R.Out;
  EXPECT_TRUE(contains(R.Out, "note: known miss (FIXME-race) at " + F + ":3:"))
      << R.Out;
  EXPECT_TRUE(contains(R.Out, "verify: 1 expected, 1 matched, 0 unexpected, 0 "
                              "missing, 3 known misses (FIXME-race)\n"))
      << R.Out;
}

TEST(VerifyTest, FixmeNowReportedMustBePromoted) {
  TempDir D;
  std::string F = D.write("a.cpp", "n_++; // FIXME-race{{write to `this->n_`}}\n");
  VRun R = verify({rep(F, 1, WriteMsg)}, {F}, {F});
  EXPECT_FALSE(R.Res.ok());
  EXPECT_EQ(R.Res.Errors, 1u);
  EXPECT_EQ(R.Res.Unexpected, 0u);
  EXPECT_EQ(R.Res.KnownMisses, 0u);
  EXPECT_TRUE(contains(R.Out, "error: FIXME-race at " + F +
                                  ":1 is now reported; promote it to "
                                  "expected-race"))
      << R.Out;
}

TEST(VerifyTest, ExpectedNoRaces) {
  TempDir D;
  std::string F = D.write("a.cpp", "// expected-no-races\nint x;\n");
  VRun R = verify({}, {F}, {F});
  EXPECT_TRUE(R.Res.ok()) << R.Out;
  EXPECT_EQ(R.Res.Expected, 0u);

  R = verify({rep(F, 2, WriteMsg)}, {F}, {F});
  EXPECT_FALSE(R.Res.ok());
  EXPECT_EQ(R.Res.Unexpected, 1u);
}

TEST(VerifyTest, ExpectedNoRacesConflictsWithExpectedRace) {
  TempDir D;
  std::string F = D.write("a.cpp", "// expected-no-races\n"
                                   "n_++; // expected-race{{write}}\n");
  VRun R = verify({rep(F, 2, WriteMsg)}, {F}, {F});
  EXPECT_EQ(R.Res.Errors, 1u);
  EXPECT_TRUE(contains(R.Out, "cannot be combined")) << R.Out;
}

TEST(VerifyTest, MainFileWithoutExpectations) {
  TempDir D;
  std::string Main = D.write("a.cpp", "#include \"a.h\"\nint x;\n");
  std::string Header = D.write("a.h", "int y;\n");
  VRun R = verify({}, {Main, Header}, {Main});
  EXPECT_FALSE(R.Res.ok());
  EXPECT_EQ(R.Res.Errors, 1u); // the header is exempt
  EXPECT_TRUE(contains(R.Out, "error: " + Main +
                                  ": no expectations; add // expected-no-races"))
      << R.Out;
}

TEST(VerifyTest, ExpectationsInHeaders) {
  TempDir D;
  std::string Main = D.write("a.cpp", "#include \"a.h\"\n// expected-no-races\n");
  std::string Header =
      D.write("inc/a.h", "struct C {\n  void f() { n_ = 1; } // expected-race{{write}}\n"
                         "  int n_;\n};\n");
  VRun R = verify({rep(Header, 2, WriteMsg)}, {Header}, {Main});
  EXPECT_TRUE(R.Res.ok()) << R.Out;
  EXPECT_EQ(R.Res.Matched, 1u);
}

TEST(VerifyTest, FileIdentityByRealPath) {
  TempDir D;
  std::string F = D.write("sub/a.cpp", "n_++; // expected-race{{write}}\n");
  // The report spells the file through `..`; the directive file is given
  // as is.
  std::string Other = D.path() + "/sub/../sub/a.cpp";
  VRun R = verify({rep(Other, 1, WriteMsg)}, {F}, {F});
  EXPECT_TRUE(R.Res.ok()) << R.Out;

  // A relative spelling from the current directory agrees too.
  llvm::SmallString<256> Cwd;
  ASSERT_FALSE(llvm::sys::fs::current_path(Cwd));
  ASSERT_FALSE(llvm::sys::fs::set_current_path(D.path()));
  R = verify({rep("sub/a.cpp", 1, WriteMsg)}, {F}, {"./sub/a.cpp"});
  ASSERT_FALSE(llvm::sys::fs::set_current_path(Cwd));
  EXPECT_TRUE(R.Res.ok()) << R.Out;
}

TEST(VerifyTest, ReportInFileWithoutDirectivesIsUnexpected) {
  TempDir D;
  std::string F = D.write("a.cpp", "// expected-no-races\n");
  VRun R = verify({rep("/elsewhere/b.h", 3, WriteMsg)}, {F}, {F});
  EXPECT_EQ(R.Res.Unexpected, 1u);
}

TEST(VerifyTest, MalformedDirectives) {
  TempDir D;
  std::string F = D.write("a.cpp", "a; // expected-race{{unterminated\n"
                                   "b; // expected-race without braces\n"
                                   "c; // expected-race@x{{t}}\n"
                                   "d; // expected-race 0 {{t}}\n"
                                   "e; // expected-races{{t}}\n"
                                   "f; // FIXME-race{{t\n");
  VRun R = verify({}, {F}, {F});
  EXPECT_FALSE(R.Res.ok());
  EXPECT_EQ(R.Res.Errors, 6u) << R.Out;
  EXPECT_TRUE(contains(R.Out, F + ":1:7: error: cannot find end ('}}')")) << R.Out;
  EXPECT_TRUE(contains(R.Out, F + ":2:7: error: cannot find start ('{{')"))
      << R.Out;
  EXPECT_TRUE(contains(R.Out, "unknown directive 'expected-races'")) << R.Out;
  EXPECT_EQ(R.Res.Expected, 0u);
}

TEST(VerifyTest, IgnoresStringsAndOtherWords) {
  TempDir D;
  std::string F = D.write(
      "a.cpp",
      "const char *s = \"// expected-race{{in a string}}\";\n"
      "const char *r = R\"x(// expected-race{{raw )\" }}\n)x\";\n"
      "char c = '\"'; int big = 1'000'000;\n"
      "// unexpected-race{{not ours}} the-expected-race{{no}}\n"
      "// expected-warning{{clang's, not ours}}\n"
      "/* block\n"
      "   expected-race{{spans}} */ int n;\n"
      "// expected-no-races is not needed here\n");
  VRun R = verify({rep(F, 8, WriteMsg + std::string(" spans"))}, {F}, {F});
  EXPECT_EQ(R.Res.Errors, 1u) << R.Out; // no-races combined with expected-race
  EXPECT_EQ(R.Res.Expected, 1u) << R.Out;
  EXPECT_EQ(R.Res.Matched, 1u) << R.Out;
}

TEST(VerifyTest, UnreadableFile) {
  VRun R = verify({}, {}, {"/no/such/file.cpp"});
  EXPECT_EQ(R.Res.Errors, 1u);
  EXPECT_TRUE(contains(R.Out, "error: cannot read '/no/such/file.cpp'")) << R.Out;
  // Headers that cannot be read (pseudo files such as "<built-in>") are
  // skipped.
  TempDir D;
  std::string F = D.write("a.cpp", "// expected-no-races\n");
  R = verify({}, {"<built-in>", "/no/such/header.h"}, {F});
  EXPECT_TRUE(R.Res.ok()) << R.Out;
}

} // namespace

namespace {

TEST(VerifyTest, ConfidenceMustMatchTheDirective) {
  TempDir D;
  std::string F = D.write("c.cpp", "int a; // expected-race{{write}}\n"
                                   "int b; // expected-low-race{{write}}\n");
  Report High = rep(F, 1, "unprotected write to `a`");
  Report Low = rep(F, 2, "unprotected write to `b` [low: why]");
  Low.Confidence = "low";
  VRun Ok = verify({High, Low}, {F}, {F});
  EXPECT_TRUE(Ok.Res.ok()) << Ok.Out;
  EXPECT_EQ(Ok.Res.Expected, 2u);
  // Swapped levels: both missing, both unexpected.
  Report HighOn2 = rep(F, 2, "unprotected write to `b`");
  Report LowOn1 = rep(F, 1, "unprotected write to `a` [low: why]");
  LowOn1.Confidence = "low";
  VRun Bad = verify({LowOn1, HighOn2}, {F}, {F});
  EXPECT_FALSE(Bad.Res.ok());
  EXPECT_EQ(Bad.Res.Missing, 2u);
  EXPECT_EQ(Bad.Res.Unexpected, 2u);
  EXPECT_TRUE(contains(Bad.Out, "error: expected low-confidence race not "
                                "reported at " + F + ":2"))
      << Bad.Out;
}

TEST(VerifyTest, FixmeMatchesEitherLevel) {
  TempDir D;
  std::string F = D.write("c.cpp", "int a; // FIXME-race{{write}}\n");
  Report Low = rep(F, 1, "unprotected write to `a` [low: why]");
  Low.Confidence = "low";
  VRun R = verify({Low}, {F}, {F});
  EXPECT_EQ(R.Res.Errors, 1u); // now reported: promote it
}

} // namespace
