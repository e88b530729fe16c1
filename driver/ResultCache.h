//===- ResultCache.h - The last scan's reports, by its inputs -*- C++ -*-===//
//
// Why: a nightly or CI scan of an unchanged tree must cost almost nothing.
// The per-TU cache saves the parsing, but linking and summarizing a large
// program still cost seconds. A scan's reports are a pure function of its
// TUs' modules (and of the racecar binary), so when every TU's cache entry
// is valid and identical to the last scan's (SummaryCache::probe), the last
// scan's reports are the answer.
//
//   ResultCache RC(CacheDir, Verbose, errs());
//   std::string D = ResultCache::digestOf(Identities);  // one per TU
//   if (auto Reports = RC.load(D)) ...  else { ...; RC.store(D, Reports); }
//
// One file, <cache>/last-scan.result: the digest, then the reports as
// racecar's JSON, sealed with a size and an xxh3 checksum
// (serialize::sealText). Written atomically; a damaged or foreign file is a
// miss (noted when verbose), never an error and never a wrong report.
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_RESULTCACHE_H
#define RACER_DRIVER_RESULTCACHE_H

#include "report/Report.h"
#include "report/Writers.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace racer::driver {

class ResultCache {
public:
  /// The file is <CacheDir>/<FileName>. The summary cache keeps the result
  /// of the reduce phase the same way, in another file (SccCache.h).
  ResultCache(std::string CacheDir, bool Verbose, llvm::raw_ostream &Log,
              llvm::StringRef FileName = "last-scan.result");

  /// The digest of a scan: the racecar binary's identity and the identity
  /// of every TU's cache entry, in the given (main-file) order.
  static std::string digestOf(llvm::ArrayRef<std::string> TUIdentities);

  /// The reports of the last scan if its digest is \p Digest.
  /// With \p Scope, what it checked too.
  std::optional<std::vector<report::Report>>
  load(const std::string &Digest, report::Coverage *Scope = nullptr);
  /// Records \p Reports (and what the scan checked, \p Scope) as the
  /// result of the scan with \p Digest.
  void store(const std::string &Digest,
             const std::vector<report::Report> &Reports,
             const report::Coverage &Scope = {});

private:
  std::string Path;
  bool Verbose;
  llvm::raw_ostream &Log;
};

} // namespace racer::driver

#endif
