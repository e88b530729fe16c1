//===- ModeFactsTest.cpp - Which tests of a mode global exclude each other -===//
#include "summarize/ModeFacts.h"

#include <gtest/gtest.h>

using namespace racer;
using Op = ir::FormalTest::Op;

namespace {

ir::AccessPath global(const char *Name) {
  return ir::AccessPath::global(std::string("c:@") + Name, Name);
}

HeldLock fact(const char *G, Op K, int64_t V) {
  ir::FormalTest T;
  T.K = K;
  T.Values = {V};
  std::optional<HeldLock> F = modeFact(global(G), T);
  EXPECT_TRUE(F.has_value());
  return F ? *F : HeldLock();
}

TEST(ModeFactsTest, TestsThatNoValuePasses) {
  // io_threads_op == READ and == IDLE; == 1 and != 1.
  EXPECT_TRUE(modesExclude(fact("op", Op::Eq, 1), fact("op", Op::Eq, 0)));
  EXPECT_TRUE(modesExclude(fact("n", Op::Eq, 1), fact("n", Op::Ne, 1)));
  EXPECT_TRUE(modesExclude(fact("n", Op::Ne, 1), fact("n", Op::Eq, 1)));
  // v < 2 and v >= 2; (v & 4) and !(v & 4|8).
  EXPECT_TRUE(modesExclude(fact("n", Op::Lt, 2), fact("n", Op::Ge, 2)));
  EXPECT_TRUE(modesExclude(fact("f", Op::AnyBit, 4), fact("f", Op::NoBit, 12)));
  // Twins: a value passes both.
  EXPECT_FALSE(modesExclude(fact("op", Op::Eq, 1), fact("op", Op::Eq, 1)));
  EXPECT_FALSE(modesExclude(fact("n", Op::Ne, 1), fact("n", Op::Ne, 2)));
  EXPECT_FALSE(modesExclude(fact("n", Op::Ne, 0), fact("n", Op::Ge, 2)));
  EXPECT_FALSE(modesExclude(fact("n", Op::Lt, 3), fact("n", Op::Ge, 2)));
  EXPECT_FALSE(modesExclude(fact("f", Op::AnyBit, 6), fact("f", Op::NoBit, 4)));
  // Tests of two globals never exclude each other.
  EXPECT_FALSE(modesExclude(fact("a", Op::Eq, 1), fact("b", Op::Eq, 0)));
}

TEST(ModeFactsTest, ExclusiveWithinOneSideOrBetweenTwo) {
  AccessSnapshot Io, Main, Other;
  // The IO thread's path: == READ, then == IDLE.
  addModeFacts(Io.Locks, {fact("op", Op::Eq, 1), fact("op", Op::Eq, 0)});
  addModeFacts(Main.Locks, {fact("op", Op::Eq, 0)});
  EXPECT_NE(exclusiveMode(Io, Other), nullptr); // its own path
  EXPECT_NE(exclusiveMode(Main, Io), nullptr);
  // Twin: main's facts alone, against a side without facts.
  EXPECT_EQ(exclusiveMode(Main, Other), nullptr);
  // Facts protect nothing and are not mutexes.
  EXPECT_FALSE(Main.holdsMutex());
  EXPECT_FALSE(Main.isProtected());
}

TEST(ModeFactsTest, PathsKeepWhatEveryPathKnows) {
  std::vector<HeldLock> A, B;
  addModeFacts(A, {fact("op", Op::Eq, 0), fact("n", Op::Ne, 1)});
  addModeFacts(B, {fact("op", Op::Eq, 0)});
  EXPECT_FALSE(modesWithin(A, B));
  EXPECT_TRUE(modesWithin(B, A));
  keepCommonModes(A, B);
  EXPECT_EQ(A, B);
  // At most MaxModeFacts facts.
  std::vector<HeldLock> Many;
  for (int V = 0; V < 10; ++V)
    addModeFacts(Many, {fact("op", Op::Ne, V)});
  EXPECT_EQ(Many.size(), MaxModeFacts);
  // A switch's default edge (none of several values) gives no fact.
  ir::FormalTest NoneOf;
  NoneOf.K = Op::NoneOf;
  NoneOf.Values = {1, 2};
  EXPECT_FALSE(modeFact(global("op"), NoneOf).has_value());
}

} // namespace
