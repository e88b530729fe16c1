//===- SummaryCache.cpp - Content-addressed per-TU cache ------------------===//
#include "driver/SummaryCache.h"
#include "serialize/FileOutput.h"
#include "driver/CacheFiles.h"
#include "serialize/ModuleCodec.h"
#include "summarize/EventLoopModels.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <map>
#include <cstdlib>
#include <mutex>

namespace racer::driver {

namespace {

/// Something the include search would now find where it found nothing: any
/// file but a directory. (`#include <memory>` with `-I rocksdb/` looks for
/// rocksdb/memory, a directory of the project: never a header, and taking
/// it for one kept 94 of rocksdb's 100 TUs out of the cache.)
bool appeared(llvm::StringRef Path) {
  llvm::sys::fs::file_status St;
  return !llvm::sys::fs::status(Path, St) &&
         St.type() != llvm::sys::fs::file_type::directory_file;
}
/// Version 5: an "entry <checksum>" line after the key (the module the
/// manifest describes). Version 4: "absentdir <mtime> <dir>" before the absent files looked for
/// in that directory. Version 3: a "key <key>" line (the entry's own TU: an entry copied over
/// another TU's is damage, not a hit), and "absent <path>" lines (files
/// that must stay absent).
constexpr const char *ManifestMagic = "racecar-manifest 5";

/// The environment variables that add to the include search path (Clang's
/// driver reads them; RACECAR_CLANG_RESOURCE_DIR, frontend/ResourceDir.h,
/// says where Clang's own headers are): part of every key, since a change
/// to one changes what a TU reads without changing its command.
std::string searchEnvironment() {
  std::string S;
  for (const char *Var : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
                          "OBJC_INCLUDE_PATH", "OBJCPLUS_INCLUDE_PATH",
                          "RACECAR_CLANG_RESOURCE_DIR"})
    if (const char *V = std::getenv(Var))
      S += std::string(Var) + "=" + V + "\n";
  return S;
}

/// A manifest's checked body (without its checksum line), or nullopt.
std::optional<llvm::StringRef> manifestBody(llvm::StringRef Text) {
  size_t LastNL = Text.rtrim('\n').rfind('\n');
  if (LastNL == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Body = Text.substr(0, LastNL + 1);
  if (!Body.starts_with(ManifestMagic) ||
      Text.substr(Body.size()).trim() !=
          "sum " + llvm::utohexstr(llvm::xxh3_64bits(Body)))
    return std::nullopt;
  return Body;
}
} // namespace

SummaryCache::SummaryCache(std::string Dir, bool Verbose,
                           llvm::raw_ostream &Log, std::string Context)
    : Dir(std::move(Dir)), Context(std::move(Context)), Verbose(Verbose),
      Log(Log) {
  llvm::sys::fs::create_directories(this->Dir);
  // What a killed scan left half-written (entries, manifests, the summary
  // store, warm records): an hour old, no live scan is writing it.
  // At most once an hour (a stamp file says when): a warm scan costs a
  // stat, not a walk of the cache.
  llvm::SmallString<256> Stamp(this->Dir);
  llvm::sys::path::append(Stamp, "last-sweep");
  llvm::sys::fs::file_status St;
  bool Due = llvm::sys::fs::status(Stamp, St) ||
             std::chrono::system_clock::now() - St.getLastModificationTime() >=
                 std::chrono::hours(1);
  if (Due) {
    if (unsigned N = serialize::removeStaleTemporaries(
            this->Dir, /*Depth=*/2, std::chrono::hours(1)))
      note(std::to_string(N) + " stale temporary files removed");
    (void)writeAtomically(std::string(Stamp), "");
  }
}

std::string SummaryCache::contextOf(const frontend::FrontendOptions &Opts) {
  std::string C = Opts.SkipSystemBodies ? "skip-system-bodies\n" : "";
  // Modules may leave bodies to other TUs (ir::Module::SkippedBodies): only
  // scans that check for that (runMap with claims) may use them.
  if (Opts.Claims)
    C += "share-header-bodies\n";
  for (const std::string &A : Opts.ExtraArgs)
    C += "extra " + A + "\n";
  // Internal-linkage symbols name their files relative to it.
  if (!Opts.PathRoot.empty())
    C += "path-root " + Opts.PathRoot + "\n";
  return C;
}

std::string SummaryCache::keyOf(const frontend::TUJob &Job) const {
  std::string Text = "racecar " RACECAR_VERSION " format ";
  Text += std::to_string(serialize::FormatVersion);
  Text += " lowering " + std::to_string(frontend::LoweringVersion);
  Text += " paths " + std::to_string(ir::MaxPathSteps);
  Text += "\n";
  // A project's event-loop models change what the frontend lowers.
  Text += userEventLoopsKey();
  Text += Context;
  Text += searchEnvironment();
  Text += Job.Directory + "\n" + Job.File + "\n";
  for (const std::string &A : Job.CommandLine)
    Text += A + "\n";
  return hashBytes(Text);
}

std::string SummaryCache::entryPath(const std::string &Key,
                                    const char *Ext) const {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Key.substr(0, 2), Key + Ext);
  return std::string(P);
}

