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
