//===- ReportCollector.cpp - Words, dedups and orders race findings -------===//

#include "report/ReportCollector.h"

#include "summarize/ConcurrencyEvidence.h"
#include "summarize/LibraryModels.h"
#include "summarize/Witness.h"

#include <cstring>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>

using namespace racer;
using namespace racer::report;

const char *racer::report::ruleId(RaceKind K) {
  switch (K) {
  case RaceKind::UnprotectedWrite:
    return UnprotectedWriteRuleId;
  case RaceKind::ReadWriteRace:
    return ReadWriteRaceRuleId;
  case RaceKind::DifferentLocks:
    return DifferentLocksRuleId;
  }
  return UnprotectedWriteRuleId;
}

namespace {

SourceLocation toSource(const ir::Loc &L, const std::vector<std::string> &Files) {
  SourceLocation S;
  S.File = L.File < Files.size() ? Files[L.File] : std::string("<unknown>");
  S.Line = L.Line;
  S.Col = L.Col;
  return S;
}

/// The container access is a call on a std smart pointer (`sink_.get()`):
/// the pointer itself, no container.
bool onPointerOrHolder(const AccessSnapshot &A) {
  return isSmartPointerMethod(A.containerMethod()) ||
         isValueHolderMethod(A.containerMethod());
}

/// `P`, or container `P` (call to 'M'). \p PathStr is A.Path.str().
std::string accessPhrase(const AccessSnapshot &A, const std::string &PathStr) {
  std::string P = "`" + PathStr + "`";
  if (A.isAssumedWrite())
    return P + " (passed to '" + A.containerMethod().str() + "')";
  if (!isContainer(A.Kind))
    return P;
  std::string S = onPointerOrHolder(A) ? P : "container " + P;
  if (!isWrite(A.Kind) && isContainerCopyMethod(A.containerMethod()))
    S += " (copied by '" + A.containerMethod() + "')";
  else if (!A.containerMethod().empty())
    S += " (call to '" + A.containerMethod() + "')";
  return S;
}

/// A lambda's body, folded into the function that creates or calls it
/// ("C::f::lambda@12:18"): its code is written where the function is, so
/// the user reads it there, not at the lambda.
bool isLambdaFrame(const CallSite &C) {
  return llvm::StringRef(C.Callee.str()).contains("lambda@");
}

/// A lambda frame located at the lambda itself: its body folded in where it
/// is created (it runs later: a callback, a thread's body), not a call. A
/// lambda in a function is named by its line's offset in that function
/// ("lambda@+3:18", frontend/SymbolNames.cpp): its column tells.
bool atLambdaCreation(const CallSite &C) {
  llvm::StringRef N = C.Callee.str();
  size_t At = N.rfind("lambda@");
  if (At == llvm::StringRef::npos)
    return false;
  auto [Line, Col] = N.substr(At + strlen("lambda@")).split(':');
  const bool Offset = Line.consume_front("+");
  unsigned L = 0, K = 0;
  return !Line.getAsInteger(10, L) && !Col.getAsInteger(10, K) &&
         (Offset || L == C.Location.Line) && K == C.Location.Col;
}

/// The first call of \p A's chain that is not into a lambda's body: the
/// call the user sees in the reported function's own code; null if the
/// access is written there (directly, or in a lambda of it).
const CallSite *firstShownCall(const AccessSnapshot &A) {
  for (const CallSite &C : A.Trace)
    if (!isLambdaFrame(C))
      return &C;
  return nullptr;
}

/// A race between threads (no class) is reported where the access is: the
/// line to fix is the same whichever root or thread reaches it, and a
/// report at each caller's call would say it once per caller and never
/// there. A class's race is reported in the public method (RacerD's rule:
/// the method is the contract, and its call is where a caller sees it).
bool reportedAtAccess(const RaceFinding &F) { return F.Class.empty(); }

/// A race between threads where the other side holds the lock of the very
/// object it touches (`l->mutex` around `l->dropped = 0`) and this side
/// does not: that object's fields are meant to be guarded by its own lock,
/// the strongest sign a race is a bug. Such a finding is a report of its
/// own, not a note of whatever else the same call of a thread reaches
/// (when it is high: a low one's doubt, elements of an array each thread
/// may have its own of, says the two may be different objects).
bool breaksOwnLock(const RaceFinding &F) {
  if (!reportedAtAccess(F))
    return false;
  const AccessSnapshot &C = F.Conflicting.Access;
  if (C.Path->Steps.size() < 2 ||
      C.Path->Steps.back().kind() != ir::StepKind::Field)
    return false;
  for (const HeldLock &L : C.Locks) {
    if (L.Unknown || L.protectsNothing() || (L.Shared && isWrite(C.Kind)) ||
        L.Lock.Steps.size() != C.Path->Steps.size() ||
        L.Lock.Steps.back().kind() != ir::StepKind::Field ||
        !L.Lock.sameRoot(C.Path) ||
        !std::equal(C.Path->Steps.begin(), std::prev(C.Path->Steps.end()),
                    L.Lock.Steps.begin()))
      continue;
    // The same lock, by our side's name for the object, held here too.
    ir::AccessPath Ours = F.Reported.Access.Path;
    if (!Ours.Steps.empty())
      Ours.Steps.back() = L.Lock.Steps.back();
    bool Held = llvm::any_of(F.Reported.Access.Locks, [&](const HeldLock &M) {
      return !M.Unknown && (M.Lock == L.Lock || M.Lock == Ours);
    });
    if (!Held)
      return true;
  }
  return false;
}

/// The call that groups \p A with the other accesses it reaches (one
/// report, the others its notes): the first shown call, or, past the call
/// of an event loop, the call of the callback it runs. Two callbacks of one
/// loop are two causes, not one. (Calls through other slots stay grouped:
/// splitting those too made redis's 10 reports 34, most of them callbacks
/// of redis's own ae loop reached from the redis-benchmark program's
/// threads, which the same compile database holds.)
const CallSite *groupingCall(const AccessSnapshot &A) {
  const CallSite *Group = firstShownCall(A);
  bool AfterSlot = false;
  for (const CallSite &C : A.Trace) {
    if (AfterSlot && !isLambdaFrame(C))
      Group = &C;
    AfterSlot = C.RunsLoop;
  }
  return Group;
}

ir::Loc sideIrLoc(const AccessSnapshot &A, bool AtAccess) {
  const CallSite *C = AtAccess ? nullptr : firstShownCall(A);
  return C ? C->Location : A.Location;
}

/// The function whose code holds the access of \p S: the last callee of its
/// chain that is not a lambda's body, or the top-level function.
std::string accessFunction(const RaceSide &S) {
  std::string Inner = S.Function;
  for (const CallSite &C : S.Access.Trace)
    if (!isLambdaFrame(C))
      Inner = C.Callee.str();
  return Inner;
}

std::string viaCall(const AccessSnapshot &A) {
  const CallSite *C = firstShownCall(A);
  if (!C)
    return "";
  return " (via call to '" + C->Callee.str() + "')";
}

/// Where the user acts on one side: the first call toward the access in the
/// top-level function's own code (a lambda's body included), or the access
/// itself (always, for a race between threads).
SourceLocation sideLoc(const RaceSide &S, bool AtAccess,
                       const std::vector<std::string> &Files) {
  return toSource(sideIrLoc(S.Access, AtAccess), Files);
}

/// The call chain as notes, ending with the access; empty for a direct access.
/// \p PathStr is S.Access.Path.str().
std::vector<Note> sideTrace(const RaceSide &S,
                            const std::vector<std::string> &Files,
                            const std::string &PathStr) {
  std::vector<Note> Notes;
  const AccessSnapshot &A = S.Access;
  if (A.Trace.empty())
    return Notes;
  Notes.reserve(A.Trace.size() + 1);
  for (const CallSite &C : A.Trace) {
    std::string Msg;
    Msg.reserve(C.Callee.size() + 40);
    Msg += atLambdaCreation(C) ? "lambda '" : "call to '";
    Msg += C.Callee.str();
    Msg += '\'';
    if (atLambdaCreation(C))
      Msg += " created here; its body may run later";
    Notes.push_back({toSource(C.Location, Files), std::move(Msg)});
  }
  // A chain longer than the frames kept says so: the access does not
  // follow from the last call shown.
  if (size_t Hidden = A.Trace.hidden())
    Notes.push_back({Notes.back().Loc,
                     "... " + std::to_string(Hidden) + " more call" +
                         (Hidden == 1 ? "" : "s") + " (not shown)"});
  std::string P = "`" + PathStr + "`";
  std::string Last;
  if (isContainer(A.Kind)) {
    const char *Kind = onPointerOrHolder(A) ? "" : "container ";
    Last = A.containerMethod().empty() ? "call on container " + P + " here"
           : !isWrite(A.Kind) && isContainerCopyMethod(A.containerMethod())
               ? std::string("copy of ") + Kind + P + " by '" +
                     A.containerMethod() + "' here"
               : "call to '" + A.containerMethod() + "' on " + Kind + P +
                     " here";
  } else if (A.isAssumedWrite()) {
    Last = "`&" + PathStr + "` passed to '" + A.containerMethod().str() +
           "' here, which may write it";
  } else if (isWrite(A.Kind)) {
    Last = "write to " + P + " here";
  } else {
    Last = "read of " + P + " here";
  }
  Notes.push_back({toSource(A.Location, Files), std::move(Last)});
  return Notes;
}

/// " under `a`, `b`": the identified locks held at \p A; with \p Relevant,
/// those it accepts, unless it accepts none.
std::string underLocks(const AccessSnapshot &A,
                       std::optional<LockRelevance> Relevant = std::nullopt) {
  if (Relevant &&
      std::none_of(A.Locks.begin(), A.Locks.end(), [&](const HeldLock &L) {
        return !L.Unknown && !L.protectsNothing() && (*Relevant)(L);
      }))
    Relevant.reset();
  std::string S;
  for (const HeldLock &L : A.Locks) {
    if (L.Unknown || L.protectsNothing() || (Relevant && !(*Relevant)(L)))
      continue;
    S += S.empty() ? " under `" : ", `";
    S += L.Lock.str();
    S += '`';
    if (L.Shared)
      S += " (shared)";
  }
  return S;
}

/// A global or static held only under locks of the object a method runs on
/// (`this->mu_`): every object has its own, so they do not protect it.
bool onlyObjectLocksOnGlobal(const AccessSnapshot &A) {
  return A.Path->Root == ir::RootKind::Global && A.holdsMutex() &&
         std::all_of(A.Locks.begin(), A.Locks.end(), [](const HeldLock &L) {
           return L.protectsNothing() || isPerObjectLock(L);
         });
}

/// A lock \p A holds that is any element of an array of mutexes
/// (`stripe[]`, summarize/LockProtection.h); empty if none.
std::string stripeHeld(const AccessSnapshot &A) {
  for (const HeldLock &L : A.Locks)
    if (!L.Unknown && !L.protectsNothing() &&
        std::any_of(L.Lock.Steps.begin(), L.Lock.Steps.end(),
                    [](const ir::PathStep &S) {
                      return S.kind() == ir::StepKind::Index &&
                             S.name().empty();
                    }))
      return L.Lock.str();
  return "";
}

/// Notes saying how the thread of \p S was started: the calls from the root
/// function to the thread-creating call, then that call.
std::vector<Note> startNotes(const RaceSide &S,
                             const std::vector<std::string> &Files) {
  std::vector<Note> Notes;
  for (size_t I = 0; I < S.Started.size(); ++I) {
    const CallSite &C = S.Started[I];
    bool Last = I + 1 == S.Started.size();
    Notes.push_back({toSource(C.Location, Files),
                     Last ? "thread running '" + C.Callee.str() +
                                "' started here"
                          : "call to '" + C.Callee.str() + "'"});
  }
  return Notes;
}

/// The conflicting side is the reported access itself (a method racing with
/// another thread running the same code).
bool isSelfRace(const RaceFinding &F) {
  const RaceSide &R = F.Reported, &C = F.Conflicting;
  return R.Function == C.Function && R.Access.Location == C.Access.Location &&
         R.Access.Trace == C.Access.Trace && R.Access.Path == C.Access.Path;
}

bool onlySharedLocks(const AccessSnapshot &A) {
  if (!A.holdsMutex())
    return false;
  return std::all_of(A.Locks.begin(), A.Locks.end(), [](const HeldLock &L) {
    return L.Shared || L.protectsNothing();
  });
}

auto locKey(const SourceLocation &L) { return std::tie(L.File, L.Line, L.Col); }

bool notesLess(const std::vector<Note> &A, const std::vector<Note> &B) {
  return std::lexicographical_compare(
      A.begin(), A.end(), B.begin(), B.end(), [](const Note &X, const Note &Y) {
        return std::tie(X.Loc.File, X.Loc.Line, X.Loc.Col, X.Message) <
               std::tie(Y.Loc.File, Y.Loc.Line, Y.Loc.Col, Y.Message);
      });
}

/// Total order on worded findings: the documented primary keys, then every
/// remaining field, so equal-keyed findings can only be identical reports.
struct Entry {
  RaceKind Kind;
  unsigned Rank; ///< kindRank
  Report R;
};

/// Orders kinds, and within a kind writes before reads: when a line both
/// reads and writes a location (`return ++n_;`), the one report kept for it
/// is about the write.
unsigned kindRank(const RaceFinding &F) {
  return static_cast<unsigned>(F.Kind) * 2 +
         (isWrite(F.Reported.Access.Kind) ? 0 : 1);
}

bool entryLess(const Entry &A, const Entry &B) {
  const Report &X = A.R, &Y = B.R;
  if (X.isLow() != Y.isLow())
    return Y.isLow();
  if (X.Class != Y.Class)
    return X.Class < Y.Class;
  if (X.Path != Y.Path)
    return X.Path < Y.Path;
  if (X.Function != Y.Function)
    return X.Function < Y.Function;
  if (A.Rank != B.Rank)
    return A.Rank < B.Rank;
  if (locKey(X.Loc) != locKey(Y.Loc))
    return locKey(X.Loc) < locKey(Y.Loc);
  // At one access, a conflict with another function is the more useful
  // pointer than one with the function itself on another thread.
  bool XSelf = X.ConflictFunction == X.Function,
       YSelf = Y.ConflictFunction == Y.Function;
  if (XSelf != YSelf)
    return YSelf;
  if (X.ConflictFunction != Y.ConflictFunction)
    return X.ConflictFunction < Y.ConflictFunction;
  if (locKey(X.ConflictLoc) != locKey(Y.ConflictLoc))
    return locKey(X.ConflictLoc) < locKey(Y.ConflictLoc);
  if (X.Message != Y.Message)
    return X.Message < Y.Message;
  if (X.ConflictMessage != Y.ConflictMessage)
    return X.ConflictMessage < Y.ConflictMessage;
  if (notesLess(X.Trace, Y.Trace))
    return true;
  if (notesLess(Y.Trace, X.Trace))
    return false;
  if (notesLess(X.ConflictTrace, Y.ConflictTrace))
    return true;
  if (notesLess(Y.ConflictTrace, X.ConflictTrace))
    return false;
  return X.RuleId < Y.RuleId;
}

} // namespace