void SummaryCache::note(const std::string &Message) {
  if (!Verbose)
    return;
  static std::mutex M;
  std::lock_guard<std::mutex> G(M);
  Log << "racecar: cache: " << Message << "\n";
  Log.flush();
}

void SummaryCache::writeFailed(const std::string &Message) {
  if (Verbose) {
    note(Message);
    return;
  }
  if (WarnedWrite.exchange(true) || !firstCacheWriteWarning())
    return;
  static std::mutex M;
  std::lock_guard<std::mutex> G(M);
  Log << "racecar: warning: cache not written: " << Message
      << " (-v shows every failure)\n";
  Log.flush();
}

std::optional<int64_t> SummaryCache::dirMTime(llvm::StringRef Dir) {
  // Once a scan per directory: the TUs of a project search the same few.
  std::lock_guard<std::mutex> G(DirMTimesMutex);
  auto [It, New] = DirMTimes.try_emplace(Dir, std::nullopt);
  if (New) {
    llvm::sys::fs::file_status St;
    if (!llvm::sys::fs::status(Dir, St) &&
        St.type() == llvm::sys::fs::file_type::directory_file)
      It->second = std::chrono::duration_cast<std::chrono::nanoseconds>(
                       St.getLastModificationTime().time_since_epoch())
                       .count();
  }
  return It->second;
}

SummaryCache::InputsState
SummaryCache::checkInputs(const std::string &Key, const frontend::TUJob &Job,
                          bool Quiet, std::string *EntrySum, bool Prev) {
  std::string Manifest = entryPath(Key, Prev ? ".prev.deps" : ".deps");
  auto Buf = racer::serialize::readRegularFile(Manifest, /*IsText=*/true);
  if (!Buf)
    return InputsState::Missing;
  // Manifest: magic line, then "size mtime hash path" per input, then a
  // checksum line over everything before it.
  llvm::StringRef Text = (*Buf)->getBuffer();
  std::optional<llvm::StringRef> Body = manifestBody(Text);
  if (!Body) {
    // An older racecar's manifest is no damage: its entry is just stale.
    if (!Quiet && !Text.starts_with("racecar-manifest "))
      note("corrupt manifest '" + Manifest + "'; re-analysing " + Job.File);
    return Text.starts_with("racecar-manifest ") ? InputsState::Missing
                                                 : InputsState::Invalid;
  }
  llvm::SmallVector<llvm::StringRef> Lines;
  Body->split(Lines, '\n', -1, /*KeepEmpty=*/false);
  if (Lines.size() < 3 || Lines[1] != "key " + Key) {
    if (!Quiet)
      note("the entry '" + Manifest + "' is another translation unit's; "
           "re-analysing " + Job.File);
    return InputsState::Invalid;
  }
  // The module the manifest describes, by its checksum.
  llvm::StringRef Sum = Lines[2];
  if (!Sum.consume_front("entry ") || Sum.empty()) {
    if (!Quiet)
      note("malformed manifest '" + Manifest + "'; re-analysing " + Job.File);
    return InputsState::Invalid;
  }
  if (EntrySum)
    *EntrySum = Sum.str();
  bool DirUnchanged = false; ///< the last absentdir's, so its files too
  for (size_t I = 3; I < Lines.size(); ++I) {
    if (Lines[I].consume_front("absentdir ")) {
      // A directory the absent files below were looked for in: if nothing
      // was created or removed in it since (its mtime), they still are not
      // there, and one stat answers for all of them.
      auto [T, Dir] = Lines[I].split(' ');
      int64_t Recorded;
      std::optional<int64_t> Now = dirMTime(Dir);
      DirUnchanged = !T.getAsInteger(10, Recorded) && Now && *Now == Recorded;
      continue;
    }
    if (Lines[I].consume_front("absent ")) {
      // A file the include search did not find: if it is there now, the TU
      // would read it instead.
      if (!DirUnchanged && appeared(Lines[I]))
        return InputsState::Changed;
      continue;
    }
    auto [Size, Rest1] = Lines[I].split(' ');
    auto [MTime, Rest2] = Rest1.split(' ');
    auto [Hash, Path] = Rest2.split(' ');
    uint64_t S;
    int64_t T;
    if (Size.getAsInteger(10, S) || MTime.getAsInteger(10, T) || Path.empty()) {
      if (!Quiet)
        note("malformed manifest '" + Manifest + "'; re-analysing " + Job.File);
      return InputsState::Invalid;
    }
    std::optional<FileStamp> Now = stampOf(Path.str());
    if (!Now)
      return InputsState::Changed; // an input disappeared
    if (Now->Size == S && Now->MTimeNs == T)
      continue; // unchanged stamp: trust it, do not re-hash
    std::optional<std::string> H = hashFile(Path.str());
    if (!H || *H != Hash)
      return InputsState::Changed;
  }
  return InputsState::Unchanged;
}

