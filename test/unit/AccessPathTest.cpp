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

TEST(AccessPath, OrderIsByContentsStepByStep) {
  // The order summaries are sorted in (and so reports): lexicographic over
  // the steps, a prefix before its extensions, a step's kind before its
  // name, names by their text; the spelling of a root does not count.
  AccessPath This = AccessPath::formal(0, "this");
  AccessPath A = This.deref().field("C::a");
  AccessPath B = This.deref().field("C::b");
  EXPECT_TRUE(A < B);
  EXPECT_FALSE(B < A);
  EXPECT_FALSE(A < A);
  EXPECT_FALSE(A < AccessPath::formal(0, "self").deref().field("C::a"));
  EXPECT_TRUE(This.deref() < A);            // a prefix first
  EXPECT_FALSE(A < This.deref());
  EXPECT_TRUE(A.field("S::x") < A.deref()); // Field < Deref: kind first
  EXPECT_TRUE(A.field("S::z").field("S::a") < B.field("S::a"));
  EXPECT_TRUE(AccessPath::global("c:@a", "a") < AccessPath::global("c:@b", "b"));
  EXPECT_TRUE(This < AccessPath::global("c:@a", "a")); // Formal < Global
}

TEST(AccessPath, HoldsInPlaceOnlyFieldsAndElements) {
  AccessPath G = AccessPath::global("c:@g_stats", "g_stats");
  EXPECT_TRUE(G.holdsInPlace(G.field("S::errors")));
  EXPECT_TRUE(G.holdsInPlace(G.field("S::v").index().field("E::x")));
  EXPECT_FALSE(G.holdsInPlace(G)); // strict
  EXPECT_FALSE(G.field("S::errors").holdsInPlace(G));
  // A pointer does not hold what it points to; the pointee does.
  AccessPath P = AccessPath::formal(1, "p");
  EXPECT_FALSE(P.holdsInPlace(P.deref().field("N::x")));
  EXPECT_TRUE(P.deref().holdsInPlace(P.deref().field("N::x")));
  EXPECT_FALSE(G.holdsInPlace(G.field("S::next").deref().field("S::errors")));
  // Another root never.
  EXPECT_FALSE(G.holdsInPlace(AccessPath::global("c:@h", "h").field("S::x")));
}

namespace {
/// this->f1->f2->...->fN: 2N steps.
AccessPath chain(unsigned N, const char *Last = "P::rx") {
  AccessPath P = AccessPath::formal(0, "this");
  for (unsigned I = 1; I < N; ++I)
    P = P.deref().field("C::f" + std::to_string(I));
  return P.deref().field(Last);
}
} // namespace

TEST(AccessPath, LimitStepsKeepsPrefixAndLastStep) {
  AccessPath Short = chain(4); // 8 steps: kept whole
  AccessPath S = Short;
  racer::ir::limitSteps(S);
  EXPECT_EQ(S, Short);

  AccessPath Rx = chain(6, "P::rx"), Tx = chain(6, "P::tx");
  racer::ir::limitSteps(Rx);
  racer::ir::limitSteps(Tx);
  ASSERT_EQ(Rx.Steps.size(), racer::ir::MaxPathSteps);
  EXPECT_EQ(Rx.Steps[racer::ir::MaxPathSteps - 2].kind(),
            racer::ir::StepKind::Elided);
  EXPECT_EQ(Rx.str(), "this->f1->f2->f3->...->rx");
  // Distinct fields past the cut stay distinct; the same field is the same.
  EXPECT_NE(Rx, Tx);
  AccessPath Rx2 = chain(9, "P::rx");
  racer::ir::limitSteps(Rx2);
  EXPECT_EQ(Rx, Rx2);
}

TEST(AccessPath, LimitStepsStepByStepEqualsOnce) {
  AccessPath Whole = chain(7);
  AccessPath Built = AccessPath::formal(0, "this");
  for (const racer::ir::PathStep &St : Whole.Steps) {
    Built.Steps.push_back(St);
    racer::ir::limitSteps(Built);
  }
  racer::ir::limitSteps(Whole);
  EXPECT_EQ(Built, Whole);
  EXPECT_EQ(Built.str(), Whole.str());
}

TEST(AccessPath, WalkNamesEveryObjectOfALinkedList) {
  using racer::ir::StepKind;
  AccessPath Head = AccessPath::global("c:@head", "head").deref();
  AccessPath Next = Head.field("N::next").deref();
  // `for (l = head; l; l = l->next)`: the loop head sees both.
  std::optional<AccessPath> W = racer::ir::widenWalk(Head, Next);
  ASSERT_TRUE(W);
  EXPECT_EQ(W->Steps.back().kind(), StepKind::Walk);
  EXPECT_EQ(W->field("N::v").str(), "head->...->v");
  // Stable: the next round of the loop gives the same name.
  EXPECT_EQ(racer::ir::widenWalk(*W, W->field("N::next").deref()), W);
  EXPECT_EQ(racer::ir::widenWalk(W->field("N::next").deref(), *W), W);
  // Not a walk: unrelated paths, or a path extended without a load.
  EXPECT_FALSE(racer::ir::widenWalk(
      Head, AccessPath::global("c:@tail", "tail").deref()));
  AccessPath G = AccessPath::global("c:@g", "g");
  EXPECT_FALSE(racer::ir::widenWalk(G, G.field("S::inner")));
  EXPECT_FALSE(racer::ir::widenWalk(Head, Head));
  // A walk carries no k-limiting doubt: it is not an Elided step.
  EXPECT_NE(W->Steps.back().kind(), StepKind::Elided);
}

TEST(AccessPath, LinkedObjectsAreNamedByTheirStructure) {
  using racer::ir::StepKind;
  AccessPath Head = AccessPath::global("c:@head", "head");
  std::optional<AccessPath> L = racer::ir::linkedName(Head);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->field("N::dropped").str(), "head->...->dropped");
  EXPECT_TRUE(racer::ir::throughLinked(*L));
  // The part before any load names it: `lst.head = l` and
  // `lst.head->next = l` link into the same structure.
  AccessPath Lst = AccessPath::global("c:@lst", "lst").field("L::head");
  EXPECT_EQ(racer::ir::linkedName(Lst),
            racer::ir::linkedName(Lst.deref().field("N::next")));
  // Not rooted at a global: no name (the object stays the thread's own).
  EXPECT_FALSE(racer::ir::linkedName(
      AccessPath::formal(0, "q").deref().field("Q::head")));
  // A walk of the structure reaches it: the same memory once Linked is
  // read as Walk.
  AccessPath Walk = *racer::ir::widenWalk(Head.deref(),
                                          Head.deref().field("N::next").deref());
  EXPECT_EQ(racer::ir::asWalked(L->field("N::dropped")),
            Walk.field("N::dropped"));
  EXPECT_FALSE(racer::ir::throughLinked(Walk));
  // Walking on past one's own object reaches everyone's.
  EXPECT_EQ(racer::ir::widenWalk(*L, L->field("N::next").deref()), Walk);
}
