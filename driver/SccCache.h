//===- SccCache.h - Summaries reused per SCC, with early cutoff -*- C++ -*-===//
//
// Why: an edited file costs its own parse, then the whole-program phases.
// Summarizing every function again made an edit on redis (a C program of
// 4,852 functions) cost 58% of a cold scan. A summary is a pure function of
// its function's body and its callees' summaries, so each SCC is keyed by
//
//   key(C) = digest(salt, C's functions' digests (ir::functionDigest), for
//                   each callee of C: its symbol and the digest of its SCC's
//                   summaries, or "no body")
//
// and an SCC whose key is in the store (serialize/SccStore.h) takes its
// summaries from there. Keying by the callees' *summaries* (not their keys)
// gives early cutoff: a re-summarized SCC whose summaries come out the same
// leaves its callers' keys unchanged, and they reuse theirs. The salt is
// racecar's version and binary (a rebuilt racecar may summarize otherwise)
// and the project's lock models (.racecar.yaml).
//
// Neither digest depends on where a function is in its file: a body's lines
// and the places its summaries name are measured from the first line of the
// function whose text holds them (driver/LineAnchors.h), so lines added
// above functions re-summarize none of them; a reused summary's places are
// put where their functions are now as it is read.
//
// The reduce phase (pairing accesses into reports) is reused the same way,
// as a whole: its key is every function's digest, every SCC's summaries
// digest, the classes, the file table and the config's thread-safe classes;
// when it matches the last reduce, its reports are the answer.
//
// Reused summaries are read lazily: an SCC whose key matches is adopted
// without reading anything; its summaries are read whole when a caller is
// re-summarized, and otherwise only if the pairing runs: then the heads of
// every adopted SCC (all but the accesses), and the accesses the reduce
// reads (thread roots and entries, classes checked; see ProgramSummarizer's
// ReleaseUnneeded). An edit whose summaries come out the same but for lines
// reads the entries of the edited SCCs' callees only. When nothing changed
// but a comment (every key matches), nothing is read but the store's index.
//
//   SccCache Cache(Dir, Verbose, errs());
//   SccCache::Run Run(Cache, Program, PS);   // Program.FunctionDigests set
//   if (auto Reports = Run.reuseAll()) ...   // every SCC and the reduce
//   else { scheduler calls Run.step(C) per SCC, callees first;
//          if (auto Reports = Run.reuseReduce()) ...   // the last pairing's
//          scheduler calls Run.adopt(C) per SCC, callees first;
//          PS.releaseCallablesNotStarted();
//          if (!Run.finish()) retry with Run(..., /*Reuse=*/false);
//          reduce; Run.store(Reports); }
//
// A damaged store or entry is a miss (noted with -v), never an error or a
// wrong report: if an entry cannot be read when a caller needs it, the
// whole program is summarized again without reusing anything (finish()
// returns false), and the store is rewritten.
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_SCCCACHE_H
#define RACER_DRIVER_SCCCACHE_H

#include "driver/LineAnchors.h"
#include "driver/LineMoves.h"
#include "driver/Linker.h"
#include "driver/ResultCache.h"
#include "driver/ShiftedReduce.h"
#include "report/Report.h"
#include "serialize/SccStore.h"
#include "summarize/Summarizer.h"
#include "summarize/ir/FunctionDigest.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace racer::driver {

/// What one reduce did with the cache (PhaseStats, -v).
struct SccCacheStats {
  unsigned Reused = 0;     ///< SCCs whose summaries came from the store
  unsigned Recomputed = 0; ///< SCCs summarized
  /// Of those, the SCCs whose summaries came out as in the scan that last
  /// stored them: their callers kept theirs (early cutoff).
  unsigned Unchanged = 0;
  /// Of the reused: SCCs whose callees' summaries had changed in lines
  /// only, read with their places moved (LineMoves.h).
  unsigned LinesMoved = 0;
  /// Stored entries read (whole or their heads): the reused SCCs whose
  /// summaries someone needed, and the older versions lines moved from.
  unsigned Read = 0;
  bool ReduceReused = false; ///< the reports came from the last reduce
  /// ... with their lines moved (ShiftedReduce.h).
  bool ReduceShifted = false;
};

class SccCache {
public:
  /// Keeps the store in <CacheDir>/summaries and the last reduce's reports
  /// in <CacheDir>/last-reduce.result. Without \p ReuseReduce, every reduce
  /// runs (summaries are still reused): the caller needs more of it than the
  /// reports (--verdict: the program's assumptions).
  SccCache(const std::string &CacheDir, bool Verbose, llvm::raw_ostream &Log,
           bool ReuseReduce = true);
  ~SccCache();

  /// The cache applied to one linked program.
  class Run {
  public:
    /// \p P must have FunctionDigests (Linker with DigestBodies) and
    /// \p PS be built over P.Functions and P.Classes. With \p Reuse false,
    /// every SCC is summarized and stored anew (a retry after a damaged
    /// entry).
    Run(SccCache &Cache, const LinkedProgram &P, ProgramSummarizer &PS,
        bool Reuse = true);

