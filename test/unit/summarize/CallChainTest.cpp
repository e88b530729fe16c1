//===- CallChainTest.cpp - Shared call chains of access snapshots ---------===//
#include "summarize/Summary.h"

#include <gtest/gtest.h>

using namespace racer;

namespace {
CallSite site(const char *Callee, uint32_t Line) {
  return CallSite{ir::Symbol(Callee), ir::Loc{0, Line, 1}};
}
} // namespace

TEST(CallChain, PrependSharesTheInnerChain) {
  CallChain Inner = {site("leaf", 30)};
  CallChain Mid = CallChain::prepend(site("mid", 20), Inner);
  CallChain Top = CallChain::prepend(site("top", 10), Mid);
  ASSERT_EQ(Top.size(), 3u);
  EXPECT_EQ(Top.front().Callee, "top");
  EXPECT_EQ(Top[1].Callee, "mid");
  EXPECT_EQ(Top[2].Location.Line, 30u);
  // The inner chains are unchanged.
  EXPECT_EQ(Mid.size(), 2u);
  EXPECT_EQ(Inner.size(), 1u);
  std::vector<CallSite> Frames = Top.frames();
  ASSERT_EQ(Frames.size(), 3u);
  EXPECT_EQ(Frames[0].Callee, "top");
  EXPECT_EQ(Frames[2].Callee, "leaf");
}

TEST(CallChain, EqualityIsByFrames) {
  CallChain A = {site("f", 1), site("g", 2)};
  CallChain B = CallChain::prepend(site("f", 1), CallChain{site("g", 2)});
  CallChain C = {site("f", 1), site("g", 3)};
  EXPECT_EQ(A, B);
  EXPECT_NE(A, C);
  EXPECT_NE(A, CallChain());
  EXPECT_EQ(CallChain(), CallChain());
  EXPECT_TRUE(CallChain().empty());
}

TEST(CallChain, LongChainsShowAndCompareTheirFirstMaxDepthFrames) {
  CallChain Chain;
  for (uint32_t Line = 100; Line > 0; --Line)
    Chain = CallChain::prepend(site("f", Line), Chain);
  ASSERT_EQ(Chain.size(), CallChain::MaxDepth);
  uint32_t Expect = 1;
  for (const CallSite &C : Chain)
    EXPECT_EQ(C.Location.Line, Expect++);
  EXPECT_EQ(Expect, CallChain::MaxDepth + 1);
  // Chains that differ only past MaxDepth frames are equal.
  CallChain Other;
  for (uint32_t Line = CallChain::MaxDepth + 1; Line > 0; --Line)
    Other = CallChain::prepend(site("f", Line), Other);
  EXPECT_EQ(Chain, Other);
}

TEST(CallChain, InternerSharesEqualTailsOnly) {
  CallChain::Interner In;
  CallChain A = In.make({site("a", 1), site("b", 2), site("c", 3)});
  CallChain X = In.make({site("x", 9), site("b", 2), site("c", 3)});
  CallChain Same = In.make({site("a", 1), site("b", 2), site("c", 3)});
  EXPECT_EQ(A, (CallChain{site("a", 1), site("b", 2), site("c", 3)}));
  EXPECT_EQ(A.nodeOf(0), Same.nodeOf(0)) << "one chain, made twice";
  EXPECT_NE(A.nodeOf(0), X.nodeOf(0));
  EXPECT_EQ(A.nodeOf(1), X.nodeOf(1)) << "the tail b, c is one in memory";
  // What operator== leaves out still tells frames apart: a crash path's
  // frame, and how many frames a cut chain hides.
  CallSite Crash = site("c", 3);
  Crash.CrashPath = true;
  CallChain C = In.make({site("b", 2), Crash});
  EXPECT_NE(C.nodeOf(1), A.nodeOf(2));
  EXPECT_TRUE(C[1].CrashPath);
  EXPECT_FALSE(A[2].CrashPath);
  std::vector<CallSite> Eight;
  for (uint32_t L = 1; L <= CallChain::MaxDepth; ++L)
    Eight.push_back(site("f", L));
  CallChain Cut = In.make(Eight, 5);
  CallChain Whole = In.make(Eight);
  EXPECT_EQ(Cut.hidden(), 5u);
  EXPECT_EQ(Whole.hidden(), 0u);
  EXPECT_NE(Cut.nodeOf(0), Whole.nodeOf(0));
}

TEST(CallChain, WithPlacesKeepsWhatDoesNotMoveShared) {
  CallChain Leaf = {site("leaf", 30)};
  CallChain Mid = CallChain::prepend(site("mid", 20), Leaf);
  CallChain Top = CallChain::prepend(site("top", 10), Mid);
  CallChain Other = CallChain::prepend(site("other", 12), Mid);
  auto Move20 = [](ir::Loc &L) {
    if (L.Line == 20)
      L.Line = 25;
  };
  CallChain::PlaceMemo Memo;
  CallChain NewTop = Top.withPlaces(Move20, Memo);
  CallChain NewOther = Other.withPlaces(Move20, Memo);
  EXPECT_EQ(NewTop, (CallChain{site("top", 10), site("mid", 25),
                               site("leaf", 30)}));
  EXPECT_EQ(NewOther, (CallChain{site("other", 12), site("mid", 25),
                                 site("leaf", 30)}));
  EXPECT_EQ(Top, (CallChain{site("top", 10), site("mid", 20),
                            site("leaf", 30)}))
      << "the old chain is unchanged";
  EXPECT_EQ(NewTop.nodeOf(2), Top.nodeOf(2)) << "the leaf did not move";
  EXPECT_EQ(NewTop.nodeOf(1), NewOther.nodeOf(1))
      << "the moved tail is still shared";
  // Nothing moves: the same chain.
  CallChain::PlaceMemo None;
  CallChain Kept = Top.withPlaces([](ir::Loc &) {}, None);
  EXPECT_EQ(Kept.nodeOf(0), Top.nodeOf(0));
}
