//===- LinkTest.cpp - Linking TU modules by symbol ------------------------===//
#include "driver/Pipeline.h"
#include "perf/SyntheticIR.h"
#include "serialize/ModuleCodec.h"
#include "summarize/ir/PackedBody.h"

#include <algorithm>

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

TEST(Link, TakenAddressesAreTheUnionAndUnknownIfAnyModuleCannotTell) {
  ir::Module A, B, Cxx;
  A.MainFile = "/src/a.c";
  A.AddressTaken = {"c:@slots", "c:@table"};
  A.AddressesUnknown = false;
  B.MainFile = "/src/b.c";
  B.AddressTaken = {"c:@cursor", "c:@slots"};
  B.AddressesUnknown = false;
  driver::LinkedProgram P = driver::linkModules({B, A});
  EXPECT_EQ(P.AddressTaken,
            (std::vector<std::string>{"c:@cursor", "c:@slots", "c:@table"}));
  EXPECT_FALSE(P.AddressesUnknown);
  Cxx.MainFile = "/src/c.cpp"; // AddressesUnknown by default
  EXPECT_TRUE(driver::linkModules({A, B, Cxx}).AddressesUnknown);
  EXPECT_FALSE(driver::linkModules({}).AddressesUnknown);
}

TEST(Link, AFunctionPointerCalledAsItsInitializerIsReassignedIfAnyModuleStoresIt) {
  ir::Module A, B;
  A.MainFile = "/src/driver.c";
  A.AddressesUnknown = false;
  A.FunctionPointersCalled = {"c:@init_fn\tc:@F@dev_init",
                              "c:@probe_fn\tc:@F@probe",
                              "c:@remove_fn\tc:@F@remove",
                              "c:@reset_fn\tc:@F@reset"};
  A.FunctionPointersAssigned = {"c:@init_fn\tc:@F@dev_init", // the same again
                                "c:@other_fn"};
  B.MainFile = "/src/board.c";
  B.AddressesUnknown = false;
  // `probe_fn = board_probe;`, `reset_fn = pick();`, `set_hook(&remove_fn)`
  B.FunctionPointersAssigned = {"c:@probe_fn\tc:@F@board_probe",
                                "c:@reset_fn"};
  B.AddressTaken = {"c:@remove_fn"};
  driver::LinkedProgram P = driver::linkModules({A, B});
  EXPECT_EQ(P.FunctionPointersCalled.size(), 4u);
  EXPECT_EQ(P.FunctionPointersReassigned,
            (std::vector<std::string>{"c:@probe_fn\tc:@F@probe",
                                      "c:@remove_fn\tc:@F@remove",
                                      "c:@reset_fn\tc:@F@reset"}));
  EXPECT_TRUE(driver::linkModules({A}).FunctionPointersReassigned.empty());
  ir::Module Cxx; // may take addresses it does not list
  Cxx.MainFile = "/src/glue.cpp";
  EXPECT_EQ(driver::linkModules({A, Cxx}).FunctionPointersReassigned.size(), 4u);
}

