//===- Summarizer.h - Bottom-up summaries for a linked program -*- C++ -*-===//
//
// Why: the link step hands over every function of the program (one copy per
// symbol); this computes their summaries callees-first over the call graph's
// SCCs. Scheduling is left to the caller (driver/ uses TBB tasks that start an
// SCC as soon as its callees are done), so this folder stays free of TBB.
//
//   ProgramSummarizer PS(Functions);
//   PS.summarizeAll();                  // or summarizeSCC(C) from any thread
//   const FunctionSummary &S = PS.summaries()[I];
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_SUMMARIZER_H
#define RACER_SUMMARIZE_SUMMARIZER_H

#include "summarize/CallGraph.h"
#include "summarize/Summary.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace racer {

/// Runs the tasks of a DAG, for the members of a recursive SCC (driver/
/// gives one on TBB; this folder stays free of it).
class TaskScheduler {
public:
  virtual ~TaskScheduler();
  /// Runs Task(0) .. Task(N - 1), N = Before.size(): Task(I) starts once
  /// Task(J) returned for every J in Before[I] (each J < I). Any order and
  /// concurrency that keeps that; this one runs them in index order.
  virtual void runDag(const FlatLists &Before,
                      llvm::function_ref<void(uint32_t)> Task) const;
};

class ProgramSummarizer {
public:
  /// With \p ReleaseUnneeded, the accesses of a summary are freed as soon as
  /// every SCC that calls it is done, unless the reduce phase reads them:
  /// functions named as callables (thread entries), uncalled functions that
  /// start threads (thread roots), and functions of classes that show
  /// evidence of concurrent use (the class check; see ConflictFinder.h): a
  /// flag in \p Classes, or a member that takes a lock itself. A class's
  /// evidence is known once all its members are summarized; until then its
  /// members are kept. Spawns and flags are always kept. It bounds memory to
  /// the summaries still needed (a large program's call tree otherwise keeps
  /// millions of snapshots alive until the end).
  explicit ProgramSummarizer(const std::vector<ir::Function> &Functions,
                             bool ReleaseUnneeded = false,
                             const std::vector<ir::ClassInfo> &Classes = {});

  const CallGraph &graph() const { return Graph; }

  /// Runs a recursive SCC's members on \p S (kept by the caller): each
  /// round of its fixpoint is the same, whatever S does (see computeSCC).
  void setScheduler(const TaskScheduler *S) { Scheduler = S; }

  /// Summarizes every function of SCC \p C, iterating to a fixpoint (at most
  /// MaxRounds) if it is recursive. Precondition: all SCCs it calls are done.
  /// Safe to call concurrently for different SCCs. It reads the bodies of
  /// C's members only, so once it returns the owner of the functions may
  /// free those bodies (the driver does, to bound memory).
  void summarizeSCC(uint32_t C);
  /// All SCCs, bottom-up, on the calling thread.
  void summarizeAll();

  /// summarizeSCC in two halves, for a driver that reuses summaries
  /// (driver/SccCache.h): computeSCC runs the fixpoint and leaves the
  /// members' summaries in summaries(); finishSCC does the bookkeeping that
  /// follows (class evidence, freeing callees' accesses). Call both, once
  /// each, in that order.
  void computeSCC(uint32_t C);
  void finishSCC(uint32_t C);
  /// Instead of computing SCC \p C: its members' summaries, in member order,
  /// from an earlier scan. They may lack their accesses (loaded later with
  /// setAccesses, by whoever needs them: a caller being summarized, or the
  /// reduce phase if released() stays false). Then finishSCC(C).
  void adoptSCC(uint32_t C, std::vector<FunctionSummary> Members);
  /// adoptSCC's first half, one member at a time, for a driver that reads
  /// some members' summaries before their SCC's turn (a caller being
  /// summarized needs them): finishSCC follows in its turn, once every
  /// member has its summary.
  void putSummary(uint32_t F, FunctionSummary S) {
    Summaries[F] = std::move(S);
  }
  /// Gives function \p F (adopted without them) its accesses. The caller
  /// makes sure nobody reads F's summary meanwhile.
  void setAccesses(uint32_t F, std::vector<AccessSnapshot> Accesses) {
    Summaries[F].Accesses = std::move(Accesses);
  }
  /// With ReleaseUnneeded: F's accesses were freed (or, adopted, need never
  /// be loaded): no caller is left to read them and the reduce phase does
  /// not.
  bool released(uint32_t F) const {
    return ReleaseUnneeded && Released[F].load();
  }

  /// Once every SCC is done: releases the accesses of the functions kept
  /// only because code names them as callables (Retained) that no summary
  /// starts as a thread. Whether a callable runs as a thread is known only
  /// from its namers' summaries (`create_worker(worker, ..)` binds it at the
  /// call); the reduce reads the accesses of thread entries, roots and
  /// checked classes' methods, and no other. Returns how many it released.
  unsigned releaseCallablesNotStarted();

  const std::vector<FunctionSummary> &summaries() const { return Summaries; }
  const std::vector<ir::Function> &functions() const { return Functions; }

  static constexpr unsigned MaxRounds = 4;

  /// The function whose summarization took the most work units
  /// (summarize/WorkLimit.h) among those computed, and the units.
  std::pair<uint64_t, uint32_t> mostWork() const {
    std::lock_guard<std::mutex> G(WorkMu);
    return MostWork;
  }

private:
  /// Called once per function when every SCC calling it is done: frees the
  /// accesses of \p F's summary if the reduce phase does not read them (see
  /// the constructor), or leaves that to its class's last member.
  void callersDone(uint32_t F);
  /// Called when the last member of class \p K is summarized.
  void classDone(uint32_t K);
  void release(uint32_t F);
  /// The rounds of recursive SCC \p C's fixpoint (computeSCC).
  void iterateSCC(uint32_t C, llvm::ArrayRef<const ir::Function *> Bodies);

  const std::vector<ir::Function> &Functions;
  CallGraph Graph;
  const TaskScheduler *Scheduler = nullptr;
  std::vector<FunctionSummary> Summaries;
  bool ReleaseUnneeded;
  /// Per SCC: the other SCCs it calls, and how many of its caller SCCs are
  /// not done yet (only with ReleaseUnneeded).
  FlatLists CalleeSCCs;
  std::unique_ptr<std::atomic<uint32_t>[]> CallersLeft;
  mutable std::mutex WorkMu;
  std::pair<uint64_t, uint32_t> MostWork{0, 0};
  /// Per function: the reduce phase reads its accesses whatever its class.
  std::vector<bool> Retained;
  /// Per function: a function of another SCC calls it.
  std::vector<bool> CalledFromOutside;
  /// Per function: its class's index into the class tables, or -1.
  std::vector<int32_t> ClassOf;
  /// Per class: its members, how many are not summarized yet, and whether
  /// it shows evidence of concurrent use (so far).
  std::vector<std::vector<uint32_t>> ClassMembers;
  std::unique_ptr<std::atomic<uint32_t>[]> MembersLeft;
  std::unique_ptr<std::atomic<bool>[]> ClassChecked;
  /// Per function: every SCC calling it is done; its accesses are freed.
  std::unique_ptr<std::atomic<bool>[]> CallersDone, Released;
};

bool operator==(const FunctionSummary &A, const FunctionSummary &B);

} // namespace racer

#endif
