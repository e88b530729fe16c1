//===- Baseline.cpp - Only what a change introduced -----------------------===//
#include "report/Baseline.h"
#include "report/BaselineReader.h"
#include "report/Writers.h"
#include "summarize/InputNesting.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace racer::report {

llvm::Expected<llvm::StringSet<>>
readBaselineFingerprints(const std::string &Path) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "baseline '" + Path + "': " + Why);
  };
  // (A FIFO would block the read, a device never end.)
  llvm::sys::fs::file_status St;
  if (!llvm::sys::fs::status(Path, St) && !llvm::sys::fs::is_regular_file(St))
    return Fail("not a regular file");
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return Fail(Buf.getError().message());
  // A UTF-8 byte order mark (some editors and tools write one) is no JSON.
  llvm::StringRef Text = (*Buf)->getBuffer();
  Text.consume_front("\xEF\xBB\xBF");
  if (std::optional<NestingPlace> At = tooDeeplyNested(Text))
    return Fail("line " + llvm::Twine(At->Line) + ", column " +
                llvm::Twine(At->Column) + ": nested more than " +
                llvm::Twine(MaxInputNesting) + " levels deep");
  llvm::StringSet<> Out;
  std::string Why;
  if (!readFingerprints(Text, Out, Why))
    return Fail(Why);
  return Out;
}

BaselineStats applyBaseline(std::vector<Report> &Reports,
                            const llvm::StringSet<> &Baseline) {
  BaselineStats S;
  llvm::StringSet<> Seen;
  for (Report &R : Reports) {
    std::string FP = reportFingerprint(R);
    bool Known = Baseline.contains(FP);
    R.BaselineState = Known ? "unchanged" : "new";
    ++(Known ? S.Known : S.New);
    Seen.insert(FP);
  }
  for (const auto &E : Baseline)
    if (!Seen.contains(E.getKey()))
      ++S.Disappeared;
  return S;
}

} // namespace racer::report
