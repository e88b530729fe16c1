//===- FlatListsTest.cpp - Lists of indexes stored back to back ----------===//
#include "summarize/FlatLists.h"

#include <gtest/gtest.h>

using namespace racer;

namespace {

TEST(FlatLists, ListsReadBackAsTheyWereGiven) {
  // Empty lists among them, first and last included: each keeps its place.
  const std::vector<std::vector<uint32_t>> Nested = {
      {}, {7}, {1, 2, 3}, {}, {4, 4}, {}};
  FlatLists L(Nested);
  ASSERT_EQ(L.size(), Nested.size());
  for (size_t I = 0; I < Nested.size(); ++I)
    EXPECT_EQ(L[I].vec(), Nested[I]) << "list " << I;
  EXPECT_TRUE(L.front().empty());
}

TEST(FlatLists, AppendedListsAreTheSameAsNestedOnes) {
  FlatLists A;
  EXPECT_TRUE(A.empty());
  A.append({5, 6});
  A.append({});
  A.append({9});
  FlatLists B(std::vector<std::vector<uint32_t>>{{5, 6}, {}, {9}});
  ASSERT_EQ(A.size(), 3u);
  ASSERT_EQ(B.size(), 3u);
  for (size_t I = 0; I < 3; ++I)
    EXPECT_EQ(A[I].vec(), B[I].vec());
  EXPECT_EQ(A[0].vec(), (std::vector<uint32_t>{5, 6}));
  EXPECT_TRUE(A[1].empty());
}

} // namespace
