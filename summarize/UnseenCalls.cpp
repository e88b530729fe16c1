//===- UnseenCalls.cpp - What the analysis does not see ------------------===//
//
// Transfer functions (part of FunctionAnalysis, see FunctionAnalysis.h) for
// a call whose callee has no body and no library model: an unresolved call
// through a pointer, a C library function with a row of effects
// (CLibraryEffects.cpp), or an unknown function, whose writes through the
// pointers it is handed are assumed (AccessSnapshot::isAssumedWrite). And
// the summary of a function whose own body is not seen to the end: past its
// work limit (summarize/WorkLimit.h).
//===----------------------------------------------------------------------===//
#include "summarize/FunctionAnalysis.h"

namespace racer::detail {

using ir::AccessPath;
using ir::Operand;
using ir::RootKind;

void FunctionAnalysis::applyUnseenCall(const ir::Instr &I,
                                       const AbstractState &S) {
  const ir::CallInfo &C = I.call();
  if (!C.DeclaredEffects.empty())
    return; // its lock effects are declared; the rest is the library's
  if (C.Callee.empty() || ir::isIndirectCallee(C.Callee.str())) {
    noteAssumption(AssumptionKind::UnresolvedCall, I.Location);
    recordAssumedWrites(I, S);
    return;
  }
  ExternalEffect E = lookupExternalEffect(C.CalleeName);
  if (C.ResultLocal >= 0 && !E.ResultFresh)
    noteAssumption(AssumptionKind::ExternalResult, I.Location);
  if (E.Known) {
    for (unsigned K = 0; K < C.Args.size(); ++K) {
      if (C.Args[K].K != Operand::Kind::Object)
        continue;
      if (E.reads(K))
        record(AccessKind::Read, C.Args[K].Path, I.Location, {}, S);
      if (E.writes(K))
        record(AccessKind::Write, C.Args[K].Path, I.Location, {}, S);
    }
    return;
  }
  recordAssumedWrites(I, S);
  for (const Operand &A : C.Args) {
    Operand R = resolveOperand(A, S);
    if (R.K == Operand::Kind::Object || isNamedFresh(R)) {
      noteAssumption(AssumptionKind::ExternalCall, I.Location);
      return;
    }
  }
}

void FunctionAnalysis::recordAssumedWrites(const ir::Instr &I,
                                           const AbstractState &S) {
  const ir::CallInfo &C = I.call();
  if (!Recording || !C.WritableArgs || writesOnlyByRow(C.CalleeName))
    return;
  // Named for the message: the function, or the slot called through.
  std::string Callee = C.CalleeName.empty() ? std::string("an unknown function")
                                            : C.CalleeName.str();
  for (uint32_t Bits = C.WritableArgs; Bits; Bits &= Bits - 1) {
    unsigned K = unsigned(llvm::countr_zero(Bits));
    if (K >= C.Args.size() || C.Args[K].K != Operand::Kind::Object)
      continue;
    // A member or a global (`&sink_`, `&g_cfg`, `buf_`, `&p->f`), not
    // memory reached through a pointer it holds, and not a whole object
    // handed over by its pointer (`Schedule(&BGWork, this)`, `f(p)`: a
    // context, far more often than an out-parameter).
    std::optional<AccessPath> P = resolveShared(C.Args[K].Path, S);
    if (!P || !inPlaceOfRoot(*P) ||
        (P->Steps.empty() ? P->Root != RootKind::Global
                          : P->Steps.size() == 1 && startsWithDeref(*P)))
      continue;
    record(AccessKind::Write, C.Args[K].Path, I.Location, Callee, S);
  }
}

FunctionSummary FunctionAnalysis::givenUp() const {
  FunctionSummary Sum;
  Sum.Symbol = F.Symbol;
  Sum.Name = F.Name;
  Sum.Assumptions = {Assumption{AssumptionKind::WorkLimit, F.Location}};
  return Sum;
}

} // namespace racer::detail
