//===- Verdict.cpp - Race, race-free or unknown, and why ------------------===//
#include "report/Verdict.h"

#include "llvm/Support/Path.h"

#include <algorithm>

namespace racer::report {

namespace {
struct KindWords {
  AssumptionKind Kind;
  const char *Id;
  const char *Text;
};
const KindWords Words[] = {
    {AssumptionKind::UnresolvedCall, "unresolved-call",
     "an indirect call whose target is not known was not followed"},
    {AssumptionKind::ExternalCall, "external-call",
     "shared memory was passed to a function with no body and no model"},
    {AssumptionKind::ExternalResult, "external-result",
     "a pointer returned by a function with no body and no model was taken "
     "for a new object"},
    {AssumptionKind::UnknownPointer, "unknown-pointer",
     "an access through a pointer whose target is not known was not "
     "recorded"},
    {AssumptionKind::PointerAlias, "pointer-alias",
     "an access through a pointer loaded from shared memory was taken to "
     "touch only what its path names"},
    {AssumptionKind::UnknownLock, "unknown-lock",
     "an unlock of a mutex that cannot be named was taken to release "
     "nothing held"},
    {AssumptionKind::CountingLock, "counting-lock",
     "a semaphore was taken for a mutex that admits one thread at a time"},
    {AssumptionKind::EscapingGuard, "escaping-guard",
     "a lock guard returned from a function was taken to hold its lock to "
     "the end of the caller"},
    {AssumptionKind::LockIdentity, "lock-identity",
     "two accesses were taken to be ordered by locks that cannot be told "
     "apart or matched"},
    {AssumptionKind::UnmatchedJoin, "unmatched-join",
     "a join that cannot be matched to one thread was taken to join it"},
    {AssumptionKind::UnknownThread, "unknown-thread",
     "a thread whose entry function is not known was not analysed"},
    {AssumptionKind::ThreadLimit, "thread-limit",
     "threads beyond the analysis's limits were not expanded"},
    {AssumptionKind::FailedUnit, "failed-unit",
     "a translation unit could not be analysed"},
    {AssumptionKind::CallerHeldLock, "caller-held-lock",
     "a method was taken to run under a lock that its callers in the "
     "program hold"},
    {AssumptionKind::WorkLimit, "work-limit",
     "a function's summary was given up past --function-work-limit: what it "
     "does is not seen"},
};
static_assert(sizeof(Words) / sizeof(Words[0]) == NumAssumptionKinds,
              "one row per AssumptionKind");

const KindWords &wordsOf(AssumptionKind K) {
  return Words[static_cast<unsigned>(K)];
}
} // namespace

const char *assumptionId(AssumptionKind K) { return wordsOf(K).Id; }
const char *assumptionText(AssumptionKind K) { return wordsOf(K).Text; }

AssumptionNote wordAssumption(const Assumption &A,
                              const std::vector<std::string> &Files) {
  AssumptionNote N;
  N.Id = assumptionId(A.Kind);
  N.Text = assumptionText(A.Kind);
  if (A.Location.Line) {
    N.Loc.File = A.Location.File < Files.size() ? Files[A.Location.File]
                                                : std::string("<unknown>");
    N.Loc.Line = A.Location.Line;
    N.Loc.Col = A.Location.Col;
  }
  return N;
}

Verdict decideVerdict(const std::vector<Report> &Reports,
                      const std::vector<AssumptionNote> &Assumptions,
                      size_t FailedUnits) {
  Verdict V;
  bool AnyHigh = std::any_of(Reports.begin(), Reports.end(),
                             [](const Report &R) { return !R.isLow(); });
  if (AnyHigh) {
    V.Word = "race";
    return V;
  }
  if (!Reports.empty())
    V.Reasons.push_back("low-confidence findings");
  if (FailedUnits)
    V.Reasons.push_back("failed-unit");
  for (const AssumptionNote &A : Assumptions) {
    std::string R = A.Id;
    if (A.Loc.Line)
      R += " at " + llvm::sys::path::filename(A.Loc.File).str() + ":" +
           std::to_string(A.Loc.Line);
    V.Reasons.push_back(std::move(R));
  }
  V.Word = V.Reasons.empty() ? "race-free" : "unknown";
  return V;
}

} // namespace racer::report
