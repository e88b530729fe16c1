//===- SummaryCache.h - Incremental scans: per-TU results on disk -*- C++ -*-===//
//
// Why: a nightly or CI scan of an unchanged tree must not parse anything
// again. Each TU's lowered module is kept in a cache directory under a key
// derived from racecar's version and the TU's compile command. Beside it, a
// manifest records every input file the TU read (main file and non-system
// headers, as recorded at parse time, like a depfile) with size, mtime and a
// BLAKE3 content hash, and the include candidates looked for and not found
// (a header appearing earlier on the search path shadows the one read), and
// the checksum of the module it describes (the two files are replaced one at
// a time: two scans storing a TU at once may mix them, which is a miss).
// The entry a store replaces is kept as the TU's previous one, used when
// only its inputs are as on disk (an edit undone, a branch switched back). An
// entry is used only if every input still has the same content and no
// absent file appeared; files whose size and mtime are unchanged are not
// re-hashed.
//
//   SummaryCache Cache(Dir, Log);
//   if (auto M = Cache.lookup(Job)) ...   else { ...; Cache.store(Job, M); }
//
// Entries are written to a temporary file and renamed, so concurrent scans
// sharing a directory never see a partial entry. A corrupt, truncated or
// old-format entry is reported (verbose) and treated as a miss.
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_SUMMARYCACHE_H
#define RACER_DRIVER_SUMMARYCACHE_H

#include "frontend/Frontend.h"
#include "summarize/ir/IR.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace racer::driver {

class SummaryCache {
public:
  /// \p Log receives one line per invalid entry when \p Verbose.
  /// \p Context is part of every key (see contextOf).
  SummaryCache(std::string Dir, bool Verbose, llvm::raw_ostream &Log,
               std::string Context = "");
  /// What of the frontend's options changes the module of a TU: flags added
  /// after `--`, body skipping, and body claims.
  static std::string contextOf(const frontend::FrontendOptions &Opts);

  /// The cached module for \p Job if all its recorded inputs are unchanged.
  std::optional<ir::Module> lookup(const frontend::TUJob &Job);
  /// Stores \p M for \p Job, recording the contents of M.Files as inputs.
  /// \p ParsedDigests (per M.Files entry, frontend::TUResult::FileDigests)
  /// are what was parsed: an input whose content on disk differs now (edited
  /// during the scan) makes the TU uncached, never cached under the new
  /// content with the old results.
  /// \p Absent (frontend::TUResult::AbsentInputs) are recorded as files that
  /// must stay absent for the entry to be used.
  void store(const frontend::TUJob &Job, const ir::Module &M,
             const std::vector<std::string> &ParsedDigests = {},
             const std::vector<std::string> &Absent = {});

  /// The identity of \p Job's entry (its key and content checksum) if the
  /// entry is there and all its recorded inputs are unchanged, without
  /// decoding it; counts nothing. A whole scan whose TUs all probe to the
  /// same identities as last time has the same result (ResultCache).
  std::optional<std::string> probe(const frontend::TUJob &Job);
  /// What an entry depends on: the files it read, and the files that must
  /// stay absent (include candidates not found).
  struct EntryInputs {
    std::vector<std::string> Files, Absent;
    /// The directories the absent files not in Absent were looked for in:
    /// unchanged (mtime), they are still not there.
    std::vector<std::string> AbsentDirs;
  };
  /// The inputs of \p Job's entry (its manifest), or nullopt if it has no
  /// valid manifest: of the entry this scan's lookup or probe used (the
  /// previous one, after an undone edit). For the warm record (WarmStart.h).
  std::optional<EntryInputs> inputsOf(const frontend::TUJob &Job);
  /// The key of a job: racecar version, lowering version, the context, the
  /// include-path environment variables, compile command and directory.
  std::string keyOf(const frontend::TUJob &Job) const;

  unsigned hits() const { return Hits; }
  unsigned misses() const { return Misses; }
  unsigned invalid() const { return Invalid; }
  const std::string &directory() const { return Dir; }
  bool verbose() const { return Verbose; }

private:
  enum class InputsState { Unchanged, Missing, Invalid, Changed };
  /// Checks the manifest of \p Key against the files on disk.
  /// With \p EntrySum: the checksum of the module it describes. With
  /// \p Prev, the previous entry's manifest (the one a store replaced).
  InputsState checkInputs(const std::string &Key, const frontend::TUJob &Job,
                          bool Quiet, std::string *EntrySum = nullptr,
                          bool Prev = false);
  /// The current entry's state, or Unchanged with \p Prev set if only the
  /// previous entry's inputs are as on disk; \p EntrySum of the one found.
  /// Notes which of the two entries of \p Key this scan uses (inputsOf).
  InputsState checkEither(const std::string &Key, const frontend::TUJob &Job,
                          bool Quiet, std::string &EntrySum, bool &Prev);
  void notePrev(const std::string &Key, bool Prev);
  std::string entryPath(const std::string &Key, const char *Ext) const;
  void note(const std::string &Message);
  /// A failed write: each one with -v, else one warning for the whole scan
  /// (a cache that is never written costs every later scan its speed).
  void writeFailed(const std::string &Message);

  std::string Dir;
  std::string Context;
  bool Verbose;
  llvm::raw_ostream &Log;
  /// A directory's mtime (ns), stat'ed once a scan; nullopt if none.
  std::optional<int64_t> dirMTime(llvm::StringRef Dir);
  std::mutex DirMTimesMutex;
  llvm::StringMap<std::optional<int64_t>> DirMTimes;
  std::atomic<unsigned> Hits{0}, Misses{0}, Invalid{0};
  /// The keys whose previous entry this scan uses (checkEither).
  std::mutex UsedPrevMutex;
  llvm::StringSet<> UsedPrev;
  std::atomic<bool> WarnedWrite{false};
};

} // namespace racer::driver

#endif
