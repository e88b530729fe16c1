//===- SuppressionsTest.cpp - Inline suppression comments -----------------===//
#include "report/SourceLines.h"
#include "report/Suppressions.h"
#include "test/unit/report/ReportTestUtil.h"

using namespace racer::report;
using namespace racer::report::test;

namespace {

TEST(Suppressions, ParsesRacecarIgnore) {
  auto S = parseSuppression("  ++n_; // racecar: ignore -- approximate");
  ASSERT_TRUE(S);
  EXPECT_TRUE(S->Rules.empty());
  EXPECT_EQ(S->Justification, "approximate");
  EXPECT_FALSE(S->NextLine);
  EXPECT_TRUE(S->matches("racecar-unprotected-write"));

  auto R = parseSuppression(
      "// racecar: ignore(racecar-read-write-race, racecar-different-locks)");
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->NextLine); // a comment alone applies to the next line
  EXPECT_TRUE(R->matches("racecar-read-write-race"));
  EXPECT_FALSE(R->matches("racecar-unprotected-write"));

  auto C = parseSuppression("  flag = 1; /* racecar: ignore */ x = 2;");
  ASSERT_TRUE(C);
  EXPECT_FALSE(C->NextLine);
}

TEST(Suppressions, ParsesNolint) {
  auto A = parseSuppression("n_++; // NOLINT");
  ASSERT_TRUE(A);
  EXPECT_TRUE(A->matches("racecar-unprotected-write"));
  auto B = parseSuppression("n_++; // NOLINT(racecar-*)");
  ASSERT_TRUE(B);
  EXPECT_TRUE(B->matches("racecar-different-locks"));
  auto N = parseSuppression("  // NOLINTNEXTLINE(racecar-unprotected-write)");
  ASSERT_TRUE(N);
  EXPECT_TRUE(N->NextLine);
  EXPECT_FALSE(N->matches("racecar-read-write-race"));
  // Another tool's check: not a racecar suppression.
  EXPECT_FALSE(parseSuppression("x(); // NOLINT(bugprone-branch-clone)"));
  // Not in a comment.
  EXPECT_FALSE(parseSuppression("const char *s = \"racecar: ignore\";"));
  EXPECT_FALSE(parseSuppression("int racecar_ignore = 0;"));
}

TEST(Suppressions, EitherSideSilencesAndUnusedAreListed) {
  TempDir D;
  std::string F = D.write("a.cpp", "void f() {\n"
                                   "  n_++; // racecar: ignore -- why\n"
                                   "  m_++;\n"
                                   "  // racecar: ignore\n"
                                   "  k_++;\n"
                                   "  o_++; // racecar: ignore -- stale\n");
  Report OnLine;
  OnLine.RuleId = "racecar-unprotected-write";
  OnLine.Loc = {F, 2, 3};
  OnLine.ConflictLoc = {F, 3, 3};
  Report OtherSide = OnLine;
  OtherSide.Loc = {F, 3, 3};
  OtherSide.ConflictLoc = {F, 2, 3};
  Report NextLine = OnLine;
  NextLine.Loc = {F, 5, 3};
  NextLine.ConflictLoc = {F, 3, 3};
  Report Plain = OnLine;
  Plain.Loc = {F, 3, 3};
  Plain.ConflictLoc = {F, 3, 5};
  std::vector<Report> Rs = {OnLine, OtherSide, NextLine, Plain};
  std::vector<std::string> Files = {F};
  SuppressionStats S = applySuppressions(Rs, &Files);
  EXPECT_TRUE(Rs[0].Suppressed);
  EXPECT_EQ(Rs[0].SuppressionJustification, "why");
  EXPECT_TRUE(Rs[1].Suppressed); // through its conflicting side
  EXPECT_TRUE(Rs[2].Suppressed);
  EXPECT_FALSE(Rs[3].Suppressed);
  EXPECT_EQ(S.Suppressed, 3u);
  ASSERT_EQ(S.Unused.size(), 1u);
  EXPECT_EQ(S.Unused[0].Loc.Line, 6u);
}

} // namespace

// Issue 28 item 7: a block comment before code on its line is about that
// line, not the next.
TEST(SuppressionsTest, BlockCommentBeforeCodeIsAboutItsLine) {
  auto S = parseSuppression("/* racecar: ignore */ shared++;");
  ASSERT_TRUE(S);
  EXPECT_FALSE(S->NextLine);
  // Twin: the same comment alone on its line is about the next one.
  auto Alone = parseSuppression("  /* racecar: ignore -- judged */");
  ASSERT_TRUE(Alone);
  EXPECT_TRUE(Alone->NextLine);
}

// Issue 28 item 20: markers are words of real comments; a list without its
// `)` silences nothing.
TEST(SuppressionsTest, MarkersAreWordsOfComments) {
  EXPECT_FALSE(parseSuppression("puts(\"http://x/NOLINT\"); x++;"));
  EXPECT_FALSE(parseSuppression("puts(\"/* racecar: ignore */\");"));
  EXPECT_FALSE(parseSuppression("x++; // see the NOLINTS page"));
  EXPECT_FALSE(parseSuppression("x++; // xracecar: ignore"));
  EXPECT_FALSE(
      parseSuppression("x++; // racecar: ignore(racecar-unprotected-write"));
  EXPECT_FALSE(parseSuppression("x++; // NOLINT(racecar-unprotected-write"));
  // Twins: still suppressions.
  EXPECT_TRUE(parseSuppression("puts(\"a\"); x++; // NOLINT"));
  EXPECT_TRUE(parseSuppression("x++; // judged: NOLINT(racecar-*)"));
  auto R = parseSuppression("x++; // racecar: ignore(racecar-unprotected-write)");
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Rules.size(), 1u);
  EXPECT_EQ(R->Rules[0], "racecar-unprotected-write");
}

// Issue 28 item 20: lines end as Clang counts them, a lone CR included.
TEST(SuppressionsTest, LinesEndAtCrLfAndLoneCr) {
  std::vector<llvm::StringRef> L =
      SourceLines::split("a\rb // racecar: ignore\r\nc\nd");
  ASSERT_EQ(L.size(), 4u);
  EXPECT_EQ(L[0], "a");
  EXPECT_EQ(L[1], "b // racecar: ignore");
  EXPECT_EQ(L[2], "c");
  EXPECT_EQ(L[3], "d");
}
