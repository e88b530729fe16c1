//===- AccessPathTest.cpp - Path rendering and ordering -------------------===//
#include "summarize/ir/AccessPath.h"

#include <gtest/gtest.h>

using racer::ir::AccessPath;

TEST(AccessPath, RendersLikeC) {
  AccessPath This = AccessPath::formal(0, "this");
  EXPECT_EQ(This.deref().field("C::n_").str(), "this->n_");
  EXPECT_EQ(This.deref().field("C::p_").deref().field("N::x").str(),
            "this->p_->x");
  EXPECT_EQ(This.deref().field("C::s_").field("S::x").str(), "this->s_.x");
  EXPECT_EQ(This.deref().field("C::v_").index().str(), "this->v_[]");
  EXPECT_EQ(AccessPath::formal(1, "p").deref().str(), "*p");
  EXPECT_EQ(AccessPath::global("c:@g", "g").field("S::x").str(), "g.x");
}

TEST(AccessPath, EqualityIgnoresSpellingButNotRoot) {
  AccessPath A = AccessPath::formal(0, "this").deref().field("C::x");
  AccessPath B = AccessPath::formal(0, "self").deref().field("C::x");
  AccessPath C = AccessPath::formal(1, "this").deref().field("C::x");
  EXPECT_EQ(A, B);
  EXPECT_NE(A, C);
  EXPECT_TRUE(A < C || C < A);
  EXPECT_TRUE(AccessPath::formal(0, "this").deref().isPrefixOf(A));
  EXPECT_FALSE(A.isPrefixOf(AccessPath::formal(0, "this").deref()));
}
