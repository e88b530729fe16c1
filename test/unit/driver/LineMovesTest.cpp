//===- LineMovesTest.cpp - Stored summaries follow their callees' lines ---===//
//
// A callee's summaries as stored and as they are now, of one shape, give
// the moves of its places; a caller's stored copies of them are moved so.
// Summaries that do not align (another column, a place that would go to
// two lines) give no moves: the caller is summarized again.
//===----------------------------------------------------------------------===//
#include "driver/LineMoves.h"

#include <gtest/gtest.h>

using namespace racer;
using racer::driver::LineMoves;

namespace {

AccessSnapshot access(const char *Global, ir::Loc At, CallChain Trace = {}) {
  AccessSnapshot A;
  A.Kind = AccessKind::Write;
  A.Path = ir::AccessPath::global(std::string("c:@") + Global, Global);
  A.Location = At;
  A.Trace = std::move(Trace);
  return A;
}

/// freeArgv's summary: two writes, at lines 10 and 12 of file 1.
FunctionSummary callee(uint32_t Shift) {
  FunctionSummary S;
  S.Accesses = {access("argc", {1, 10 + Shift, 5}),
                access("argv", {1, 12 + Shift, 5})};
  return S;
}

/// Its caller's: the callee's writes through a call at line 40 of file 2,
/// and a write of its own at line 44.
FunctionSummary caller(uint32_t Shift) {
  FunctionSummary S;
  CallSite Call{ir::Symbol("freeArgv"), {2, 40, 3}};
  S.Accesses = {access("argc", {1, 10 + Shift, 5}, {Call}),
                access("argv", {1, 12 + Shift, 5}, {Call}),
                access("count", {2, 44, 3})};
  return S;
}

std::vector<ir::Loc> places(const FunctionSummary &S) {
  std::vector<ir::Loc> V;
  forEachPlace(S, [&](const ir::Loc &L) { V.push_back(L); });
  return V;
}

TEST(LineMoves, CallersPlacesMoveWithTheCallees) {
  FunctionSummary Now = callee(1); // a statement added above line 10
  LineMoves M;
  ASSERT_TRUE(M.add({callee(0)}, {&Now}));
  EXPECT_FALSE(M.empty());
  std::vector<FunctionSummary> Stored = {caller(0)};
  M.apply(Stored);
  EXPECT_EQ(places(Stored[0]), places(caller(1)));
}

TEST(LineMoves, NothingMovedIsNoMove) {
  FunctionSummary Now = callee(0);
  LineMoves M;
  ASSERT_TRUE(M.add({callee(0)}, {&Now}));
  EXPECT_TRUE(M.empty());
}

TEST(LineMoves, AnotherColumnIsNotAMove) {
  FunctionSummary Now = callee(0);
  Now.Accesses[1].Location.Col = 9;
  LineMoves M;
  EXPECT_FALSE(M.add({callee(0)}, {&Now}));
}

TEST(LineMoves, APlaceGoingToTwoLinesIsNotAMove) {
  // Two accesses at one place before, at two lines now.
  FunctionSummary Then = callee(0), Now = callee(0);
  Then.Accesses[1].Location = Then.Accesses[0].Location;
  Now.Accesses[1].Location = {1, 11, 5};
  LineMoves M;
  EXPECT_FALSE(M.add({Then}, {&Now}));
}

TEST(LineMoves, MergedMovesMustAgree) {
  FunctionSummary Now = callee(1), Other = callee(2);
  LineMoves A, B, C;
  ASSERT_TRUE(A.add({callee(0)}, {&Now}));
  ASSERT_TRUE(B.add({callee(0)}, {&Other}));
  ASSERT_TRUE(C.merge(A));
  EXPECT_TRUE(C.merge(A)) << "the same moves again";
  EXPECT_FALSE(C.merge(B)) << "line 10 cannot go to 11 and 12";
}

} // namespace

namespace {

TEST(LineMoves, KnownAnswersForEveryPlaceItAligned) {
  // A statement between the two writes: the second moves, the first stays.
  FunctionSummary Now;
  Now.Accesses = {access("argc", {1, 10, 5}), access("argv", {1, 13, 5})};
  LineMoves M;
  ASSERT_TRUE(M.add({callee(0)}, {&Now}, /*Known=*/true));
  EXPECT_EQ(M.lineOf({1, 12, 5}), std::optional<uint32_t>(13));
  EXPECT_EQ(M.lineOf({1, 10, 5}), std::optional<uint32_t>(10)) << "stayed";
  EXPECT_EQ(M.lineOf({1, 11, 5}), std::nullopt) << "never seen";
  // Without Known, only the moves are answered.
  LineMoves Moves;
  ASSERT_TRUE(Moves.add({callee(0)}, {&Now}));
  EXPECT_EQ(Moves.lineOf({1, 12, 5}), std::optional<uint32_t>(13));
  EXPECT_EQ(Moves.lineOf({1, 10, 5}), std::nullopt);
}

TEST(LineMoves, APlaceThatBothStaysAndMovesIsNoAlignment) {
  // Two old places on one line, one staying and one moving: no function
  // of the old line gives the new one.
  FunctionSummary Old, Now;
  Old.Accesses = {access("argc", {1, 10, 5}), access("argv", {1, 10, 5})};
  Now.Accesses = {access("argc", {1, 10, 5}), access("argv", {1, 11, 5})};
  LineMoves M;
  EXPECT_FALSE(M.add({Old}, {&Now}, /*Known=*/true));
}

} // namespace
