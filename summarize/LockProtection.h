//===- LockProtection.h - When locks order two accesses --------*- C++ -*-===//
//
// Why: RacerD counts locks ("some lock is held"), which misses two threads
// that each hold a lock, but not the same one. RacerF and O2 compare lock
// identity. The rule is shared by both reporters (classes and thread
// origins), so it lives here, once:
//
//   write x under mu_a  vs  read x under mu_a   -> Safe (common lock)
//   write x under mu_a  vs  read x under mu_b   -> DifferentLocks (both sides)
//   write x under mu_a  vs  read x, no lock     -> ReportedAtOther
//   write x, no lock    vs  anything            -> Unprotected
//   write x under <unknown lock> vs read x under mu_b -> Safe (identity
//       unknown: fall back to RacerD's count; never invent a race)
//   write x under D, after taking A inside D  vs  read x under A, taken
//       while holding D -> Safe (LockNesting: the sections are ordered)
//
// A lock held in shared (reader) mode protects reads, never writes.
//
// Two locks are known to be different only when both are named directly: a
// global (`g_lock`), or a field of the object a path starts from
// (`this->mu_`, `d->mu`, `s.mu`). A lock reached through a pointer or
// reference member (`*this->mu_ptr_`), an array element, or (in a class) a
// parameter other than `this` may be the same mutex as any other: such a
// pair is treated as protected, like an unknown lock. Except for stripes:
// one location (a global's own field, `this->size_`) that both sides guard
// only with elements of lock arrays (`pthread_mutex_lock(&stripe[h % N])`)
// and named mutexes they do not share is under different locks, since two
// threads may each pick another stripe (`shards[s].count` under
// `stripe[s]` is not one location, and stays protected).
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_LOCKPROTECTION_H
#define RACER_SUMMARIZE_LOCKPROTECTION_H

#include "summarize/Summary.h"

#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace racer {

enum class PairVerdict : uint8_t {
  Safe,            ///< a common lock (or an unknown one) orders them
  Unprotected,     ///< X holds no lock that protects its kind of access
  DifferentLocks,  ///< both hold protecting locks, none in common
  ReportedAtOther, ///< X is protected, Y is not: the race is Y's report
};

/// What the roots of lock paths denote.
enum class LockScope : uint8_t {
  /// Methods of one class: Formal 0 (`this`) is the same object everywhere,
  /// other formals are unrelated objects in different methods.
  Class,
  /// One root function's terms (thread origins): every root is one object.
  Program,
};

/// How access \p X stands against \p Y, a conflicting access (same memory,
/// at least one writes, may run concurrently).
PairVerdict judgePair(const AccessSnapshot &X, const AccessSnapshot &Y,
                      LockScope Scope);

/// Some lock held by both, in a mode that protects each side's access.
bool shareProtectingLock(const AccessSnapshot &X, const AccessSnapshot &Y);
/// X and Y hold a common protecting lock that names one mutex (not an
/// element of an array of mutexes, not one reached through a pointer):
/// what makes a pair safe for sure rather than by assumption.
bool shareIdentifiableLock(const AccessSnapshot &X, const AccessSnapshot &Y,
                           LockScope Scope);
/// X and Y are ordered by locks that each name one mutex: a common one
/// (shareIdentifiableLock), or two taken one inside the other (LockNesting).
bool orderedByIdentifiableLocks(const AccessSnapshot &X,
                                const AccessSnapshot &Y, LockScope Scope);

/// judgePair and orderedByIdentifiableLocks, answered once per pair of lock
/// classes: both read of an access only its locks, the nestings before it,
/// whether it writes and whether its memory is one location (stripes), and
/// the accesses of one memory share a few such classes (a thousand accesses
/// of a field, all under its mutex).
class LockVerdicts {
public:
  explicit LockVerdicts(LockScope Scope) : Scope(Scope) {}
  /// The class of \p A. Its first access stands for a class: it must live
  /// as long as this.
  uint32_t classOf(const AccessSnapshot &A);
  struct Verdict {
    PairVerdict V;
    bool Ordered; ///< orderedByIdentifiableLocks
  };
  /// judgePair of the accesses of classes \p CX and \p CY.
  Verdict judge(uint32_t CX, uint32_t CY);

private:
  LockScope Scope;
  llvm::DenseMap<std::tuple<const void *, const void *, unsigned>, uint32_t>
      Classes;
  std::vector<const AccessSnapshot *> Members; ///< by class
  llvm::DenseMap<uint64_t, Verdict> Known;     ///< by CX << 32 | CY
};

/// The lock that guards most accesses to one location: of two accesses
/// under different locks, the one holding it is right and the other is
/// reported. Each lock counts the distinct functions (or threads) holding
/// it at an access; it guards if its count is strictly the highest.
///
///   join()  { lock(membersMu_); ++members_; }   // membersMu_: join, evict,
///   evict() { lock(membersMu_); --members_; }   //   count (3)
///   count() { lock(membersMu_); return members_; }
///   leave() { lock(heartbeatMu_); --members_; } // heartbeatMu_: leave (1)
///   -> only leave() is reported.
///
/// Writers that take two locks or more, while readers take any one of them,
/// follow a protocol of their own: the writers' lock set (the set of two or
/// more locks that the most writers hold, all of them). A read holding one
/// of its locks is right; a write holding some of them but not all is the
/// one to fix, whichever lock most accesses hold:
///
///   insert() { lock(table_); lock(stats_); ++n_; }  // writers' set
///   lookup() { lock(table_); return n_; }            // right
///   report() { lock(stats_); return n_; }            // right
///   purge()  { lock(table_); n_ = 0; }               // reported
class GuardingLock {
public:
  void add(const AccessSnapshot &A, uint32_t Holder, LockScope Scope);
  /// True if \p A is on the right side: it holds the writers' lock set as
  /// the protocol above asks, or else the guarding lock, in a mode that
  /// protects it.
  bool heldBy(const AccessSnapshot &A) const;

private:
  void compute() const;

  std::map<ir::AccessPath, std::set<uint32_t>> Holders;
  /// The identifiable exclusive locks held at writes (sorted), by set.
  std::map<std::vector<ir::AccessPath>, std::set<uint32_t>> WriteSets;
  mutable bool Computed = false;
  mutable std::optional<ir::AccessPath> Guard;
  mutable std::vector<ir::AccessPath> WritersSet;
};

} // namespace racer

#endif
