//===- Baseline.cpp - Only what a change introduced -----------------------===//
#include "report/Baseline.h"
#include "report/Writers.h"
#include "summarize/InputNesting.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

namespace racer::report {

llvm::Expected<llvm::StringSet<>>
readBaselineFingerprints(const std::string &Path) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "baseline '" + Path + "': " + Why);
  };
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
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Text);
  if (!Doc)
    return Fail(llvm::toString(Doc.takeError()));
  const llvm::json::Object *Root = Doc->getAsObject();
  const llvm::json::Array *Runs = Root ? Root->getArray("runs") : nullptr;
  if (!Runs)
    return Fail("not a SARIF log (no \"runs\")");
  llvm::StringSet<> Out;
  for (const llvm::json::Value &Run : *Runs) {
    const llvm::json::Object *R = Run.getAsObject();
    const llvm::json::Array *Results = R ? R->getArray("results") : nullptr;
    if (!Results)
      return Fail("a run without \"results\"");
    for (const llvm::json::Value &V : *Results) {
      const llvm::json::Object *Res = V.getAsObject();
      const llvm::json::Object *FP =
          Res ? Res->getObject("partialFingerprints") : nullptr;
      std::optional<llvm::StringRef> Key =
          FP ? FP->getString("racecarKey/v2") : std::nullopt;
      if (!Key)
        return Fail("a result without partialFingerprints.racecarKey/v2 "
                    "(not written by racecar?)");
      Out.insert(*Key);
    }
  }
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
