//===- FormalBranchesTest.cpp - Branches on formals, constants at calls ---===//
//
// The frontend half of specialization (frontend/FormalBranches.cpp): which
// branches test a read-only scalar formal, what each edge requires of it, and
// which actuals a call knows the value of.
//===----------------------------------------------------------------------===//
#include "frontend/Frontend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace racer;
using ir::FormalTest;

namespace {

class FormalBranchesTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> D;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("racecar-formal", D));
    Dir = std::string(D);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  ir::Module lower(const std::string &Name, const std::string &Text,
                   const std::string &Std) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    std::ofstream(std::string(P)) << Text;
    frontend::TUJob J;
    J.File = std::string(P);
    J.Directory = Dir;
    J.CommandLine = {llvm::StringRef(Name).ends_with(".c") ? "clang" : "clang++",
                     Std, std::string(P)};
    frontend::TUResult R = frontend::analyzeTU(J, {});
    EXPECT_TRUE(R.Ok) << R.Diagnostics;
    return std::move(R.Module);
  }

  static const ir::Function &fn(const ir::Module &M, const std::string &Name) {
    for (const ir::Function &F : M.Functions)
      if (F.Name == Name)
        return F;
    ADD_FAILURE() << "no function " << Name;
    static ir::Function None;
    return None;
  }
  /// The tests of the blocks that branch on a formal, in block order.
  static std::vector<std::pair<int32_t, std::vector<FormalTest>>>
  tests(const ir::Function &F) {
    std::vector<std::pair<int32_t, std::vector<FormalTest>>> V;
    for (const ir::Block &B : F.Blocks)
      if (B.CondFormal >= 0) {
        EXPECT_EQ(B.EdgeTests.size(), B.Succs.size());
        V.push_back({B.CondFormal, B.EdgeTests});
      }
    return V;
  }
  static std::vector<ir::ScalarArg> scalars(const ir::Function &F,
                                            const std::string &Callee) {
    for (const ir::Block &B : F.Blocks)
      for (const ir::Instr &I : B.Instrs)
        if (I.Kind == ir::InstrKind::Call && I.call().CalleeName == Callee)
          return I.call().ScalarArgs;
    ADD_FAILURE() << "no call to " << Callee;
    return {};
  }

  std::string Dir;
};

FormalTest T(FormalTest::Op K, std::vector<int64_t> V) { return {K, V}; }