SummaryCache::InputsState
SummaryCache::checkEither(const std::string &Key, const frontend::TUJob &Job,
                          bool Quiet, std::string &EntrySum, bool &Prev) {
  Prev = false;
  InputsState State = checkInputs(Key, Job, Quiet, &EntrySum);
  if (State != InputsState::Unchanged) {
    // The entry before it: an edit undone, a branch switched back.
    std::string PrevSum;
    if (checkInputs(Key, Job, /*Quiet=*/true, &PrevSum, /*Prev=*/true) ==
        InputsState::Unchanged) {
      Prev = true;
      EntrySum = std::move(PrevSum);
      State = InputsState::Unchanged;
    }
  }
  notePrev(Key, Prev);
  return State;
}

void SummaryCache::notePrev(const std::string &Key, bool Prev) {
  std::lock_guard<std::mutex> G(UsedPrevMutex);
  if (Prev)
    UsedPrev.insert(Key);
  else
    UsedPrev.erase(Key);
}

std::optional<SummaryCache::EntryInputs>
SummaryCache::inputsOf(const frontend::TUJob &Job) {
  // Of the entry the scan used (lookup and probe noted which).
  const std::string Key = keyOf(Job);
  bool Prev;
  {
    std::lock_guard<std::mutex> G(UsedPrevMutex);
    Prev = UsedPrev.contains(Key);
  }
  auto Buf = racer::serialize::readRegularFile(
      entryPath(Key, Prev ? ".prev.deps" : ".deps"), /*IsText=*/true);
  if (!Buf)
    return std::nullopt;
  std::optional<llvm::StringRef> Body = manifestBody((*Buf)->getBuffer());
  if (!Body)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef> Lines;
  Body->split(Lines, '\n', -1, /*KeepEmpty=*/false);
  if (Lines.size() < 3 || Lines[1] != "key " + Key ||
      !Lines[2].starts_with("entry "))
    return std::nullopt;
  EntryInputs In;
  bool InDir = false; ///< the absent files below have a directory
  for (size_t I = 3; I < Lines.size(); ++I) {
    if (Lines[I].consume_front("absentdir ")) {
      llvm::StringRef Dir = Lines[I].split(' ').second;
      InDir = Dir != "/";
      if (InDir)
        In.AbsentDirs.push_back(Dir.str());
      continue;
    }
    if (Lines[I].consume_front("absent ")) {
      if (!InDir)
        In.Absent.push_back(Lines[I].str());
      continue;
    }
    // "size mtime hash path"
    llvm::StringRef Path = Lines[I].split(' ').second.split(' ').second.split(' ').second;
    if (Path.empty())
      return std::nullopt;
    In.Files.push_back(Path.str());
  }
  return In;
}

