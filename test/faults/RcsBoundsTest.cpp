//===- RcsBoundsTest.cpp - Crafted .rcs files cannot make racecar allocate -===//
//
// Issue 13, item 15: a 132 KB crafted .rcs made `racecar merge` allocate
// 1.1 GB before rejecting it: the header announced a huge message that a
// tiny zstd frame of zeros really decompresses to. A reader now refuses a
// message more than serialize::MaxExpansion times its compressed payload,
// before allocating anything.
//===----------------------------------------------------------------------===//
#include "serialize/CodecTesting.h"
#include "serialize/ModuleCodec.h"

#include <gtest/gtest.h>


using namespace racer;
using namespace racer::serialize;

namespace {

std::string decodeError(llvm::ArrayRef<uint8_t> Bytes) {
  llvm::Expected<TUFile> F = decodeTUFile(Bytes);
  if (F)
    return "";
  return llvm::toString(F.takeError());
}

TEST(RcsBounds, HugeMessageInATinyFileIsRefusedBeforeDecompressing) {
  // 64 MiB of zeros: a valid header, checksum and zstd frame, ~2 KB on disk.
  std::vector<uint8_t> Zeros(64u << 20, 0);
  std::vector<uint8_t> File = racer::serialize::testing::wrapMessage(Zeros);
  Zeros = {};
  ASSERT_LT(File.size(), 64u << 10);
  std::string E = decodeError(File);
  EXPECT_NE(E.find("implausible"), std::string::npos) << E;
  // Refused from the header alone: no 64 MiB buffer, no decompression.
  llvm::Expected<FileHeader> H = peekHeader(File);
  ASSERT_FALSE(H);
  EXPECT_NE(llvm::toString(H.takeError()).find("implausible"),
            std::string::npos);
}

TEST(RcsBounds, RealFilesAreFarBelowTheBound) {
  TUFile F;
  F.MainFile = "/src/a.cpp";
  F.Module.MainFile = "/src/a.cpp";
  // Distinct symbols, as in a real module: 2,000 copies of seven empty
  // functions compress beyond any bound (774x since format 6 moved the
  // message by a word), which is what ExpansionSlack is for.
  for (int I = 0; I < 2000; ++I) {
    ir::Function Fn;
    Fn.Symbol = ir::Symbol("f" + std::to_string(I));
    F.Module.Functions.push_back(std::move(Fn));
  }
  std::vector<uint8_t> Bytes = encodeTUFile(F);
  llvm::Expected<FileHeader> H = peekHeader(Bytes);
  ASSERT_TRUE(bool(H)) << llvm::toString(H.takeError());
  EXPECT_LT(H->MessageBytes, MaxExpansion * H->PayloadBytes);
  EXPECT_TRUE(bool(decodeTUFile(Bytes)));
}

} // namespace