Report racer::report::wordFinding(const RaceFinding &F,
                                  const std::vector<std::string> &Files) {
  return wordFinding(F, Files, [](const HeldLock &) { return true; });
}

Report racer::report::wordFinding(const RaceFinding &F,
                                  const std::vector<std::string> &Files,
                                  LockRelevance Relevant) {
  const RaceSide &Rep = F.Reported, &Con = F.Conflicting;
  const AccessSnapshot &A = Rep.Access;
  bool Self = isSelfRace(F);

  const std::string RepPath = A.Path->str();
  const std::string ConPath =
      Con.Access.Trace.empty() ? std::string() : Con.Access.Path->str();

  Report R;
  R.RuleId = ruleId(F.Kind);
  // An atomic access races only with a plain one: say which side is which.
  std::string ConKind = std::string(Con.Access.Atomic ? "atomic " : "") +
                        (isWrite(Con.Access.Kind) ? "write" : "read");
  // A process `fork()` started is not the function that forked it.
  auto Who = [](const RaceSide &S) {
    return S.Access.InForkChild && S.Started.empty()
               ? "the child process '" + S.Function + "' forks"
               : "'" + S.Function + "'";
  };
  const bool AtAccess = reportedAtAccess(F);
  // Where the access is: the function holding it, and the top-level
  // function (root or thread entry) it is reached from.
  auto WhereIn = [&](const RaceSide &S) {
    if (!AtAccess || !firstShownCall(S.Access))
      return " in " + Who(S) + (AtAccess ? "" : viaCall(S.Access));
    if (S.Access.Trace.hidden())
      return " in code reached from " + Who(S);
    return " in '" + accessFunction(S) + "' (reached from " + Who(S) + ")";
  };
  std::string Where = WhereIn(Rep);
  // The other side touches the object holding this memory, or a part of
  // it (`memset(&st, ..)` against `st.errors++`): name what it touches.
  std::string ConWhat = ConKind;
  if (!(Con.Access.Path == A.Path))
    ConWhat += std::string(isWrite(Con.Access.Kind) ? " to " : " of ") +
               accessPhrase(Con.Access, Con.Access.Path->str());
  // The other side by the function holding its access (a race between
  // threads) or by its public method (a class's).
  std::string ConWho =
      AtAccess && firstShownCall(Con.Access) && !Con.Access.Trace.hidden()
          ? "'" + accessFunction(Con) + "'"
          : Who(Con);
  std::string With = Self ? " races with itself on another thread"
                          : std::string(" races with the ") + ConWhat +
                                " in " + ConWho;
  if (F.Kind == RaceKind::UnprotectedWrite) {
    R.Message = "unprotected write to " + accessPhrase(A, RepPath) + Where + With;
    if (onlySharedLocks(A))
      R.Message += " (only a shared lock is held)";
    else if (onlyObjectLocksOnGlobal(A))
      R.Message += " (only " + underLocks(A).substr(strlen(" under ")) +
                   " is held, and every object has its own)";
  } else if (F.Kind == RaceKind::ReadWriteRace) {
    R.Message = "read of " + accessPhrase(A, RepPath) + " without synchronization" +
                Where + With;
    if (onlyObjectLocksOnGlobal(A))
      R.Message += " (only " + underLocks(A).substr(strlen(" under ")) +
                   " is held, and every object has its own)";
  } else {
    R.Message = std::string(isWrite(A.Kind) ? "write to " : "read of ") +
                accessPhrase(A, RepPath) + underLocks(A, Relevant) + Where +
                (Self ? " races with itself on another thread"
                      : std::string(" races with the ") + ConWhat +
                            underLocks(Con.Access, Relevant) + " in " + ConWho);
    std::string Stripe = stripeHeld(A);
    if (Stripe.empty())
      Stripe = stripeHeld(Con.Access);
    R.Message += Stripe.empty() ? " (no common lock)"
                                : " (no common lock: each thread may hold "
                                  "another element of `" +
                                      Stripe + "`)";
  }
  R.Loc = sideLoc(Rep, AtAccess, Files);
  R.Trace = startNotes(Rep, Files);
  for (Note &N : sideTrace(Rep, Files, RepPath))
    R.Trace.push_back(std::move(N));

  R.ConflictMessage =
      Self ? std::string("conflicting ") + ConKind +
                 " by another thread running '" + Con.Function + "'"
           : std::string("conflicting ") + ConKind + WhereIn(Con);
  R.ConflictLoc = sideLoc(Con, AtAccess, Files);
  R.ConflictTrace = startNotes(Con, Files);
  for (Note &N : sideTrace(Con, Files, ConPath))
    R.ConflictTrace.push_back(std::move(N));

  R.Class = F.Class;
  R.Function = AtAccess ? accessFunction(Rep) : Rep.Function;
  R.ConflictFunction = AtAccess ? accessFunction(Con) : Con.Function;
  R.Path = RepPath;
  if (F.confidence() == Confidence::Low) {
    R.Confidence = "low";
    for (unsigned B = 0; B < NumLowReasons; ++B)
      if (F.LowReasons & (1u << B)) {
        R.ConfidenceReasonIds.push_back(lowReasonId(LowReason(1u << B)));
        R.ConfidenceReasons.push_back(lowReasonText(LowReason(1u << B), F));
      }
    R.Message += " [low: ";
    for (size_t I = 0; I < R.ConfidenceReasons.size(); ++I)
      R.Message += (I ? "; " : "") + R.ConfidenceReasons[I];
    R.Message += "]";
  }
  return R;
}

