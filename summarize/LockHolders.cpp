//===- LockHolders.cpp - Who holds a lock on the caller's behalf ---------===//
//
// Transfer functions (part of FunctionAnalysis, see FunctionAnalysis.h) for
// the objects and helpers that hold a lock for their caller, so that each
// mutex keeps one name however it is taken:
//  - a project guard that keeps a pointer to its mutex (its constructor's
//    FunctionSummary::MemberPointers, bound to the caller's local guard:
//    AbstractState::GuardFields);
//  - a mutex wrapper whose lock is named by its object
//    (ir::Function::LockWrapper, nameLocksByWrapper);
//  - a helper that runs a callable handed to it under its own lock
//    (FunctionSummary::CallableRuns).
//===----------------------------------------------------------------------===//
#include "summarize/FunctionAnalysis.h"

#include <algorithm>

namespace racer::detail {

void FunctionAnalysis::noteMemberStore(const ir::Instr &I,
                                      const AbstractState &S) {
  const AccessPath &P = I.Path;
  if (P.Root != RootKind::Formal || P.Index != 0 || P.Steps.size() != 2 ||
      P.Steps[0].kind() != StepKind::Deref ||
      P.Steps[1].kind() != StepKind::Field)
    return;
  Operand V = I.hasValue() ? resolveOperand(I.value(), S) : Operand::unknown();
  if (V.K == Operand::Kind::Object &&
      !(V.Path.Root == RootKind::Global ||
        (V.Path.Root == RootKind::Formal && V.Path.Index > 0)))
    V = Operand::unknown();
  // Stored twice, with two values: which one is left is not known.
  auto [It, New] = MemberPointers.emplace(P.Steps[1], V);
  if (!New && !(It->second == V))
    It->second = Operand::unknown();
}

AccessPath FunctionAnalysis::throughGuardFields(AccessPath P,
                                                const AbstractState &S) const {
  if (S.GuardFields.empty() || P.Root != RootKind::Local ||
      P.Steps.size() < 2 || P.Steps[0].kind() != StepKind::Field ||
      P.Steps[1].kind() != StepKind::Deref)
    return P;
  auto It = S.GuardFields.find({P.Index, P.Steps[0]});
  if (It == S.GuardFields.end() || It->second.K != Operand::Kind::Object)
    return P;
  return appendSteps(It->second.Path, P, 2);
}

void FunctionAnalysis::bindGuardFields(const ir::CallInfo &C,
                                       const FunctionSummary &Callee,
                                       AbstractState &S) const {
  if (C.Args.empty() || C.Args[0].K != Operand::Kind::Object)
    return;
  const AccessPath &Obj = C.Args[0].Path;
  if (Obj.Root != RootKind::Local || !Obj.Steps.empty())
    return;
  for (const MemberPointer &M : Callee.MemberPointers) {
    if (M.Member.Steps.size() != 2)
      continue;
    std::pair<uint32_t, ir::PathStep> Key{Obj.Index, M.Member.Steps[1]};
    std::optional<AccessPath> P =
        M.Value.K == Operand::Kind::Object
            ? substitute(M.Value.Path, C.Args, S)
            : std::nullopt;
    if (P)
      S.GuardFields[Key] = Operand::object(std::move(*P));
    else
      S.GuardFields.erase(Key);
  }
}


void FunctionAnalysis::noteCallableRun(CallableRun R) {
  for (HeldLock &L : R.Locks)
    if (!L.Unknown && L.Lock.Root == RootKind::Local) {
      L.Unknown = true; // our own mutex: protects, but has no name above
      L.Lock = AccessPath();
    }
  llvm::sort(R.Locks);
  R.Locks.erase(std::unique(R.Locks.begin(), R.Locks.end()), R.Locks.end());
  for (CallableRun &E : CallableRuns)
    if (E.Callee == R.Callee && E.Formal == R.Formal) {
      // Held at every run.
      llvm::erase_if(E.Locks, [&](const HeldLock &L) {
        return !llvm::is_contained(R.Locks, L);
      });
      return;
    }
  CallableRuns.push_back(std::move(R));
}

void FunctionAnalysis::noteDirectRun(const ir::CallInfo &C,
                                     const AbstractState &S) {
  if (C.Args.empty())
    return;
  const Operand &Recv = C.Args[0];
  // `f()` on a lambda type in a template instantiated for it: its closure
  // is not one of ours (a creation site passes the captured `this`).
  if (!C.Callee.empty() && Recv.K == Operand::Kind::Unknown &&
      C.CalleeName.str().find("::lambda@") != std::string::npos) {
    noteCallableRun({C.Callee, -1, S.Held.locks()});
    return;
  }
  // `f()` on a `std::function` parameter.
  if (isCallableWrapperCall(C.CalleeName.str()) &&
      Recv.K == Operand::Kind::Object && Recv.Path.Root == RootKind::Formal &&
      Recv.Path.Steps.size() == 1 && startsWithDeref(Recv.Path))
    noteCallableRun({ir::Symbol(), int32_t(Recv.Path.Index), S.Held.locks()});
}

std::optional<std::vector<HeldLock>>
FunctionAnalysis::runnerLocksFor(const ir::Block &B, size_t Idx,
                                 const AbstractState &S) const {
  const ir::CallInfo &Lambda = B.Instrs[Idx].call();
  if (Lambda.Callee.empty() ||
      Lambda.CalleeName.str().find("::lambda@") == std::string::npos)
    return std::nullopt;
  bool InFunction = false; // wrapped in a std::function temporary first
  for (size_t J = Idx + 1; J < B.Instrs.size(); ++J) {
    const ir::Instr &I = B.Instrs[J];
    if (I.Kind != ir::InstrKind::Call)
      continue;
    const ir::CallInfo &C = I.call();
    if (!InFunction && C.IsConstructor &&
        isCallableWrapperClass(
            C.CalleeName.str().substr(0, C.CalleeName.str().rfind("::"))) &&
        llvm::any_of(C.Callables, [&](const ir::CallableArg &CA) {
          return CA.Callee == Lambda.Callee;
        })) {
      InFunction = true;
      continue;
    }
    const FunctionSummary *Runner =
        C.Callee.empty() ? nullptr : Callees.lookup(C.Callee);
    if (!Runner || Runner->CallableRuns.empty())
      return std::nullopt;
    for (const CallableRun &R : Runner->CallableRuns) {
      bool Runs = false;
      if (!InFunction)
        Runs = R.Callee == Lambda.Callee;
      else
        Runs = R.Formal >= 0 && size_t(R.Formal) < C.ArgTypes.size() &&
               isCallableWrapperClass(C.ArgTypes[R.Formal]);
      if (!Runs)
        continue;
      std::vector<HeldLock> Out;
      for (const HeldLock &L : R.Locks)
        Out.push_back(substituteLock(L, C.Args, S));
      return Out;
    }
    return std::nullopt;
  }
  return std::nullopt;
}


/// A lock inside `*this`: `Formal(0) Deref` then members only.
static void toWrapperObject(AccessPath &P) {
  if (P.Root != RootKind::Formal || P.Index != 0 || P.Steps.size() < 2 ||
      P.Steps[0].kind() != StepKind::Deref)
    return;
  for (size_t I = 1; I < P.Steps.size(); ++I)
    if (P.Steps[I].kind() != StepKind::Field)
      return;
  P.Steps.resize(1);
}

void nameLocksByWrapper(FunctionSummary &Sum) {
  auto Locks = [](auto &V) {
    for (HeldLock &L : V)
      if (!L.Unknown)
        toWrapperObject(L.Lock);
    std::sort(V.begin(), V.end());
    V.erase(std::unique(V.begin(), V.end()), V.end());
  };
  auto Nested = [](auto &V) {
    for (LockNesting &N : V) {
      toWrapperObject(N.Outer);
      toWrapperObject(N.Inner);
    }
    llvm::erase_if(V, [](const LockNesting &N) { return N.Outer == N.Inner; });
  };
  if (Sum.Locks.boxed()) {
    LockEffect &E = Sum.Locks.edit();
    Locks(E.Acquired);
    Locks(E.Released);
    Locks(E.Assumed);
    Locks(E.MayRelease);
    for (AccessPath &P : E.Taken)
      toWrapperObject(P);
    std::sort(E.Taken.begin(), E.Taken.end());
    E.Taken.erase(std::unique(E.Taken.begin(), E.Taken.end()), E.Taken.end());
    Nested(E.Nestings);
    Locks(E.Returned);
    Locks(E.OnceHeld);
  }
  if (Sum.CallableRuns.boxed())
    for (CallableRun &R : Sum.CallableRuns.edit())
      Locks(R.Locks);
  for (AccessSnapshot &A : Sum.Accesses) {
    if (!A.Locks.empty())
      A.Locks.edit(Locks);
    if (!A.releasedBefore().empty() || !A.nestings().empty())
      A.Extras.edit([&](AccessExtras &E) {
        if (!E.ReleasedBefore.empty())
          E.ReleasedBefore.edit(Locks);
        if (!E.Nestings.empty())
          E.Nestings.edit(Nested);
      });
  }
}


} // namespace racer::detail
