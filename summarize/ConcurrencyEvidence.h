//===- ConcurrencyEvidence.h - Which classes the class check reads -*- C++ -*-===//
//
// Why: RacerD checks a class "as if its methods could run concurrently" only
// when the class shows evidence of concurrent use. That evidence must be the
// class's own: an iterator that calls a locking method of the database it
// points to is not shared because the database is, and a class handed its
// owner's mutex as a parameter (`LogAndApply(edit, mu)`) is synchronized by
// that owner. The rule is here, once, so that the summarizer (which keeps
// the accesses the check will read) and the conflict finder agree.
//
// A class is checked when it owns synchronization:
//   - a method locks, unlocks, try-locks, asserts or REQUIRES a lock that is
//     part of the object (`this->mu_`, `this->state_.mu`, a base's member)
//     or a global/static lock (`static std::mutex mu_`, `g_registry_mu`);
//   - its declaration says so: a GUARDED_BY field, the class is a
//     capability, or annotate("racecar_thread_safe");
//   - one of its methods is started as a thread entry.
// A lock reached through a pointer or reference member (`this->db_->mu_`),
// a parameter's lock, a local one, or one whose identity is unknown is some
// other object's, and is not evidence. Constructors and destructors do not
// count (their object is not shared yet).
//
// Every input is the class's own (its declaration and its members'
// summaries), so the verdict does not depend on which other translation
// units are in the scan.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_CONCURRENCYEVIDENCE_H
#define RACER_SUMMARIZE_CONCURRENCYEVIDENCE_H

#include "summarize/Summary.h"
#include "summarize/ir/IR.h"

#include <cstdint>

namespace racer {

/// Whose lock a function operates on, as bits of
/// FunctionSummary::LockOwners.
enum LockOwner : uint8_t {
  /// Part of the object `this` points to: `this->mu_`, `this->a.b.mu`.
  OwnMemberLock = 1,
  /// A global or static variable (or a field of one): `g_mu`, `Cls::mu_`.
  GlobalLock = 2,
  /// Anything else: a parameter's, a pointee's reached further away, a
  /// local one, an array element, or unknown.
  ForeignLock = 4,
  /// Reached through one pointer member of `this` (`db_mutex_->Lock()`,
  /// `db_->mutex_`): a lock the object points to, usually its owner's.
  MemberPointerLock = 8,
  /// Handed to the method as a parameter (`void Apply(Edit *e, Mutex *mu)
  /// { mu->Unlock(); ... }`): the caller's lock, usually its owner's.
  ParameterLock = 16,
};

/// The LockOwner bits that get a class checked (at some confidence): a
/// class whose methods show none of them is not checked, and the summarizer
/// may release its accesses early (Summarizer.cpp).
constexpr uint8_t CheckedLockOwners =
    OwnMemberLock | GlobalLock | MemberPointerLock | ParameterLock;

/// Classifies \p L, a lock in the terms of a function whose Formals[0] is
/// `this` iff \p HasThis.
LockOwner classifyLock(const HeldLock &L, bool HasThis);

/// A lock of the object a method runs on (`this->mu_`, `this->p_->mu`):
/// every object has its own, so it orders nothing about memory all objects
/// share (a global, a function-local `static`).
inline bool isPerObjectLock(const HeldLock &L) {
  return !L.Unknown && L.Lock.Root == ir::RootKind::Formal &&
         L.Lock.Index == 0;
}

/// Why a class is (or is not) checked.
enum class EvidenceKind : uint8_t {
  None,        ///< no evidence: the class is not checked
  Declared,    ///< GUARDED_BY / capability / racecar_thread_safe
  OwnLock,     ///< a method operates on a lock that is part of the object
  GlobalLock,  ///< a method operates on a global or static lock
  ThreadEntry, ///< a method is started as a thread
  /// Not evidence, but not nothing: a method operates only on locks the
  /// object points to (MemberPointerLock). Checked, every finding low
  /// (LowForeignLockOnly), so what the check sees is one flag away.
  ForeignLockOnly,
  /// Not evidence either: the only locks its methods operate on are handed
  /// to them as parameters (ParameterLock). Checked, every finding low
  /// (LowParameterLockOnly): such a class is used under its caller's lock,
  /// and a method that drops it, or never takes it, may race.
  ParameterLockOnly,
};

/// What the rule reads about one class.
struct ClassFacts {
  /// The class declaration's flags (nullptr if no declaration was seen).
  const ir::ClassInfo *Info = nullptr;
  /// OR of LockOwners over the class's methods (constructors and
  /// destructors excluded).
  uint8_t MethodLockOwners = 0;
  /// Some method is a thread's entry.
  bool HasThreadEntry = false;
};

/// The rule. The strongest evidence wins: Declared, then OwnLock,
/// ThreadEntry, GlobalLock, ForeignLockOnly.
EvidenceKind classEvidence(const ClassFacts &Facts);

/// The lock owners of \p F's summary that count for its class, or 0 if \p F
/// is not a member that counts (a constructor, destructor or free function).
uint8_t memberLockOwners(const ir::Function &F, const FunctionSummary &S);

} // namespace racer

#endif