std::optional<ir::Module> SummaryCache::lookup(const frontend::TUJob &Job) {
  std::string Key = keyOf(Job);
  std::string EntrySum;
  bool Prev = false;
  switch (checkEither(Key, Job, /*Quiet=*/false, EntrySum, Prev)) {
  case InputsState::Unchanged:
    break;
  case InputsState::Invalid:
    ++Invalid;
    [[fallthrough]];
  case InputsState::Missing:
  case InputsState::Changed:
    ++Misses;
    return std::nullopt;
  }
  // The module must be the one the manifest describes: two scans of other
  // contents storing the same TU at once may leave one's module beside the
  // other's manifest (each file is replaced atomically, the pair is not).
  auto Unusable = [&](const std::string &Why) {
    ++Invalid;
    ++Misses;
    note("unusable entry for " + Job.File + ": " + Why + "; re-analysing");
    return std::nullopt;
  };
  const std::string Path = entryPath(Key, Prev ? ".prev.rcs" : ".rcs");
  auto Buf = racer::serialize::readRegularFile(Path);
  if (!Buf)
    return Unusable(Path + ": cannot read: " + Buf.getError().message());
  llvm::ArrayRef<uint8_t> Bytes =
      llvm::arrayRefFromStringRef<uint8_t>((*Buf)->getBuffer());
  if (llvm::Expected<serialize::FileHeader> H = serialize::peekHeader(Bytes);
      H && llvm::utohexstr(H->Checksum) != EntrySum)
    return Unusable("its module is not the one its manifest describes "
                    "(written by another scan at the same time?)");
  else if (!H)
    llvm::consumeError(H.takeError()); // decodeTUFile says what is wrong
  llvm::Expected<serialize::TUFile> File = serialize::decodeTUFile(Bytes);
  if (!File)
    return Unusable(Path + ": " + llvm::toString(File.takeError()));
  if (File->MainFile != Job.File) {
    ++Invalid;
    ++Misses;
    note("the entry for " + Job.File + " holds '" + File->MainFile +
         "'; re-analysing");
    return std::nullopt;
  }
  ++Hits;
  return std::move(File->Module);
}

std::optional<std::string> SummaryCache::probe(const frontend::TUJob &Job) {
  std::string Key = keyOf(Job);
  std::string EntrySum;
  bool Prev = false;
  if (checkEither(Key, Job, /*Quiet=*/true, EntrySum, Prev) !=
      InputsState::Unchanged)
    return std::nullopt;
  // The entry's identity: its key and its content checksum, verified (a
  // damaged entry is then a miss, found and rebuilt by lookup) but not
  // decoded.
  auto Buf = racer::serialize::readRegularFile(
      entryPath(Key, Prev ? ".prev.rcs" : ".rcs"));
  if (!Buf)
    return std::nullopt;
  llvm::Expected<serialize::FileHeader> H = serialize::verifyChecksum(
      llvm::arrayRefFromStringRef<uint8_t>((*Buf)->getBuffer()));
  if (!H) {
    llvm::consumeError(H.takeError());
    return std::nullopt;
  }
  if (llvm::utohexstr(H->Checksum) != EntrySum)
    return std::nullopt; // another scan's module: lookup rebuilds it
  return Key + ":" + llvm::utohexstr(H->Checksum);
}