const char *racer::report::lowReasonId(LowReason R) {
  switch (R) {
  case LowSetupOnly:
    return "setup-only";
  case LowThreadEntryOnly:
    return "thread-entry-only";
  case LowMergedElements:
    return "merged-elements";
  case LowElidedPath:
    return "elided-path";
  case LowCallerSynchronized:
    return "caller-synchronized";
  case LowForeignLockOnly:
    return "foreign-lock-only";
  case LowHandRolledSync:
    return "hand-rolled-sync";
  case LowConditionalLock:
    return "conditional-lock";
  case LowConditionWait:
    return "condition-wait";
  case LowBarrier:
    return "barrier";
  case LowOnceInit:
    return "once-init";
  case LowFlagGuarded:
    return "flag-guarded";
  case LowParameterLockOnly:
    return "parameter-lock-only";
  case LowPointerReplaced:
    return "pointer-replaced";
  case LowAssumedWrite:
    return "assumed-write";
  case LowTeardown:
    return "teardown";
  case LowQueueFront:
    return "queue-front";
  case LowCrashPath:
    return "crash-path";
  case LowTestHook:
    return "test-hook";
  case LowTableDispatch:
    return "table-dispatch";
  case LowCallersUnseen:
    return "callers-unseen";
  case LowCallbackOnly:
    return "callback-only";
  }
  return "unknown";
}