    /// If every SCC's key is in the store and the reduce of those
    /// summaries is the last one recorded: its reports. Reads no
    /// summaries.
    std::optional<std::vector<report::Report>>
    reuseAll(report::Coverage *Scope = nullptr);

    /// Adopts (reading nothing) or summarizes SCC \p C; its callee SCCs
    /// must be done. Thread-safe for distinct SCCs.
    void step(uint32_t C);
    /// Whether summaries may come from the store: then a stored entry may
    /// turn out unreadable, and everything be summarized again (finish()),
    /// so the bodies must stay. Without (an empty store: a first scan), a
    /// summarized SCC's bodies can go as in a scan without cache.
    bool mayAdopt() const { return Reuse && Cache.Store->size() != 0; }
    /// After every step: if every SCC's summaries came out as in the last
    /// reduce (an edit that changed no summary), that reduce's reports; if
    /// they changed in lines only, those reports with their lines moved
    /// (ShiftedReduce.h). The store is written then.
    std::optional<std::vector<report::Report>>
    reuseReduce(report::Coverage *Scope = nullptr);
    /// When the pairing runs, after every step: gives the summarizer
    /// adopted SCC \p C's summaries (their heads, unless a caller read them
    /// whole) and does its bookkeeping (ProgramSummarizer::finishSCC); its
    /// callee SCCs must be done. Thread-safe for distinct SCCs.
    void adopt(uint32_t C);
    /// After every adopt: reads the accesses the reduce phase needs. False
    /// if a stored entry turned out unreadable (summaries may then be
    /// incomplete: summarize again with Reuse = false).
    bool finish();
    /// Records the reduce's reports and writes the store.
    void store(const std::vector<report::Report> &Reports,
               const report::Coverage &Scope = {});

    SccCacheStats stats() const;

  private:
    /// With \p CalleeSCCs: the callee SCCs the key names by their
    /// summaries, in its order.
    ir::Digest keyOf(uint32_t C,
                     std::vector<uint32_t> *CalleeSCCs = nullptr) const;
    /// Their summaries' digests now.
    std::vector<ir::Digest> basisOf(const std::vector<uint32_t> &Callees) const;
    /// The digest of \p E's summaries with its places moved as its
    /// callees' moved since (to \p Now).
    static ir::Digest movedDigest(const serialize::SccEntry &E,
                                  const std::vector<ir::Digest> &Now);
    /// Keeps in the store the callee versions \p E's moves are found from.
    void keepMoveSources(const serialize::SccEntry &E,
                         const std::vector<ir::Digest> &Now);
    /// How \p E's places moved as its callees' moved since (to \p Now),
    /// or null if they changed in more than lines.
    std::shared_ptr<const LineMoves>
    calleeMoves(const serialize::SccEntry &E,
                const std::vector<uint32_t> &Callees,
                const std::vector<ir::Digest> &Now);
    /// How SCC \p K's places moved since its summaries were \p Then (the
    /// digest of a stored version of one shape), or null if they did not
    /// only move.
    std::shared_ptr<const LineMoves> movesOf(uint32_t K, const ir::Digest &Then);
    /// \p E read (with \p HeadsOnly, all but the accesses; with
    /// \p Members, the accesses of those members only), or none (why in
    /// \p Why).
    std::optional<std::vector<FunctionSummary>>
    read(const serialize::SccEntry &E, bool HeadsOnly,
         std::string *Why = nullptr,
         const std::vector<bool> *Members = nullptr) const;
    uint64_t identityOf(uint32_t C) const;
    /// What the pairing reads; \p ByShape: the same without lines (the
    /// summaries by shape, places by their functions).
    ir::Digest reduceKey(bool ByShape = false) const;
    /// The stored summaries SCC \p C's are (or are moved from).
    ir::Digest entryOf(uint32_t C) const {
      return Adopted[C] ? Adopted[C]->Summaries : Summaries[C];
    }
    /// Aligns SCC \p C, just summarized (\p Shape), with the summaries the
    /// last pairing read (Shifts).
    void alignWithLast(uint32_t C, const ir::Digest &Shape);
    /// How SCC \p C's places moved from the summaries the last pairing
    /// read to \p Now (of shape \p Shape), every place known; or null.
    std::shared_ptr<const LineMoves>
    alignedWithLast(uint32_t C, const ir::Digest &Shape,
                    llvm::ArrayRef<const FunctionSummary *> Now);
    /// The same for adopted SCC \p C, whose stored summaries are not the
    /// ones the last pairing read (an edit undone). False if they differ in
    /// more than lines.
    bool alignAdopted(uint32_t C);
    /// The last pairing's reports with their lines moved, or none.
    std::optional<std::vector<report::Report>>
    reuseShifted(report::Coverage *Scope);
    /// reduceKey() once every SCC is done (reuseReduce, then store).
    const ir::Digest &finalReduceKey();
    /// reduceKey(/*ByShape=*/true) once every SCC is done (reuseShifted,
    /// then store).
    const ir::Digest &finalShapeKey();
    /// Reads the summaries of adopted SCC \p C's members flagged in
    /// \p Wanted whole into PS, those not read yet (before its adopt: a
    /// caller being summarized reads the members it calls; lines moved
    /// from it, all). Thread-safe.
    void ensureMembers(uint32_t C, const std::vector<bool> &Wanted);
    /// Reads the accesses of adopted SCC \p C into PS: those of its members
    /// not released and not read whole before (after its adopt: the reduce
    /// reads them). Once per SCC.
    void ensureAccesses(uint32_t C);
    /// Reads the members of adopted SCC \p C that \p Which picks (by
    /// function and member index; their accesses, every member's head) and
    /// hands each to \p Take.
    void readMembers(
        uint32_t C, llvm::function_ref<bool(uint32_t F, size_t M)> Which,
        llvm::function_ref<void(uint32_t F, FunctionSummary &&S)> Take);
    /// Adopted SCC \p C's stored summaries (of \p Members only, if given:
    /// decodeSummaries), with their pending moves.
    std::optional<std::vector<FunctionSummary>>
    readAdopted(uint32_t C, bool HeadsOnly,
                const std::vector<bool> *Members = nullptr);
    void fail(const std::string &Message);
    /// P.Files' index of \p Path; sets \p Foreign if it has none.
    uint32_t fileIndex(llvm::StringRef Path, bool &Foreign) const;
    /// The first line of anchor \p Function; sets \p Foreign if P has no
    /// such anchor.
    uint32_t firstLine(llvm::StringRef Function, bool &Foreign) const;

