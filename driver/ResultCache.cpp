//===- ResultCache.cpp - The last scan's reports, by its inputs -----------===//
#include "driver/ResultCache.h"
#include "driver/CacheFiles.h"
#include "report/Writers.h"
#include "serialize/FileOutput.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace racer::driver {

namespace {
/// The file: serialize::sealText(Magic, "<digest>\n<reports as JSON>"),
/// checksummed like the TU entries, so a damaged file is a miss and never a
/// wrong report.
constexpr const char *Magic = "racecar-result 3";

} // namespace

ResultCache::ResultCache(std::string CacheDir, bool Verbose,
                         llvm::raw_ostream &Log, llvm::StringRef FileName)
    : Verbose(Verbose), Log(Log) {
  llvm::SmallString<256> P(CacheDir);
  llvm::sys::path::append(P, FileName);
  Path = std::string(P);
}

std::string ResultCache::digestOf(llvm::ArrayRef<std::string> TUIdentities) {
  std::string Text = "racecar " RACECAR_VERSION "\n" + binaryIdentity() + "\n";
  for (const std::string &Id : TUIdentities)
    Text += Id + "\n";
  return hashBytes(Text);
}

std::optional<std::vector<report::Report>>
ResultCache::load(const std::string &Digest, report::Coverage *Scope) {
  auto Buf = racer::serialize::readRegularFile(Path, /*IsText=*/true);
  if (!Buf)
    return std::nullopt;
  llvm::Expected<llvm::StringRef> Text =
      serialize::unsealText(Magic, (*Buf)->getBuffer());
  if (!Text) {
    if (Verbose)
      Log << "racecar: cache: unusable result file '" << Path
          << "': " << llvm::toString(Text.takeError()) << "; re-analysing\n";
    else
      llvm::consumeError(Text.takeError());
    return std::nullopt;
  }
  auto [Header, Rest] = Text->split('\n');
  if (Header != Digest)
    return std::nullopt; // another scan's result
  // What the scan checked: "coverage <six counts>".
  auto [CoverageLine, Json] = Rest.split('\n');
  report::Coverage C;
  llvm::SmallVector<llvm::StringRef, 8> Counts;
  CoverageLine.split(Counts, ' ');
  unsigned *Fields[] = {&C.ClassesChecked,   &C.ClassesSkipped,
                        &C.ThreadRoots,      &C.Threads,
                        &C.UnresolvedStarts, &C.UnresolvedCalls};
  bool CoverageOk = Counts.size() == 7 && Counts[0] == "coverage";
  for (size_t I = 0; CoverageOk && I < 6; ++I)
    CoverageOk = !Counts[I + 1].getAsInteger(10, *Fields[I]);
  if (!CoverageOk) {
    if (Verbose)
      Log << "racecar: cache: unusable result file '" << Path
          << "': no coverage line; re-analysing\n";
    return std::nullopt;
  }
  llvm::Expected<std::vector<report::Report>> Reports = report::readJson(Json);
  if (!Reports) {
    if (Verbose)
      Log << "racecar: cache: unusable result file '" << Path
          << "': " << llvm::toString(Reports.takeError()) << "; re-analysing\n";
    else
      llvm::consumeError(Reports.takeError());
    return std::nullopt;
  }
  if (Scope)
    *Scope = C;
  return std::move(*Reports);
}

void ResultCache::store(const std::string &Digest,
                        const std::vector<report::Report> &Reports,
                        const report::Coverage &Scope) {
  std::string Text = Digest + "\ncoverage";
  for (unsigned V : {Scope.ClassesChecked, Scope.ClassesSkipped,
                     Scope.ThreadRoots, Scope.Threads, Scope.UnresolvedStarts,
                     Scope.UnresolvedCalls})
    Text += " " + std::to_string(V);
  Text += "\n";
  llvm::raw_string_ostream OS(Text);
  report::writeJson(Reports, OS);
  OS.flush();
  if (llvm::Error E = writeAtomically(Path, serialize::sealText(Magic, Text)))
    Log << "racecar: warning: cache not written: "
        << llvm::toString(std::move(E)) << "\n";
}

} // namespace racer::driver