void SummaryCache::store(const frontend::TUJob &Job, const ir::Module &M,
                         const std::vector<std::string> &ParsedDigests,
                         const std::vector<std::string> &Absent) {
  std::string Key = keyOf(Job);
  // Each input's stamp and hash now, checked against what was parsed: the
  // manifest must describe the content the module was built from.
  std::string Inputs;
  std::vector<std::string> Paths = M.Files;
  if (std::find(Paths.begin(), Paths.end(), Job.File) == Paths.end())
    Paths.push_back(Job.File);
  for (size_t I = 0; I < Paths.size(); ++I) {
    const std::string &Path = Paths[I];
    llvm::sys::fs::file_status St;
    if (!llvm::sys::fs::status(Path, St) &&
        St.type() != llvm::sys::fs::file_type::regular_file) {
      // A device or FIFO read as a header: nothing to hash (reading
      // /dev/zero never ends), so no entry.
      static std::mutex LogMutex;
      std::lock_guard<std::mutex> G(LogMutex);
      Log << "racecar: note: '" << Path << "', read by '" << Job.File
          << "', is not a regular file; '" << Job.File << "' is not cached\n";
      Log.flush();
      return;
    }
    std::optional<FileStamp> S = stampOf(Path);
    std::optional<std::string> H = hashFile(Path);
    std::optional<FileStamp> S2 = stampOf(Path);
    bool Edited = !S || !H || !S2 || S->Size != S2->Size ||
                  S->MTimeNs != S2->MTimeNs ||
                  (I < ParsedDigests.size() && !ParsedDigests[I].empty() &&
                   ParsedDigests[I] != *H);
    if (Edited) {
      static std::mutex LogMutex;
      std::lock_guard<std::mutex> G(LogMutex);
      Log << "racecar: warning: '" << Path << "' changed while '" << Job.File
          << "' was analysed; its reports are for the content read, and it "
             "is not cached\n";
      Log.flush();
      return;
    }
    Inputs += std::to_string(S->Size) + " " + std::to_string(S->MTimeNs) + " " +
              *H + " " + Path + "\n";
  }
  // By the directory they were looked for in (or its nearest ancestor that
  // exists), with its mtime read before the files are checked: a file
  // created later changes it.
  std::map<std::string, std::vector<const std::string *>> ByDir;
  for (const std::string &Path : Absent) {
    llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
    while (!Dir.empty() && !llvm::sys::fs::is_directory(Dir))
      Dir = llvm::sys::path::parent_path(Dir);
    ByDir[Dir.str()].push_back(&Path);
  }
  for (const auto &[Dir, Paths] : ByDir) {
    llvm::sys::fs::file_status St;
    if (!Dir.empty() && !llvm::sys::fs::status(Dir, St))
      Inputs += "absentdir " +
                std::to_string(
                    std::chrono::duration_cast<std::chrono::nanoseconds>(
                        St.getLastModificationTime().time_since_epoch())
                        .count()) +
                " " + Dir + "\n";
    else
      Inputs += "absentdir 0 /\n"; // (no directory: each file is checked)
    for (const std::string *Path : Paths) {
      // Appeared since the parse looked: the parse may have read it or not.
      if (appeared(*Path))
        return;
      Inputs += "absent " + *Path + "\n";
    }
  }
  llvm::sys::fs::create_directories(
      llvm::sys::path::parent_path(entryPath(Key, ".rcs")));
  // The entry it replaces stays as the previous one: undoing the edit, or
  // switching back to a branch, finds it (checkEither). Each rename is
  // atomic; a reader that meets a mixed pair sees another checksum.
  if (llvm::sys::fs::exists(entryPath(Key, ".deps"))) {
    (void)llvm::sys::fs::rename(entryPath(Key, ".deps"),
                                entryPath(Key, ".prev.deps"));
    (void)llvm::sys::fs::rename(entryPath(Key, ".rcs"),
                                entryPath(Key, ".prev.rcs"));
  }
  notePrev(Key, false); // the entry written now is the one in use
  serialize::TUFile File;
  File.MainFile = Job.File;
  File.Module = M;
  uint64_t Checksum = 0;
  if (llvm::Error E = serialize::writeTUFileAtomically(entryPath(Key, ".rcs"),
                                                       File, &Checksum)) {
    writeFailed("entry for " + Job.File + ": " + llvm::toString(std::move(E)));
    return;
  }
  std::string Body = std::string(ManifestMagic) + "\nkey " + Key + "\nentry " +
                     llvm::utohexstr(Checksum) + "\n" + Inputs;
  Body += "sum " + llvm::utohexstr(llvm::xxh3_64bits(Body)) + "\n";
  if (llvm::Error E = writeAtomically(entryPath(Key, ".deps"), Body))
    writeFailed("manifest for " + Job.File + ": " +
                llvm::toString(std::move(E)));
}

} // namespace racer::driver