    SccCache &Cache;
    const LinkedProgram &P;
    ProgramSummarizer &PS;
    const bool Reuse;
    /// What the places in summaries are measured from.
    const LineAnchors Anchors;
    ir::Digest Salt;
    std::optional<ir::Digest> FinalReduceKey, FinalShapeKey;
    /// Per SCC: its summaries' digest (set once it is done), the entry it
    /// was adopted from, and whether its accesses were read.
    std::vector<ir::Digest> Summaries;
    /// Per SCC: its summaries' shape (serialize::EncodedSummaries::Shape),
    /// what its callers' keys name: a caller whose callees moved lines only
    /// keeps its key, and its stored summaries are read with their places
    /// moved (LineMoves.h).
    std::vector<ir::Digest> Shapes;
    std::mutex MovesMutex;
    /// Per SCC and stored version: how its places moved since (null: not
    /// only moved). Shared by its callers.
    std::map<std::pair<uint32_t, ir::Digest>, std::shared_ptr<const LineMoves>>
        KnownMoves;
    std::vector<const serialize::SccEntry *> Adopted;
    /// Per SCC adopted from an entry made from callees that have moved
    /// lines since: how its places move (applied when it is read), else
    /// null.
    std::vector<std::shared_ptr<const LineMoves>> PendingMoves;
    /// reuseAll's entries made from callees that moved since, with the
    /// callees' summaries now.
    std::vector<std::pair<const serialize::SccEntry *, std::vector<ir::Digest>>>
        MoveSources;
    /// Per function of an adopted SCC: its summary was read whole before
    /// its SCC's adopt (ensureMembers; under the SCC's stripe of
    /// MembersMutex).
    std::vector<char> ReadWhole;
    std::mutex MembersMutex[16];
    /// The program's file index of each path (for decoding).
    llvm::StringMap<uint32_t> FileIds;
    /// Per function: the digest of the functions its body names as
    /// callables and thread entries (reduceKey).
    std::vector<ir::Digest> Named;
    std::atomic<unsigned> Reused{0}, Recomputed{0}, Unchanged{0},
        LinesMoved{0};
    mutable std::atomic<unsigned> Read{0};
    std::atomic<bool> Failed{false};
    bool ReduceReused = false, ReduceShifted = false;
    /// The last pairing's record (ShiftedReduce.h), if it is this
    /// program's; per SCC summarized again with other summaries than it
    /// read: how their places moved since (null: not only moved).
    std::optional<ShiftRecord> Last;
    std::once_flag LastRead;
    /// Reads Last once (an SCC summarized again, or the reduce); false if
    /// there is none for this program.
    bool haveLast();
    std::vector<std::shared_ptr<const LineMoves>> Shifts;
    std::atomic<bool> ShiftFailed{false};
    std::unique_ptr<serialize::SccStore::Writer> Writer;
  };

  /// With -v: one line saying what the summary cache did.
  void describe(const SccCacheStats &S);

private:
  void note(const std::string &Message);
  /// A write of the store failed: noted with -v, else one warning a scan.
  void writeFailed(const std::string &Why);
  std::atomic<bool> WarnedWrite{false};

  std::string Dir;
  /// The last pairing's places (ShiftedReduce.h).
  std::string PlacesPath;
  bool Verbose;
  llvm::raw_ostream &Log;
  std::mutex LogMutex;
  std::unique_ptr<serialize::SccStore> Store;
  ResultCache Reduce;
  bool ReuseReduce;

};

} // namespace racer::driver

#endif
