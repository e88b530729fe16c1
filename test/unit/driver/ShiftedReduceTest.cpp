//===- ShiftedReduceTest.cpp - The last pairing's reports, lines moved ----===//
#include "driver/ShiftedReduce.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

using namespace racer;
using namespace racer::driver;

namespace {

report::Report reportAt(unsigned Line, unsigned ConflictLine) {
  report::Report R;
  R.RuleId = "racecar-read-write-race";
  R.Loc = {"a.cc", Line, 5};
  R.Trace.push_back({{"a.cc", Line + 1, 3}, "call to 'f'"});
  R.ConflictLoc = {"a.cc", ConflictLine, 7};
  return R;
}

/// Anchors as the store names them: every place in function "f", whose
/// first line was 10.
std::vector<PlaceAnchor> anchorsOf(report::Report R) {
  std::vector<PlaceAnchor> A;
  forEachReportPlace(R, [&](report::SourceLocation &L) {
    A.push_back({"f", L.Line - 10});
  });
  return A;
}

TEST(ShiftedReduce, PlacesMoveWithTheirFunction) {
  std::vector<report::Report> Rs = {reportAt(12, 20), reportAt(15, 20)};
  std::vector<std::vector<PlaceAnchor>> Places = {anchorsOf(Rs[0]),
                                                  anchorsOf(Rs[1])};
  // "f" now starts at line 13: three lines above it.
  ASSERT_TRUE(shiftReports(Rs, Places,
                           [](const report::SourceLocation &,
                              const PlaceAnchor &A) -> std::optional<uint32_t> {
                             return 13 + A.Offset;
                           }));
  EXPECT_EQ(Rs[0].Loc.Line, 15u);
  EXPECT_EQ(Rs[0].Trace[0].Loc.Line, 16u);
  EXPECT_EQ(Rs[0].ConflictLoc.Line, 23u);
  EXPECT_EQ(Rs[1].Loc.Line, 18u);
  EXPECT_EQ(Rs[0].Loc.Col, 5u) << "columns stay";
}

TEST(ShiftedReduce, MovesThatReorderPlacesAreRefused) {
  // Twin of the above: line 12 moves below line 15's new place. The pairing
  // ordered and merged by place, so its result cannot be reused.
  std::vector<report::Report> Rs = {reportAt(12, 20), reportAt(15, 20)};
  std::vector<std::vector<PlaceAnchor>> Places = {anchorsOf(Rs[0]),
                                                  anchorsOf(Rs[1])};
  const std::vector<report::Report> Before = Rs;
  EXPECT_FALSE(shiftReports(
      Rs, Places,
      [](const report::SourceLocation &L,
         const PlaceAnchor &A) -> std::optional<uint32_t> {
        return L.Line == 12 ? 30 : 10 + A.Offset;
      }));
  // Two old lines onto one new line: refused too.
  EXPECT_FALSE(shiftReports(
      Rs, Places,
      [](const report::SourceLocation &L,
         const PlaceAnchor &) -> std::optional<uint32_t> {
        return L.Line == 12 ? 15 : L.Line;
      }));
  // A place with no answer (no anchor, a function gone): refused.
  EXPECT_FALSE(shiftReports(
      Rs, Places,
      [](const report::SourceLocation &L,
         const PlaceAnchor &) -> std::optional<uint32_t> {
        if (L.Line == 20)
          return std::nullopt;
        return L.Line;
      }));
  EXPECT_EQ(Rs[0].Loc.Line, Before[0].Loc.Line) << "unchanged when refused";
  EXPECT_EQ(Rs[1].ConflictLoc.Line, Before[1].ConflictLoc.Line);
}

TEST(ShiftedReduce, RecordRoundTripsAndDamageIsAMiss) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("shifted", Dir));
  llvm::SmallString<128> Path(Dir);
  llvm::sys::path::append(Path, "last-reduce.places");
  ShiftRecord R;
  R.ExactKey = "exact";
  R.ShapeKey = "shape";
  R.Entries = {ir::Digest::of("a"), ir::Digest::of("b")};
  R.Places = {{{"ns::f(int)", 3}, {"", 0}}, {}};
  writeShiftRecord(std::string(Path), R, llvm::errs());
  std::optional<ShiftRecord> Back = readShiftRecord(std::string(Path), nullptr);
  ASSERT_TRUE(Back);
  EXPECT_EQ(Back->ExactKey, "exact");
  EXPECT_EQ(Back->ShapeKey, "shape");
  EXPECT_EQ(Back->Entries, R.Entries);
  ASSERT_EQ(Back->Places.size(), 2u);
  ASSERT_EQ(Back->Places[0].size(), 2u);
  EXPECT_EQ(Back->Places[0][0].Function, "ns::f(int)");
  EXPECT_EQ(Back->Places[0][0].Offset, 3u);
  EXPECT_TRUE(Back->Places[0][1].Function.empty());

  // One byte changed: the seal's checksum fails, and the record is none.
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Append);
    ASSERT_FALSE(EC);
    OS << "x";
  }
  EXPECT_FALSE(readShiftRecord(std::string(Path), nullptr));
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
