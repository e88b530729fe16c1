//===- LineAnchorsTest.cpp - Which function's text holds a line -----------===//
//
// The anchor of a line is the innermost function with a body whose text
// holds it (of equal texts, the smallest symbol); specialized copies and
// functions without bodies are never anchors; a line in no text has none.
//===----------------------------------------------------------------------===//
#include "driver/LineAnchors.h"

#include <gtest/gtest.h>

using namespace racer;

namespace {

ir::Function fn(const char *Symbol, uint32_t File, uint32_t First,
                uint32_t Last, bool Body = true) {
  ir::Function F;
  F.Symbol = ir::Symbol(Symbol);
  F.Location = {File, First, 1};
  F.LastLine = Last;
  if (Body)
    F.Blocks.resize(1);
  return F;
}

std::string anchor(const driver::LineAnchors &A, uint32_t File, uint32_t Line) {
  serialize::LineAnchor X = A.anchorOf({File, Line, 1});
  return X.Function.empty() ? "-" : X.Function.str() + "@" + std::to_string(X.FirstLine);
}

TEST(LineAnchors, InnermostTextHoldsTheLine) {
  std::vector<ir::Function> P = {
      fn("outer", 0, 10, 40), fn("lambda", 0, 20, 25), fn("after", 0, 50, 60),
      fn("decl", 0, 70, 80, /*Body=*/false), fn("other_file", 1, 10, 40)};
  ir::Function Copy = fn("outer#specialized(0=1)", 0, 10, 40);
  Copy.Specialized = true;
  P.push_back(Copy);
  driver::LineAnchors A(P);
  EXPECT_EQ(anchor(A, 0, 5), "-");
  EXPECT_EQ(anchor(A, 0, 10), "outer@10");
  EXPECT_EQ(anchor(A, 0, 19), "outer@10");
  EXPECT_EQ(anchor(A, 0, 22), "lambda@20");
  EXPECT_EQ(anchor(A, 0, 26), "outer@10") << "past the nested text";
  EXPECT_EQ(anchor(A, 0, 45), "-") << "between functions";
  EXPECT_EQ(anchor(A, 0, 60), "after@50");
  EXPECT_EQ(anchor(A, 0, 75), "-") << "a declaration has no text";
  EXPECT_EQ(anchor(A, 0, 999), "-");
  EXPECT_EQ(anchor(A, 1, 11), "other_file@10");
  EXPECT_EQ(anchor(A, 2, 11), "-");
  EXPECT_EQ(A.firstLineOf("after"), std::optional<uint32_t>(50));
  EXPECT_EQ(A.firstLineOf("outer#specialized(0=1)"), std::nullopt);
  EXPECT_EQ(A.firstLineOf("decl"), std::nullopt);
}

TEST(LineAnchors, EqualTextsTakeTheSmallestSymbol) {
  // A template's instantiations share their text.
  driver::LineAnchors A({fn("max<long>", 0, 5, 9), fn("max<int>", 0, 5, 9),
                         fn("max<short>", 0, 5, 9)});
  EXPECT_EQ(anchor(A, 0, 7), "max<int>@5");
}

} // namespace