std::string racer::report::lowReasonText(LowReason R, const RaceFinding &F) {
  switch (R) {
  case LowSetupOnly: {
    const RaceSide &S = F.Reported.SetupOnly ? F.Reported : F.Conflicting;
    return "'" + S.Function +
           "' is only called on objects not shared yet (a local, or one "
           "being constructed)";
  }
  case LowThreadEntryOnly:
    return "'" + F.Class +
           "' has no lock of its own and is checked only because a method "
           "runs as a thread";
  case LowMergedElements:
    return "array elements are merged, and threads may each use their own";
  case LowElidedPath:
    return "the path is abbreviated (`...`) and may name two different "
           "objects";
  case LowForeignLockOnly:
    return "'" + F.Class +
           "' locks only mutexes it points to (its owner's), which says "
           "nothing about its own sharing";
  case LowCallerSynchronized:
    return "every call of '" + F.Reported.Function +
           "' holds a lock of its caller's, and the other side holds a lock "
           "too";
  case LowHandRolledSync:
    return "a thread here busy-waits or retries a compare-and-swap, which "
           "may order these accesses";
  case LowConditionalLock:
    return "a thread here locks a mutex under a condition and unlocks it "
           "under the same one, so the access may be protected on every "
           "path that runs it";
  case LowConditionWait:
    return "it comes after a wait on a condition variable or a future, or "
           "at a semaphore or latch, or once an atomic flag's acquire load "
           "found it set or its thread dropped a count's last reference, "
           "which may order it after the other access";
  case LowBarrier:
    return "one side is before a barrier its thread waits at and the other "
           "after the wait in its own thread, which orders them if both "
           "threads wait at that barrier";
  case LowOnceInit: {
    const RaceSide &S =
        F.Reported.OnceUpdate.empty() ? F.Conflicting : F.Reported;
    if (!S.OnceUpdate.empty())
      return "'" + S.OnceUpdate +
             "' updates it under a lock only while it differs from a value "
             "every thread computes alike (from memory no code writes), so "
             "only the first thread writes and the others come after it";
    return "it is in a once-only initialization under a flag, which orders "
           "it before the threads that find the flag set";
  }
  case LowFlagGuarded:
    return "it runs only while a shared flag has some value, and the other "
           "thread writes that flag, which may order the two";
  case LowParameterLockOnly:
    return "'" + F.Class +
           "' locks only mutexes handed to its methods as parameters, which "
           "says nothing about its own sharing";
  case LowPointerReplaced:
    return "a smart pointer member is read on one side and replaced on the "
           "other, which real code mostly does while its object is set up or "
           "torn down";
  case LowTeardown: {
    const RaceSide &S =
        F.Reported.Teardown.empty() ? F.Conflicting : F.Reported;
    return "'" + S.Function + "' is the object's teardown (through '" +
           S.Teardown +
           "', which the destructor runs): the object must not be in use "
           "then";
  }
  case LowQueueFront: {
    std::string Queue;
    for (const HeldLock &L : F.Reported.Access.Locks)
      if (L.QueueFront && Queue.empty())
        for (const HeldLock &C : F.Conflicting.Access.Locks)
          if (C.QueueFront && C.Lock == L.Lock)
            Queue = L.Lock.str();
    return "both sides run as the front of the queue `" + Queue +
           "` (each waits until it is at the front; only the front "
           "proceeds, until it leaves the queue), a hand-off that may order "
           "them";
  }
  case LowCrashPath: {
    const RaceSide &S =
        F.Reported.Access.onCrashPath() ? F.Reported : F.Conflicting;
    std::string Via;
    for (const CallSite &C : S.Access.Trace)
      if (C.CrashPath && Via.empty())
        Via = C.Callee.str();
    return "'" + S.Function + "' reaches it only through '" + Via +
           "', on a path that crashes the process (abort, a failed "
           "assertion, a panic): it races while the process dies";
  }
  case LowTestHook: {
    const std::string &Hook = isTestHookName(F.Reported.Function)
                                  ? F.Reported.Function
                                  : F.Conflicting.Function;
    return "'" + Hook + "' is a test hook: only tests call it";
  }
  case LowTableDispatch: {
    const RaceSide &S =
        F.Reported.TableSlot.empty() ? F.Conflicting : F.Reported;
    return "'" + S.Function + "' reaches it only through a call of `" +
           S.TableSlot +
           "`, a slot of callback tables (one per kind of object): which "
           "table this object has is not tracked, and another kind's "
           "function may run instead";
  }
  case LowCallersUnseen: {
    const RaceSide &S = F.Reported.Uncalled ? F.Reported : F.Conflicting;
    return "no code in the scan calls '" + S.Function +
           "', and every access to this memory in methods the scan does "
           "call is made under their callers' locks (each call of '" +
           F.LockedByCallersIn +
           "' holds one): its own callers, outside the scan, are taken to "
           "hold one too";
  }
  case LowCallbackOnly:
    return "both sides run only from callables the program stores ('" +
           F.Reported.Callback + "' calls '" + F.Reported.Function +
           "'), and the scan does not see what runs them or whether two "
           "runs overlap";
  case LowAssumedWrite: {
    const AccessSnapshot &W = F.Reported.Access.isAssumedWrite()
                                  ? F.Reported.Access
                                  : F.Conflicting.Access;
    return "the write is assumed: the memory is passed by pointer or "
           "reference to '" +
           W.containerMethod().str() +
           "', whose body racecar did not see, and it may only read it";
  }
  }
  return "";
}

