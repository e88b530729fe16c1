//===- ReportCollector.cpp - Words, dedups and orders race findings -------===//

#include "report/ReportCollector.h"

#include <algorithm>
#include <set>
#include <tuple>

using namespace racer;
using namespace racer::report;

const char *racer::report::ruleId(RaceKind K) {
  switch (K) {
  case RaceKind::UnprotectedWrite:
    return UnprotectedWriteRuleId;
  case RaceKind::ReadWriteRace:
    return ReadWriteRaceRuleId;
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

/// `P`, or container `P` (call to 'M').
std::string accessPhrase(const AccessSnapshot &A) {
  std::string P = "`" + A.Path.str() + "`";
  if (!isContainer(A.Kind))
    return P;
  std::string S = "container " + P;
  if (!A.ContainerMethod.empty())
    S += " (call to '" + A.ContainerMethod + "')";
  return S;
}

std::string viaCall(const AccessSnapshot &A) {
  if (A.Trace.empty())
    return "";
  return " (via call to '" + A.Trace.front().Callee + "')";
}

/// Where the user acts on one side: the first call toward the access in the
/// top-level function, or the access itself.
SourceLocation sideLoc(const RaceSide &S, const std::vector<std::string> &Files) {
  if (!S.Access.Trace.empty())
    return toSource(S.Access.Trace.front().Location, Files);
  return toSource(S.Access.Location, Files);
}

/// The call chain as notes, ending with the access; empty for a direct access.
std::vector<Note> sideTrace(const RaceSide &S,
                            const std::vector<std::string> &Files) {
  std::vector<Note> Notes;
  const AccessSnapshot &A = S.Access;
  if (A.Trace.empty())
    return Notes;
  for (const CallSite &C : A.Trace)
    Notes.push_back({toSource(C.Location, Files), "call to '" + C.Callee + "'"});
  std::string P = "`" + A.Path.str() + "`";
  std::string Last;
  if (isContainer(A.Kind)) {
    Last = A.ContainerMethod.empty()
               ? "call on container " + P + " here"
               : "call to '" + A.ContainerMethod + "' on container " + P + " here";
  } else if (isWrite(A.Kind)) {
    Last = "write to " + P + " here";
  } else {
    Last = "read of " + P + " here";
  }
  Notes.push_back({toSource(A.Location, Files), std::move(Last)});
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
  if (A.Locks.empty())
    return false;
  return std::all_of(A.Locks.begin(), A.Locks.end(),
                     [](const HeldLock &L) { return L.Shared; });
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
  Report R;
};

bool entryLess(const Entry &A, const Entry &B) {
  const Report &X = A.R, &Y = B.R;
  if (X.Class != Y.Class)
    return X.Class < Y.Class;
  if (X.Path != Y.Path)
    return X.Path < Y.Path;
  if (X.Function != Y.Function)
    return X.Function < Y.Function;
  // Writes before reads: when a line both reads and writes a location
  // (`return ++n_;`), the one report kept for it is the unprotected write.
  if (A.Kind != B.Kind)
    return A.Kind < B.Kind;
  if (locKey(X.Loc) != locKey(Y.Loc))
    return locKey(X.Loc) < locKey(Y.Loc);
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
  const RaceSide &Rep = F.Reported, &Con = F.Conflicting;
  const AccessSnapshot &A = Rep.Access;
  bool Self = isSelfRace(F);

  Report R;
  R.RuleId = ruleId(F.Kind);
  std::string Where = " in '" + Rep.Function + "'" + viaCall(A);
  std::string With = Self ? " races with itself on another thread"
                          : " races with the write in '" + Con.Function + "'";
  if (F.Kind == RaceKind::UnprotectedWrite) {
    R.Message = "unprotected write to " + accessPhrase(A) + Where + With;
    if (onlySharedLocks(A))
      R.Message += " (only a shared lock is held)";
  } else {
    R.Message = "read of " + accessPhrase(A) + " without synchronization" +
                Where + With;
  }
  R.Loc = sideLoc(Rep, Files);
  R.Trace = sideTrace(Rep, Files);

  R.ConflictMessage =
      Self ? "conflicting write by another thread running '" + Con.Function + "'"
           : "conflicting write in '" + Con.Function + "'" + viaCall(Con.Access);
  R.ConflictLoc = sideLoc(Con, Files);
  R.ConflictTrace = sideTrace(Con, Files);

  R.Class = F.Class;
  R.Function = Rep.Function;
  R.ConflictFunction = Con.Function;
  R.Path = A.Path.str();
  return R;
}

ReportCollector::ReportCollector(const std::vector<std::string> &Files)
    : Files(Files) {}

void ReportCollector::handleRace(const RaceFinding &F) {
  std::lock_guard<std::mutex> G(Mu);
  Findings.push_back(F);
}

unsigned ReportCollector::numFindings() const {
  std::lock_guard<std::mutex> G(Mu);
  return Findings.size();
}

std::vector<Report> ReportCollector::takeReports() {
  std::vector<RaceFinding> Taken;
  {
    std::lock_guard<std::mutex> G(Mu);
    Taken.swap(Findings);
  }
  Stats = ReportStats();
  Stats.Findings = Taken.size();

  std::vector<Entry> Entries;
  Entries.reserve(Taken.size());
  for (const RaceFinding &F : Taken)
    Entries.push_back({F.Kind, wordFinding(F, Files)});
  std::sort(Entries.begin(), Entries.end(), entryLess);

  // (a) (class, function, file, line) and (b) (class, path, function, rule).
  using SiteKey = std::tuple<std::string, std::string, std::string, unsigned>;
  using PathKey = std::tuple<std::string, std::string, std::string, std::string>;
  std::set<SiteKey> Sites;
  std::set<PathKey> Paths;
  std::vector<Report> Out;
  for (Entry &E : Entries) {
    Report &R = E.R;
    SiteKey S{R.Class, R.Function, R.Loc.File, R.Loc.Line};
    if (Sites.count(S)) {
      ++Stats.DroppedSameSite;
      continue;
    }
    PathKey P{R.Class, R.Path, R.Function, R.RuleId};
    if (Paths.count(P)) {
      ++Stats.DroppedSamePath;
      continue;
    }
    Sites.insert(std::move(S));
    Paths.insert(std::move(P));
    Out.push_back(std::move(R));
  }

  std::stable_sort(Out.begin(), Out.end(), [](const Report &X, const Report &Y) {
    return std::tie(X.Loc.File, X.Loc.Line, X.Loc.Col, X.RuleId, X.Message) <
           std::tie(Y.Loc.File, Y.Loc.Line, Y.Loc.Col, Y.RuleId, Y.Message);
  });
  Stats.Reports = Out.size();
  return Out;
}