TEST(Link, ArrivalOrderDoesNotMatter) {
  // Three TUs sharing a header; they finish in any order on the workers.
  std::vector<ir::Module> Ms(3);
  for (uint32_t T = 0; T < 3; ++T) {
    ir::Module &M = Ms[T];
    M.MainFile = "/src/tu" + std::to_string(T) + ".cpp";
    M.Files = {M.MainFile, "/src/shared.h", "/src/extra" + std::to_string(T % 2) + ".h"};
    M.Functions = {fn("c:@own" + std::to_string(T), 0, 5 + T),
                   fn("c:@inline_get", 1, 10),
                   fn("c:@extra" + std::to_string(T % 2), 2, 20)};
    ir::ClassInfo C;
    C.Name = "Shared";
    C.Location = {1, 3 + T, 1};
    C.MarkedThreadSafe = T == 2;
    M.Classes = {C};
  }
  driver::LinkedProgram InOrder = driver::linkModules(Ms);
  for (std::vector<uint32_t> Arrival :
       {std::vector<uint32_t>{2, 1, 0}, std::vector<uint32_t>{1, 2, 0}}) {
    driver::Linker L;
    for (uint32_t T : Arrival)
      L.add(T, Ms[T]);
    driver::LinkedProgram P = L.finish();
    EXPECT_EQ(P.Files, InOrder.Files);
    EXPECT_EQ(P.MainFiles, InOrder.MainFiles);
    ASSERT_EQ(P.Functions.size(), InOrder.Functions.size());
    for (size_t I = 0; I < P.Functions.size(); ++I) {
      EXPECT_EQ(P.Functions[I].Symbol, InOrder.Functions[I].Symbol);
      EXPECT_EQ(P.Functions[I].Location, InOrder.Functions[I].Location);
      EXPECT_EQ(P.Functions[I].Blocks[0].Instrs[0].Location,
                InOrder.Functions[I].Blocks[0].Instrs[0].Location);
    }
    ASSERT_EQ(P.Classes.size(), 1u);
    EXPECT_EQ(P.Classes[0].Location, InOrder.Classes[0].Location);
    EXPECT_TRUE(P.Classes[0].MarkedThreadSafe);
  }
  // The first TU in main-file order owns the shared definitions.
  EXPECT_EQ(InOrder.MainFiles.front(), "/src/tu0.cpp");
  EXPECT_EQ(InOrder.Functions[1].Symbol, "c:@inline_get");
  EXPECT_EQ(InOrder.Classes[0].Location.Line, 3u);
}

} // namespace

// The linker packs bodies for the whole-program phases. Unpacked, a packed
// program must be the unpacked link's, field for field (the codec encodes
// every field, so equal bytes mean equal IR), with file ids renumbered the
// same way although packed bodies keep their module's ids until the end.
TEST(Link, PackedBodiesUnpackToTheSameProgram) {
  auto Program = [] {
    perf::SyntheticOptions O;
    O.Functions = 300;
    O.SharedFunctions = 30;
    return perf::makeSyntheticProgram(4, O);
  };
  std::vector<ir::Module> Reversed = Program();
  std::reverse(Reversed.begin(), Reversed.end()); // arrival order differs
  driver::LinkedProgram Plain = driver::linkModules(Program());
  driver::Linker L(/*PackBodies=*/true);
  for (uint32_t I = 0; I < Reversed.size(); ++I)
    L.add(uint32_t(Reversed.size() - 1 - I), std::move(Reversed[I]));
  driver::LinkedProgram Packed = L.finish();

  ASSERT_EQ(Packed.Files, Plain.Files);
  ASSERT_GT(Plain.Files.size(), 4u); // files to renumber
  ASSERT_EQ(Packed.Functions.size(), Plain.Functions.size());
  serialize::TUFile A, B;
  A.MainFile = B.MainFile = "linked";
  A.Module.Files = Plain.Files;
  B.Module.Files = Packed.Files;
  size_t Instrs = 0;
  for (size_t I = 0; I < Plain.Functions.size(); ++I) {
    const ir::Function &P = Packed.Functions[I];
    ASSERT_TRUE(P.Packed) << P.Name.str();
    EXPECT_TRUE(P.Blocks.empty());
    auto Sorted = [](std::vector<ir::Symbol> V) {
      std::sort(V.begin(), V.end());
      V.erase(std::unique(V.begin(), V.end()), V.end());
      return V;
    };
    EXPECT_EQ(Sorted(ir::calleesOf(P)), Sorted(ir::calleesOf(Plain.Functions[I])));
    EXPECT_EQ(Sorted(ir::callablesOf(P)),
              Sorted(ir::callablesOf(Plain.Functions[I])));
    A.Module.Functions.push_back(Plain.Functions[I]);
    B.Module.Functions.push_back(ir::withBody(P));
    for (const ir::Block &Bl : Plain.Functions[I].Blocks)
      Instrs += Bl.Instrs.size();
  }
  ASSERT_GT(Instrs, 5000u);
  EXPECT_EQ(serialize::encodeTUFile(A), serialize::encodeTUFile(B));
}