ReportCollector::ReportCollector(const std::vector<std::string> &Files)
    : Files(Files) {}

void ReportCollector::handleRace(const RaceFinding &F) {
  std::lock_guard<std::mutex> G(Mu);
  Findings.push_back(F);
}

void ReportCollector::takeRace(RaceFinding &&F) {
  std::lock_guard<std::mutex> G(Mu);
  Findings.push_back(std::move(F));
}

unsigned ReportCollector::numFindings() const {
  std::lock_guard<std::mutex> G(Mu);
  return Findings.size();
}

std::vector<Report>
ReportCollector::reduce(const std::vector<RaceFinding> &Taken,
                        ReportStats &Stats) const {
  Stats.Findings += Taken.size();

  // Word lazily: the primary sort keys and both dedup keys need only the
  // class, functions, path and locations. Full reports are built for the
  // findings that survive dedup and for ties on all primary keys (where
  // the order falls to messages and traces, as in entryLess).
  static const std::string UnknownFile = "<unknown>";
  struct LightLoc {
    const std::string *File;
    unsigned Line, Col;
  };
  auto lightLoc = [&](const ir::Loc &L) {
    return LightLoc{L.File < Files.size() ? &Files[L.File] : &UnknownFile,
                    L.Line, L.Col};
  };
  auto lightSideLoc = [&](const RaceSide &S, bool AtAccess) {
    return lightLoc(sideIrLoc(S.Access, AtAccess));
  };
  struct Light {
    bool Low; ///< low confidence: after every high one, so dedup keeps highs
    bool Direct; ///< the access is on the reported line (no call between)
    RaceKind Kind;
    unsigned Rank;
    const std::string *Class, *Function, *ConflictFunction;
    std::string Path;
    LightLoc Loc, ConflictLoc;
    /// The top-level function and its line that leads to the access (its
    /// first call toward it, or the access): the accesses one call reaches
    /// are one report, the others its notes. For a class's race, Function
    /// and Loc; for a race between threads (reported at the access), the
    /// root or thread entry and its call.
    const std::string *TopFunction;
    LightLoc GroupLoc;
    /// Calls from the reported function down to the access (shown and cut
    /// ones): of the accesses one call leads to, the nearest is the
    /// report, the others its notes.
    size_t Depth;
    /// The conflicting access holds a mutex.
    bool ConflictLocked;
  };
  auto lightLocLess = [](const LightLoc &X, const LightLoc &Y) {
    if (*X.File != *Y.File)
      return *X.File < *Y.File;
    return std::tie(X.Line, X.Col) < std::tie(Y.Line, Y.Col);
  };
  auto lightLocEq = [](const LightLoc &X, const LightLoc &Y) {
    return X.Line == Y.Line && X.Col == Y.Col && *X.File == *Y.File;
  };
  /// -1, 0, 1 on the primary keys of entryLess, in its order.
  auto lightCmp = [&](const Light &X, const Light &Y) -> int {
    if (X.Low != Y.Low)
      return X.Low ? 1 : -1;
    if (*X.Class != *Y.Class)
      return *X.Class < *Y.Class ? -1 : 1;
    if (X.Depth != Y.Depth)
      return X.Depth < Y.Depth ? -1 : 1;
    // Of the accesses one call reaches, one whose other side holds a lock
    // heads the report: the lock shows the memory is meant to be guarded
    // (a handle created under its mutex, against a setter's plain write).
    if (X.ConflictLocked != Y.ConflictLocked)
      return X.ConflictLocked ? -1 : 1;
    if (X.Path != Y.Path)
      return X.Path < Y.Path ? -1 : 1;
    if (*X.Function != *Y.Function)
      return *X.Function < *Y.Function ? -1 : 1;
    if (X.Rank != Y.Rank)
      return X.Rank < Y.Rank ? -1 : 1;
    if (!lightLocEq(X.Loc, Y.Loc))
      return lightLocLess(X.Loc, Y.Loc) ? -1 : 1;
    bool XSelf = *X.ConflictFunction == *X.Function,
         YSelf = *Y.ConflictFunction == *Y.Function;
    if (XSelf != YSelf)
      return XSelf ? 1 : -1;
    if (*X.ConflictFunction != *Y.ConflictFunction)
      return *X.ConflictFunction < *Y.ConflictFunction ? -1 : 1;
    if (!lightLocEq(X.ConflictLoc, Y.ConflictLoc))
      return lightLocLess(X.ConflictLoc, Y.ConflictLoc) ? -1 : 1;
    return 0;
  };

  std::vector<Light> Lights;
  Lights.reserve(Taken.size());
  // For races between threads, the functions holding each side's access
  // (the report's Function and ConflictFunction).
  std::vector<std::pair<std::string, std::string>> AccessFunctions(
      Taken.size());
  for (size_t I = 0; I < Taken.size(); ++I)
    if (reportedAtAccess(Taken[I]))
      AccessFunctions[I] = {accessFunction(Taken[I].Reported),
                            accessFunction(Taken[I].Conflicting)};
  for (size_t FI = 0; FI < Taken.size(); ++FI) {
    const RaceFinding &F = Taken[FI];
    const bool AtAccess = reportedAtAccess(F);
    // `v_[i] = x` reads the vector (the call) and writes the element: one
    // cause on one line, so one report (the element's, a write sorting
    // first).
    const AccessSnapshot &A = F.Reported.Access;
    std::string Path = A.Path->str();
    if (A.Kind == AccessKind::ContainerRead &&
        isElementAccessorMethod(A.containerMethod().str()))
      Path += "[]";
    Lights.push_back(
        {F.confidence() == Confidence::Low, !firstShownCall(A), F.Kind,
         kindRank(F), &F.Class,
         AtAccess ? &AccessFunctions[FI].first : &F.Reported.Function,
         AtAccess ? &AccessFunctions[FI].second : &F.Conflicting.Function,
         std::move(Path), lightSideLoc(F.Reported, AtAccess),
         lightSideLoc(F.Conflicting, AtAccess), &F.Reported.Function,
         lightLoc(groupingCall(A) ? groupingCall(A)->Location : A.Location),
         A.Trace.size() + A.Trace.hidden(),
         F.Conflicting.Access.holdsMutex()});
  }
  // Per memory location (path), the functions holding each named lock at
  // an access to it: a lock only one function holds there protects nothing
  // against the others, and is left out of different-locks messages.
  std::map<std::string, std::map<std::string, std::set<std::string_view>>>
      LockHolders;
  for (const RaceFinding &F : Taken)
    if (F.Kind == RaceKind::DifferentLocks)
      for (const RaceSide *S : {&F.Reported, &F.Conflicting})
        for (const HeldLock &L : S->Access.Locks)
          if (!L.Unknown && !L.protectsNothing())
            LockHolders[S->Access.Path->str()][L.Lock.str()].insert(S->Function);
  std::vector<std::optional<Entry>> Worded(Taken.size());
  auto word = [&](uint32_t I) -> Entry & {
    if (!Worded[I]) {
      const RaceFinding &F = Taken[I];
      auto P = F.Kind == RaceKind::DifferentLocks
                   ? LockHolders.find(F.Reported.Access.Path->str())
                   : LockHolders.end();
      auto Relevant = [&](const HeldLock &L) {
        if (P == LockHolders.end())
          return true;
        auto H = P->second.find(L.Lock.str());
        return H == P->second.end() || H->second.size() > 1;
      };
      Worded[I] = Entry{F.Kind, kindRank(F), wordFinding(F, Files, Relevant)};
    }
    return *Worded[I];
  };

  // Sort indices by the primary keys, then each run of ties by entryLess.
  std::vector<uint32_t> Order(Taken.size());
  for (uint32_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](uint32_t A, uint32_t B) {
    return lightCmp(Lights[A], Lights[B]) < 0;
  });
  for (size_t Begin = 0; Begin < Order.size();) {
    size_t End = Begin + 1;
    while (End < Order.size() &&
           lightCmp(Lights[Order[Begin]], Lights[Order[End]]) == 0)
      ++End;
    if (End - Begin > 1) {
      for (size_t K = Begin; K < End; ++K)
        word(Order[K]);
      std::sort(Order.begin() + Begin, Order.begin() + End,
                [&](uint32_t A, uint32_t B) {
                  return entryLess(*Worded[A], *Worded[B]);
                });
    }
    Begin = End;
  }

  // (a) (class, function, file, line[, path of an access on that line]) and
  // (b) (class, path, function, rule).
  // The views point into Taken, Files and Lights, which outlive the sets.
  using SiteKey = std::tuple<std::string_view, std::string_view,
                             std::string_view, unsigned, std::string_view>;
  using PathKey = std::tuple<std::string_view, std::string_view,
                             std::string_view, std::string_view>;
  /// (class, top-level function, file, line of its grouping call, the
  /// thread the grouped accesses race with): one call of main's loop that
  /// races with the workers on one variable and with the maintenance thread
  /// on another is two causes, two reports.
  using LineKey = std::tuple<std::string_view, std::string_view,
                             std::string_view, unsigned, std::string_view>;
  std::set<SiteKey> Sites;
  std::set<LineKey> Lines; ///< lines with a kept report
  /// The variables a call's line has a report of its own for (a breach of
  /// an object's own lock): once each.
  std::set<std::pair<LineKey, std::string_view>> OwnReports;
  std::set<PathKey> Paths;
  std::vector<uint32_t> Kept;
  /// The kept report of each line, and per kept report the findings of
  /// other variables reached through a call on its line.
  std::map<LineKey, uint32_t> LineOwner;
  std::vector<std::vector<uint32_t>> AlsoOf;
  /// Races between threads: the kept report of each access, and per kept
  /// report the other top-level functions (roots, thread entries) that
  /// reach the same access and race with the same line.
  std::map<SiteKey, uint32_t> SiteOwner;
  std::vector<std::vector<uint32_t>> ReachedFrom;
  /// A class's races: the kept report of each (access, conflicting access)
  /// pair, by the accesses themselves (not the public methods reaching
  /// them): one helper's read reached from twenty methods, racing with one
  /// teardown write, is one report; the other methods are its notes.
  using AccessPairKey =
      std::tuple<std::string_view, std::string_view, uint32_t, uint32_t,
                 uint32_t, uint32_t, uint32_t, uint32_t>;
  std::map<AccessPairKey, uint32_t> AccessPairOwner;
  /// A class's: the kept report of each function's access to a container
  /// (class, function, container path, low), and per kept report the
  /// elements its function reaches through that container.
  using ContainerKey =
      std::tuple<std::string_view, std::string_view, std::string_view, bool>;
  std::map<ContainerKey, uint32_t> ContainerOwner;
  std::vector<std::vector<uint32_t>> ElementsOf;
  /// Finding \p I is kept report \p K's cause reached from another
  /// top-level function: named in K's notes, once per function.
  auto addReachedFrom = [&](uint32_t K, uint32_t I) {
    const std::string &Top = Taken[I].Reported.Function;
    bool Seen = Taken[Kept[K]].Reported.Function == Top;
    for (uint32_t J : ReachedFrom[K])
      Seen = Seen || Taken[J].Reported.Function == Top;
    if (!Seen)
      ReachedFrom[K].push_back(I);
  };
  auto accessPairOf = [&](uint32_t I) {
    const RaceFinding &F = Taken[I];
    const ir::Loc &A = F.Reported.Access.Location,
                  &C = F.Conflicting.Access.Location;
    return AccessPairKey{*Lights[I].Class, Lights[I].Path, A.File, A.Line,
                         A.Col, C.File, C.Line, C.Col};
  };
  /// Races between threads: the (access, other access) pairs kept, so the
  /// same pair seen from its other side is not a second report.
  using PairEnd = std::tuple<std::string_view, unsigned, unsigned,
                             std::string_view>;
  std::set<std::pair<PairEnd, PairEnd>> ThreadPairs;
  std::vector<std::string> ConflictPaths(Taken.size());
  auto pairOf = [&](uint32_t I, bool Reversed) {
    const Light &L = Lights[I];
    if (ConflictPaths[I].empty())
      ConflictPaths[I] = Taken[I].Conflicting.Access.Path->str();
    PairEnd Mine{*L.Loc.File, L.Loc.Line, L.Loc.Col, L.Path};
    PairEnd Other{*L.ConflictLoc.File, L.ConflictLoc.Line, L.ConflictLoc.Col,
                  ConflictPaths[I]};
    return Reversed ? std::make_pair(Other, Mine) : std::make_pair(Mine, Other);
  };
  // Accesses on their own line before calls leading to accesses (within
  // each confidence level, high first): a line with an access reported is
  // not reported again for a call on it.
  std::stable_partition(Order.begin(), Order.end(), [&](uint32_t I) {
    return !Lights[I].Low && Lights[I].Direct;
  });
  std::stable_partition(
      std::find_if(Order.begin(), Order.end(),
                   [&](uint32_t I) { return Lights[I].Low; }),
      Order.end(), [&](uint32_t I) { return Lights[I].Direct; });
  for (uint32_t I : Order) {
    const Light &L = Lights[I];
    // Two accesses on one line to different memory are two reports; a call
    // leading to accesses is one report at the call, and none if the line
    // already has one: the other variables it reaches are listed in that
    // report's notes (never dropped unseen).
    const bool AtAccess = reportedAtAccess(Taken[I]);
    LineKey Line{*L.Class, *L.TopFunction, *L.GroupLoc.File, L.GroupLoc.Line,
                 AtAccess && !L.Direct
                     ? std::string_view(Taken[I].Conflicting.Function)
                     : std::string_view()};
    // (At the access, the place names the function; the function's name
    // would not: a chain cut at its eighth call does not show it.)
    SiteKey S{*L.Class, AtAccess ? std::string_view() : *L.Function,
              *L.Loc.File, L.Loc.Line,
              L.Direct || AtAccess ? std::string_view(L.Path)
                                   : std::string_view()};
    // Accesses on one line to several variables that race with one other
    // line (`STATS_ADD(s, n)` writing two fields, against the reader's
    // line): one cause, one report; the other variables are its notes.
    bool SamePair = false;
    if (L.Direct && !Sites.count(S))
      if (auto It = LineOwner.find(Line); It != LineOwner.end()) {
        const Light &O = Lights[Kept[It->second]];
        SamePair = O.Direct && O.Low == L.Low &&
                   O.ConflictLoc.Line == L.ConflictLoc.Line &&
                   *O.ConflictLoc.File == *L.ConflictLoc.File;
      }
    // One access reached from several roots or threads, racing with one
    // line: one report, the others named in its notes.
    if (AtAccess && Sites.count(S)) {
      ++Stats.DroppedSameSite;
      uint32_t K = SiteOwner.at(S);
      if (lightLocEq(Lights[Kept[K]].ConflictLoc, L.ConflictLoc))
        addReachedFrom(K, I);
      continue;
    }
    // A class's: the same two accesses reached from another public method.
    if (!AtAccess && !L.Direct)
      if (auto It = AccessPairOwner.find(accessPairOf(I));
          It != AccessPairOwner.end()) {
        ++Stats.DroppedSameSite;
        addReachedFrom(It->second, I);
        continue;
      }
    // The same two accesses seen from the other side.
    if (AtAccess && ThreadPairs.count(pairOf(I, /*Reversed=*/true))) {
      ++Stats.DroppedSameSite;
      continue;
    }
    const bool OwnReport = !L.Direct && !L.Low && breaksOwnLock(Taken[I]) &&
                           !OwnReports.count({Line, L.Path});
    if (Sites.count(S) || (!L.Direct && Lines.count(Line) && !OwnReport) ||
        SamePair) {
      ++Stats.DroppedSameSite;
      if (!L.Direct || SamePair)
        if (auto It = LineOwner.find(Line); It != LineOwner.end()) {
          std::vector<uint32_t> &Also = AlsoOf[It->second];
          bool Seen = Lights[Kept[It->second]].Path == L.Path;
          for (uint32_t J : Also)
            Seen = Seen || Lights[J].Path == L.Path;
          if (!Seen)
            Also.push_back(I);
          // A class's pair listed in that report's notes is that report's:
          // another public method reaching the same two accesses (the
          // other fields of one struct copy, `Status s = bg_error_;` from
          // five methods) is one of its `also reached from` notes, not a
          // report of its own.
          if (!AtAccess && !L.Direct)
            AccessPairOwner.emplace(accessPairOf(I), It->second);
        }
      continue;
    }
    // An element reached through the container (`it->second` after
    // `auto it = m_.find(k)`, `s.usage` in `for (auto &s : shards_)`) in a
    // function whose own access to that container is a report: one cause,
    // the unguarded walk; the element is that report's note.
    if (!AtAccess)
      if (size_t Cut = L.Path.find("[]"); Cut != std::string::npos)
        if (auto It = ContainerOwner.find(
                {*L.Class, *L.Function, std::string_view(L.Path).substr(0, Cut),
                 L.Low});
            It != ContainerOwner.end()) {
          ++Stats.DroppedSameSite;
          std::vector<uint32_t> &Elements = ElementsOf[It->second];
          if (llvm::none_of(Elements, [&](uint32_t J) {
                return Lights[J].Path == L.Path;
              }))
            Elements.push_back(I);
          continue;
        }
    PathKey P{*L.Class, L.Path, *L.Function, ruleId(L.Kind)};
    if (Paths.count(P)) {
      ++Stats.DroppedSamePath;
      continue;
    }
    Sites.insert(S);
    if (OwnReport)
      OwnReports.insert({Line, L.Path});
    if (Lines.insert(Line).second)
      LineOwner.emplace(Line, uint32_t(Kept.size()));
    if (AtAccess) {
      SiteOwner.emplace(S, uint32_t(Kept.size()));
      ThreadPairs.insert(pairOf(I, /*Reversed=*/false));
    } else {
      AccessPairOwner.emplace(accessPairOf(I), uint32_t(Kept.size()));
      AccessKind K = Taken[I].Reported.Access.Kind;
      if (K == AccessKind::ContainerRead || K == AccessKind::ContainerWrite)
        ContainerOwner.emplace(
            ContainerKey{*L.Class, *L.Function,
                         std::string_view(L.Path).substr(0, L.Path.find("[]")),
                         L.Low},
            uint32_t(Kept.size()));
    }
    Paths.insert(P);
    Kept.push_back(I);
    AlsoOf.emplace_back();
    ElementsOf.emplace_back();
    ReachedFrom.emplace_back();
  }
  std::vector<Report> Out;
  Out.reserve(Kept.size());
  for (size_t K = 0; K < Kept.size(); ++K) {
    Report R = std::move(word(Kept[K]).R);
    // The other roots and threads that reach this access, where they
    // enter the path to it.
    for (uint32_t J : ReachedFrom[K]) {
      const RaceSide &S = Taken[J].Reported;
      const CallSite *C = firstShownCall(S.Access);
      ir::Loc At = !S.Started.empty() ? S.Started.front().Location
                   : C                ? C->Location
                                      : S.Access.Location;
      R.Trace.push_back({toSource(At, Files),
                         "also reached from '" + S.Function + "'" +
                             (S.Started.empty() ? "" : ", a thread started here")});
    }
    // The other variables this line (or a call on it) races on, where
    // they are.
    constexpr size_t MaxListed = 8;
    const std::vector<uint32_t> &Also = AlsoOf[K];
    const CallSite *Via = groupingCall(Taken[Kept[K]].Reported.Access);
    std::string Who = Lights[Kept[K]].Direct ? "this line"
                      : reportedAtAccess(Taken[Kept[K]])
                          ? "the call to '" + Via->Callee.str() + "'"
                          : "the call on this line";
    for (size_t J = 0; J < Also.size() && J < MaxListed; ++J) {
      const RaceFinding &F = Taken[Also[J]];
      const AccessSnapshot &A = F.Reported.Access;
      R.Trace.push_back(
          {toSource(A.Location, Files),
           Who + " also races on `" +
               Lights[Also[J]].Path + "`: " +
               (isWrite(A.Kind) ? "write" : "read") + " here, " +
               (F.Conflicting.Function == F.Reported.Function
                    ? std::string("by another thread running '") +
                          F.Reported.Function + "'"
                    : "with '" + F.Conflicting.Function + "'")});
    }
    if (Also.size() > MaxListed)
      R.Trace.push_back({R.Loc, "... and " +
                                    std::to_string(Also.size() - MaxListed) +
                                    " more variables " + Who + " races on"});
    // The elements the same function reaches through this container.
    for (size_t J = 0; J < ElementsOf[K].size() && J < MaxListed; ++J) {
      const AccessSnapshot &A = Taken[ElementsOf[K][J]].Reported.Access;
      R.Trace.push_back({toSource(A.Location, Files),
                         std::string("through the container, also ") +
                             (isWrite(A.Kind) ? "writes" : "reads") + " `" +
                             Lights[ElementsOf[K][J]].Path + "` here"});
    }
    if (!ElementsOf[K].empty()) {
      std::string Clause =
          "; its elements too (`" + Lights[ElementsOf[K].front()].Path + "`" +
          (ElementsOf[K].size() > 1
               ? " and " + std::to_string(ElementsOf[K].size() - 1) + " more"
               : std::string()) +
          ")";
      size_t Low = R.Message.find(" [low: ");
      R.Message.insert(Low == std::string::npos ? R.Message.size() : Low,
                       Clause);
    }
    // The headline names them too (the first few): a reviewer reading
    // one line sees every variable this cause races on.
    if (!Also.empty()) {
      constexpr size_t MaxNamed = 3;
      std::string Names;
      for (size_t J = 0; J < Also.size() && J < MaxNamed; ++J)
        Names += std::string(J ? ", `" : "`") + Lights[Also[J]].Path + "`";
      if (Also.size() > MaxNamed)
        Names += " and " + std::to_string(Also.size() - MaxNamed) + " more";
      std::string Clause = "; " + Who + " also races on " + Names;
      size_t Low = R.Message.find(" [low: ");
      R.Message.insert(Low == std::string::npos ? R.Message.size() : Low,
                       Clause);
    }
    Out.push_back(std::move(R));
  }
  return Out;
}

