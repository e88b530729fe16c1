//===- BoxedTest.cpp - A summary's lock effect, absent when empty ---------===//
#include "summarize/Summary.h"

#include <gtest/gtest.h>

using namespace racer;

namespace {
HeldLock held(const char *Field) {
  HeldLock L;
  L.Lock = ir::AccessPath::formal(0, "this").deref().field(Field);
  return L;
}
} // namespace

TEST(Boxed, ReadsAsEmptyWithoutABox) {
  FunctionSummary S;
  EXPECT_FALSE(S.Locks.boxed());
  EXPECT_TRUE(S.Locks->Acquired.empty());
  EXPECT_TRUE(S.Locks->empty());
  EXPECT_FALSE(S.Locks.boxed()) << "reading makes no box";
}

TEST(Boxed, WritesMakeABoxAndCompactDropsAnEmptyOne) {
  FunctionSummary S;
  S.Locks.edit().Acquired.push_back(held("Mutex::mu_"));
  ASSERT_TRUE(S.Locks.boxed());
  EXPECT_EQ(S.Locks->Acquired.size(), 1u);
  S.Locks.compact();
  EXPECT_TRUE(S.Locks.boxed()) << "not empty: kept";
  S.Locks.edit().Acquired.clear();
  S.Locks.compact();
  EXPECT_FALSE(S.Locks.boxed());
}

TEST(Boxed, CopiesAreValues) {
  FunctionSummary A;
  A.Locks.edit().Released.push_back(held("Mutex::mu_"));
  FunctionSummary B = A;
  B.Locks.edit().Released.push_back(held("Mutex::other_"));
  EXPECT_EQ(A.Locks->Released.size(), 1u);
  EXPECT_EQ(B.Locks->Released.size(), 2u);
  FunctionSummary C;
  C = A;
  EXPECT_TRUE(C.Locks == A.Locks);
  EXPECT_FALSE(C.Locks == B.Locks);
  FunctionSummary D = std::move(B);
  EXPECT_EQ(D.Locks->Released.size(), 2u);
  // Assigning an empty effect leaves no box.
  D.Locks = LockEffect();
  EXPECT_FALSE(D.Locks.boxed());
}

TEST(Boxed, AReturnThatDesignatesNothingIsNoBox) {
  FunctionSummary S;
  EXPECT_EQ(S.Return->K, ir::Operand::Kind::Unknown);
  S.Return = ir::Operand::unknown();
  EXPECT_FALSE(S.Return.boxed());
  S.Return = ir::Operand::fresh();
  ASSERT_TRUE(S.Return.boxed());
  EXPECT_EQ(S.Return->K, ir::Operand::Kind::Fresh);
  // An unknown operand that still names where it came from keeps its path.
  ir::Operand Named;
  Named.Path = ir::AccessPath::global("c:@g", "g");
  S.Return = Named;
  ASSERT_TRUE(S.Return.boxed());
  EXPECT_EQ(S.Return->Path.str(), "g");
}