TEST_F(FormalBranchesTest, SwitchIfAndBitTestsOnReadOnlyFormals) {
  ir::Module M = lower("modes.c", R"(
#include <stddef.h>
enum mode { M_NONE = 0, M_READ = 1, M_WRITE = 4 };
int g;
void by_switch(enum mode m) {
  switch (m) { case M_READ: g = 1; break; case M_WRITE: g = 2; break; default: break; }
}
void by_bits(int flags, int *p) {
  if (flags & 0x2) g++;
  if ((flags & 0x8) == 0) g--;
  if (p) g = 3;
  if (flags > 10) g = 4;
}
void changed(int flags) { flags = 1; if (flags == 1) g = 5; }
void run(void (*job)(int), void (*other)(int)) { job(1); (*other)(2); }
void address_taken(int flags) { int *q = &flags; if (flags == 1) g = *q; }
void caller(int x) {
  by_switch(M_WRITE);
  by_bits(2 | 8, NULL);
  by_bits(x, &g);
  changed(7);
}
)", "-std=c11");
  auto S = tests(fn(M, "by_switch"));
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].first, 0);
  // The default edge is taken by none of the cases.
  std::vector<FormalTest> Want = {T(FormalTest::Op::Eq, {1}),
                                  T(FormalTest::Op::Eq, {4}),
                                  T(FormalTest::Op::NoneOf, {1, 4})};
  for (const FormalTest &W : Want)
    EXPECT_NE(std::find(S[0].second.begin(), S[0].second.end(), W),
              S[0].second.end());

  auto B = tests(fn(M, "by_bits"));
  ASSERT_EQ(B.size(), 4u);
  EXPECT_EQ(B[0].first, 0);
  EXPECT_EQ(B[0].second, (std::vector<FormalTest>{T(FormalTest::Op::AnyBit, {2}),
                                                 T(FormalTest::Op::NoBit, {2})}));
  EXPECT_EQ(B[1].second, (std::vector<FormalTest>{T(FormalTest::Op::NoBit, {8}),
                                                 T(FormalTest::Op::AnyBit, {8})}));
  EXPECT_EQ(B[2].first, 1);
  EXPECT_EQ(B[2].second, (std::vector<FormalTest>{T(FormalTest::Op::Ne, {0}),
                                                 T(FormalTest::Op::Eq, {0})}));
  EXPECT_EQ(B[3].second, (std::vector<FormalTest>{T(FormalTest::Op::Ge, {11}),
                                                 T(FormalTest::Op::Lt, {11})}));
  // A formal the body stores to, or whose address it takes, is not tested.
  EXPECT_TRUE(tests(fn(M, "changed")).empty());
  EXPECT_TRUE(tests(fn(M, "address_taken")).empty());

  // Calls through function formals name the formal as the callee.
  std::vector<ir::ScalarArg> Through;
  for (const ir::Block &Blk : fn(M, "run").Blocks)
    for (const ir::Instr &I : Blk.Instrs)
      if (I.Kind == ir::InstrKind::Call)
        for (const ir::ScalarArg &A : I.call().ScalarArgs)
          if (A.Arg == ir::ScalarArg::CalleeArg)
            Through.push_back(A);
  EXPECT_EQ(Through, (std::vector<ir::ScalarArg>{
                         {ir::ScalarArg::CalleeArg, true, 0},
                         {ir::ScalarArg::CalleeArg, true, 1}}));

  const ir::Function &C = fn(M, "caller");
  EXPECT_EQ(scalars(C, "by_switch"),
            (std::vector<ir::ScalarArg>{{0, false, 4}}));
  std::vector<ir::ScalarArg> Calls;
  for (const ir::Block &Blk : C.Blocks)
    for (const ir::Instr &I : Blk.Instrs)
      if (I.Kind == ir::InstrKind::Call && I.call().CalleeName == "by_bits")
        Calls.insert(Calls.end(), I.call().ScalarArgs.begin(),
                     I.call().ScalarArgs.end());
  // by_bits(2 | 8, NULL); by_bits(x, &g): x is caller's formal 0, &g not null.
  EXPECT_EQ(Calls, (std::vector<ir::ScalarArg>{
                       {0, false, 10}, {1, false, 0}, {0, true, 0}, {1, false, 1}}));
}

TEST_F(FormalBranchesTest, MethodsCountThisAndEnumClassesConvert) {
  ir::Module M = lower("journal.cpp", R"(
enum class Phase : unsigned char { kBegin = 1, kEnd = 200 };
struct Journal {
  int n_ = 0;
  void Fence(Phase p) { if (p == Phase::kEnd) n_ = 0; }
  void Hold(bool lock) { if (!lock) n_++; }
  void Run() { Fence(Phase::kEnd); Hold(true); }
};
)", "-std=c++17");
  auto F = tests(fn(M, "Journal::Fence"));
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].first, 1); // formal 0 is `this`
  EXPECT_EQ(F[0].second, (std::vector<FormalTest>{T(FormalTest::Op::Eq, {200}),
                                                 T(FormalTest::Op::Ne, {200})}));
  auto H = tests(fn(M, "Journal::Hold"));
  ASSERT_EQ(H.size(), 1u);
  EXPECT_EQ(H[0].second, (std::vector<FormalTest>{T(FormalTest::Op::Eq, {0}),
                                                 T(FormalTest::Op::Ne, {0})}));
  const ir::Function &R = fn(M, "Journal::Run");
  EXPECT_EQ(scalars(R, "Journal::Fence"),
            (std::vector<ir::ScalarArg>{{1, false, 200}}));
  EXPECT_EQ(scalars(R, "Journal::Hold"),
            (std::vector<ir::ScalarArg>{{1, false, 1}}));
}

} // namespace