void ReportCollector::addGroup(std::vector<RaceFinding> Group) {
  ReportStats GroupStats;
  std::vector<Report> Kept = reduce(Group, GroupStats);
  std::vector<RaceFinding>().swap(Group);
  std::lock_guard<std::mutex> G(Mu);
  addPending(GroupStats);
  for (uint32_t I = 0; I < Kept.size(); ++I)
    Reduced.push_back({std::move(Kept[I]), I});
}

void ReportCollector::addPending(const ReportStats &S) {
  Pending.Findings += S.Findings;
  Pending.DroppedSameSite += S.DroppedSameSite;
  Pending.DroppedSamePath += S.DroppedSamePath;
}

std::vector<Report> ReportCollector::takeReports() {
  std::vector<RaceFinding> Taken;
  std::vector<ReducedReport> All;
  {
    std::lock_guard<std::mutex> G(Mu);
    Taken.swap(Findings);
    All.swap(Reduced);
    Stats = Pending;
    Pending = ReportStats();
  }
  std::vector<Report> Kept = reduce(Taken, Stats);
  std::vector<RaceFinding>().swap(Taken);
  All.reserve(All.size() + Kept.size());
  for (uint32_t I = 0; I < Kept.size(); ++I)
    All.push_back({std::move(Kept[I]), I});

  // A group holds whole classes, and reduce() keeps its reports in class
  // order (step 1): (Class, Seq) restores that order across groups.
  std::sort(All.begin(), All.end(),
            [](const ReducedReport &A, const ReducedReport &B) {
              const Report &X = A.R, &Y = B.R;
              return std::tie(X.Loc.File, X.Loc.Line, X.Loc.Col, X.RuleId,
                              X.Message, X.Class, A.Seq) <
                     std::tie(Y.Loc.File, Y.Loc.Line, Y.Loc.Col, Y.RuleId,
                              Y.Message, Y.Class, B.Seq);
            });
  // A low report on a line that already has a high one says nothing more
  // (the class check and the thread check often see one access twice).
  // (Per memory location: a low report of another variable on that line is
  // a finding of its own. The thread check and the class check name one
  // field from different roots, `stats.hits_` and `this->hits_`: compared
  // by the last member.)
  auto Member = [](llvm::StringRef P) {
    size_t Cut = P.find_last_of(".>");
    return (Cut == llvm::StringRef::npos ? P : P.substr(Cut + 1)).str();
  };
  std::set<std::tuple<std::string, unsigned, std::string>> HighLines;
  for (const ReducedReport &E : All)
    if (!E.R.isLow())
      HighLines.insert({E.R.Loc.File, E.R.Loc.Line, Member(E.R.Path)});
  std::vector<Report> Out;
  Out.reserve(All.size());
  for (ReducedReport &E : All) {
    if (E.R.isLow() &&
        HighLines.count({E.R.Loc.File, E.R.Loc.Line, Member(E.R.Path)})) {
      ++Stats.DroppedSameSite;
      continue;
    }
    Out.push_back(std::move(E.R));
  }
  Stats.Reports = Out.size();
  return Out;
}

void ReportCollector::noteAssumption(const Assumption &A) {
  std::lock_guard<std::mutex> L(Mu);
  addAssumption(Assumptions, A);
  AssumptionPlaces.insert(
      {uint8_t(A.Kind), {A.Location.File, A.Location.Line, A.Location.Col}});
}

unsigned ReportCollector::assumptionPlaces(AssumptionKind K) const {
  std::lock_guard<std::mutex> L(Mu);
  unsigned N = 0;
  for (const auto &P : AssumptionPlaces)
    N += P.first == uint8_t(K);
  return N;
}

std::vector<AssumptionNote> ReportCollector::takeAssumptions() {
  std::lock_guard<std::mutex> L(Mu);
  std::vector<AssumptionNote> Out;
  for (const Assumption &A : Assumptions)
    Out.push_back(wordAssumption(A, Files));
  Assumptions.clear();
  AssumptionPlaces.clear();
  return Out;
}


