//===- WarmStart.cpp - Leave the launcher a scan's answer to replay -------===//
#include "driver/WarmStart.h"
#include "driver/CacheFiles.h"
#include "launcher/WarmRecord.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <unistd.h>

namespace racer::driver {

std::string launcherCwd() {
  char Buf[4096];
  return getcwd(Buf, sizeof Buf) ? std::string(Buf) : std::string();
}

namespace {
/// The stamp the launcher compares: stat(2) follows symlinks, as it does.
std::optional<warm::Input> stamp(const std::string &Path) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Path, St, /*Follow=*/true) ||
      !llvm::sys::fs::is_regular_file(St))
    return std::nullopt;
  std::optional<FileStamp> S = stampOf(Path);
  if (!S)
    return std::nullopt;
  warm::Input I;
  I.Path = Path;
  I.Present = true;
  I.Size = S->Size;
  I.MTimeNs = S->MTimeNs;
  return I;
}

/// Keeps the newest MaxRecords - 1 records, so that one more fits.
void dropOldRecords(const std::string &Dir) {
  std::vector<std::pair<llvm::sys::TimePoint<>, std::string>> Records;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (llvm::sys::path::extension(It->path()) != ".warm")
      continue;
    llvm::sys::fs::file_status St;
    if (!llvm::sys::fs::status(It->path(), St))
      Records.emplace_back(St.getLastModificationTime(), It->path());
  }
  if (Records.size() < warm::MaxRecords)
    return;
  std::sort(Records.begin(), Records.end());
  for (size_t I = 0; I + warm::MaxRecords - 1 < Records.size(); ++I)
    llvm::sys::fs::remove(Records[I].second);
}
} // namespace

void writeWarmRecord(const std::string &CacheDir, const WarmScan &W,
                     bool Verbose, llvm::raw_ostream &Log) {
  auto Skip = [&](const std::string &Why) {
    if (Verbose)
      Log << "racecar: cache: no warm record: " << Why << "\n";
  };
  warm::Record R;
  R.Cwd = launcherCwd();
  if (R.Cwd.empty())
    return Skip("no current directory");
  R.Argv = W.Argv;
  static int Anchor;
  std::optional<warm::Input> Self =
      stamp(llvm::sys::fs::getMainExecutable(nullptr, &Anchor));
  if (!Self)
    return Skip("cannot stamp the racecar binary");
  R.Analyzer = *Self;
  std::set<std::string> Seen;
  for (const std::string &P : W.Inputs) {
    if (!Seen.insert(P).second)
      continue;
    std::optional<warm::Input> I = stamp(P);
    if (!I)
      return Skip("cannot stamp '" + P + "'");
    // (A file's time may trail the clock by a tick: 10 ms of margin.)
    if (W.StartedNs && I->MTimeNs >= W.StartedNs - 10'000'000)
      return Skip("'" + P + "' was modified during the scan");
    R.Inputs.push_back(std::move(*I));
  }
  for (const std::string &P : W.Absent) {
    if (!Seen.insert(P).second)
      continue;
    if (stamp(P))
      return Skip("'" + P + "' appeared");
    warm::Input I;
    I.Path = P;
    R.Inputs.push_back(I);
  }
  for (const std::string &D : W.AbsentDirs) {
    if (!Seen.insert(D).second)
      continue;
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(D, St) || !llvm::sys::fs::is_directory(St))
      return Skip("cannot stamp the directory '" + D + "'");
    warm::Input I;
    I.Path = D;
    I.Present = I.Directory = true;
    I.MTimeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                    St.getLastModificationTime().time_since_epoch())
                    .count();
    if (W.StartedNs && I.MTimeNs >= W.StartedNs - 10'000'000)
      return Skip("'" + D + "' changed during the scan");
    R.Inputs.push_back(std::move(I));
  }
  R.ExitStatus = W.ExitStatus;
  R.OutputPath = W.OutputPath;
  R.Output = W.Output;
  R.ErrBefore = W.ErrBefore;
  R.ErrAfter = W.ErrAfter;

  llvm::SmallString<256> Dir(CacheDir);
  llvm::sys::path::append(Dir, "warm");
  llvm::sys::fs::create_directories(Dir);
  dropOldRecords(std::string(Dir));
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, warm::fileNameOf(R.Cwd, R.Argv));
  if (llvm::Error E = writeAtomically(std::string(Path), warm::encode(R)))
    Skip(llvm::toString(std::move(E)));
}

} // namespace racer::driver
