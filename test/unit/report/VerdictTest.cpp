//===- VerdictTest.cpp - race / race-free / unknown -----------------------===//
#include "report/Verdict.h"
#include "report/Verify.h"
#include "test/unit/report/ReportTestUtil.h"

#include <gtest/gtest.h>

#include <set>

using namespace racer;
using namespace racer::report;

namespace {

Report withConfidence(const char *C) {
  Report R;
  R.RuleId = "racecar-unprotected-write";
  R.Message = "unprotected write";
  R.Loc = {"a.c", 3, 1};
  R.Confidence = C;
  return R;
}

TEST(Verdict, NothingFoundAndNothingAssumedIsRaceFree) {
  Verdict V = decideVerdict({}, {}, 0);
  EXPECT_EQ(V.Word, "race-free");
  EXPECT_TRUE(V.Reasons.empty());
}

TEST(Verdict, AHighFindingIsARace) {
  Verdict V = decideVerdict({withConfidence("low"), withConfidence("high")},
                            {wordAssumption({AssumptionKind::UnmatchedJoin,
                                             {0, 5, 1}},
                                            {"/src/a.c"})},
                            1);
  EXPECT_EQ(V.Word, "race");
}

TEST(Verdict, LowFindingsAssumptionsAndFailedUnitsAreUnknown) {
  std::vector<AssumptionNote> A = {
      wordAssumption({AssumptionKind::UnresolvedCall, {0, 12, 3}},
                     {"/src/a.c"}),
      wordAssumption({AssumptionKind::ThreadLimit, {}}, {"/src/a.c"})};
  Verdict V = decideVerdict({withConfidence("low")}, A, 2);
  EXPECT_EQ(V.Word, "unknown");
  ASSERT_EQ(V.Reasons.size(), 4u);
  EXPECT_EQ(V.Reasons[0], "low-confidence findings");
  EXPECT_EQ(V.Reasons[1], "failed-unit");
  EXPECT_EQ(V.Reasons[2], "unresolved-call at a.c:12");
  EXPECT_EQ(V.Reasons[3], "thread-limit"); // no place known
}

TEST(Verdict, EveryKindHasItsOwnId) {
  std::set<std::string> Ids;
  for (unsigned K = 0; K < NumAssumptionKinds; ++K)
    Ids.insert(assumptionId(static_cast<AssumptionKind>(K)));
  EXPECT_EQ(Ids.size(), NumAssumptionKinds);
}

TEST(Verdict, AssumptionsKeepTheEarliestPlacePerKind) {
  std::vector<Assumption> Set;
  addAssumption(Set, {AssumptionKind::UnmatchedJoin, {0, 40, 1}});
  addAssumption(Set, {AssumptionKind::UnresolvedCall, {0, 9, 1}});
  addAssumption(Set, {AssumptionKind::UnmatchedJoin, {0, 12, 1}});
  addAssumption(Set, {AssumptionKind::UnmatchedJoin, {0, 30, 1}});
  ASSERT_EQ(Set.size(), 2u);
  EXPECT_EQ(Set[0].Kind, AssumptionKind::UnresolvedCall); // sorted by kind
  EXPECT_EQ(Set[1].Location.Line, 12u);
}

TEST(Verdict, VerifyRejectsRaceFreeWhereARaceIsKnown) {
  test::TempDir D;
  std::string F = D.write("a.c", "int g; // FIXME-race{{write to `g`}}\n");
  Verdict RaceFree = decideVerdict({}, {}, 0);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  VerifyResult R = verifyReports({}, {F}, {F}, OS, &RaceFree);
  EXPECT_FALSE(R.ok()) << Out;
  EXPECT_NE(Out.find("verdict race-free on a program with"), std::string::npos);
}

TEST(Verdict, VerifyChecksExpectedVerdict) {
  test::TempDir D;
  std::string F = D.write("a.c", "// expected-no-races\n"
                                 "// expected-verdict{{unknown (unresolved-call}}\n");
  Verdict RaceFree = decideVerdict({}, {}, 0);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  EXPECT_FALSE(verifyReports({}, {F}, {F}, OS, &RaceFree).ok());
  Verdict Unknown = decideVerdict(
      {}, {wordAssumption({AssumptionKind::UnresolvedCall, {0, 2, 1}}, {F})},
      0);
  Out.clear();
  EXPECT_TRUE(verifyReports({}, {F}, {F}, OS, &Unknown).ok()) << Out;
}

} // namespace
