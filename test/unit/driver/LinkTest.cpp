//===- LinkTest.cpp - Linking TU modules by symbol ------------------------===//
#include "driver/Pipeline.h"

#include <gtest/gtest.h>

using namespace racer;

namespace {

ir::Function fn(const std::string &Sym, uint32_t File, uint32_t Line) {
  ir::Function F;
  F.Symbol = Sym;
  F.Name = Sym;
  F.Location = {File, Line, 1};
  ir::Block B;
  ir::Instr I;
  I.Kind = ir::InstrKind::Read;
  I.Location = {File, Line + 1, 1};
  B.Instrs.push_back(I);
  F.Blocks.push_back(B);
  return F;
}

TEST(Link, InlineFunctionsAreKeptOnceAndLocationsRemapped) {
  ir::Module A, B;
  A.Files = {"/src/a.cpp", "/src/shared.h"};
  A.Functions = {fn("c:@inline_get", 1, 10), fn("c:@a_only", 0, 3)};
  B.Files = {"/src/b.cpp", "/src/shared.h"};
  B.Functions = {fn("c:@inline_get", 1, 10), fn("c:@b_only", 0, 7)};
  ir::ClassInfo CA, CB;
  CA.Name = CB.Name = "Shared";
  CB.HasGuardedFields = true;
  A.Classes = {CA};
  B.Classes = {CB};

  driver::LinkedProgram P = driver::linkModules({A, B});
  EXPECT_EQ(P.Files, (std::vector<std::string>{"/src/a.cpp", "/src/shared.h",
                                               "/src/b.cpp"}));
  ASSERT_EQ(P.Functions.size(), 3u);
  EXPECT_EQ(P.Functions[0].Symbol, "c:@inline_get");
  EXPECT_EQ(P.Functions[2].Symbol, "c:@b_only");
  EXPECT_EQ(P.Functions[2].Location.File, 2u) << "b.cpp's index in the table";
  EXPECT_EQ(P.Functions[2].Blocks[0].Instrs[0].Location.File, 2u);
  ASSERT_EQ(P.Classes.size(), 1u);
  EXPECT_TRUE(P.Classes[0].HasGuardedFields) << "facts merge across TUs";
}

} // namespace
