//===- DeclaredEffects.cpp - Clang's capability attributes at call sites -===//
//
// Why: a project's own mutex wrappers and guard classes say what they do
// with Clang's thread-safety attributes (ACQUIRE, RELEASE, REQUIRES,
// ASSERT_CAPABILITY, SCOPED_CAPABILITY). A call of such a function takes,
// lets go of or assumes the locks it names, in the caller's terms; a scoped
// guard local holds its constructor's locks until it releases itself. Part
// of the transfer functions (FunctionAnalysis.h): Transfer.cpp applies
// summaries and models, this file the declared effects.
//===----------------------------------------------------------------------===//
#include "summarize/FunctionAnalysis.h"

namespace racer {
namespace detail {

using ir::AccessPath;
using ir::Operand;
using ir::RootKind;
using ir::StepKind;

/// The guard local a call on a scoped capability applies to: `l` in
/// `MutexLock l(&mu_)` or `l.Release()`, when \p C's receiver is a local
/// object; -1 otherwise.
static int32_t scopedGuardLocal(const ir::CallInfo &C) {
  if (C.Args.empty())
    return -1;
  const Operand &G = C.Args[0];
  if (G.K == Operand::Kind::Object && G.Path.Root == RootKind::Local &&
      G.Path.Steps.empty())
    return static_cast<int32_t>(G.Path.Index);
  return -1;
}

/// A declared effect on the callee's own object (`RELEASE()` with no
/// argument on a SCOPED_CAPABILITY class's destructor or Release()).
static bool onCalleeItself(const ir::DeclaredLockEffect &E) {
  return E.Lock.Root == RootKind::Formal && E.Lock.Index == 0 &&
         E.Lock.Steps.size() == 1 && E.Lock.Steps[0].kind() == StepKind::Deref;
}

bool FunctionAnalysis::applyScopedGuard(const ir::Instr &I, AbstractState &S) {
  const ir::CallInfo &C = I.call();
  int32_t Local = scopedGuardLocal(C);
  if (Local < 0)
    return false;
  // `MutexLock l(&mu_)` (ACQUIRE(mu)): l now holds mu_ until it releases
  // itself, like a std::lock_guard.
  if (C.IsConstructor) {
    GuardState G;
    for (const ir::DeclaredLockEffect &E : C.DeclaredEffects)
      if ((E.K == ir::DeclaredLockEffect::Kind::Acquire ||
           E.K == ir::DeclaredLockEffect::Kind::AcquireShared) &&
          !onCalleeItself(E)) {
        HeldLock L;
        L.Lock = E.Lock;
        L.Shared = E.K == ir::DeclaredLockEffect::Kind::AcquireShared;
        G.Locks.push_back(substituteLock(L, C.Args, S));
      }
    if (G.Locks.empty())
      return false;
    G.Owns = true;
    for (const HeldLock &L : G.Locks)
      acquire(S, L);
    S.Guards[Local] = std::move(G);
    return true;
  }
  auto It = S.Guards.find(Local);
  if (It == S.Guards.end())
    return false;
  bool Handled = false;
  for (const ir::DeclaredLockEffect &E : C.DeclaredEffects) {
    if (!onCalleeItself(E))
      continue;
    Handled = true;
    GuardState &G = It->second;
    if (E.K == ir::DeclaredLockEffect::Kind::Release && G.Owns) {
      for (const HeldLock &L : G.Locks)
        release(S, L);
      G.Owns = false;
    } else if ((E.K == ir::DeclaredLockEffect::Kind::Acquire ||
                E.K == ir::DeclaredLockEffect::Kind::AcquireShared) &&
               !G.Owns) {
      for (const HeldLock &L : G.Locks)
        acquire(S, L);
      G.Owns = true;
    }
  }
  if (Handled && C.IsDestructor)
    S.Guards.erase(It);
  return Handled;
}

void FunctionAnalysis::applyDeclaredEffects(const ir::Instr &I,
                                            AbstractState &S, bool IsCond,
                                            std::optional<CondEffect> &Cond) {
  if (!IsCond && applyScopedGuard(I, S))
    return;
  for (const ir::DeclaredLockEffect &E : I.call().DeclaredEffects) {
    HeldLock L;
    L.Lock = E.Lock;
    L.Shared = E.K == ir::DeclaredLockEffect::Kind::AcquireShared;
    L = substituteLock(L, I.call().Args, S);
    switch (E.K) {
    case ir::DeclaredLockEffect::Kind::Acquire:
    case ir::DeclaredLockEffect::Kind::AcquireShared:
      acquire(S, L);
      break;
    case ir::DeclaredLockEffect::Kind::Release:
      release(S, L);
      break;
    case ir::DeclaredLockEffect::Kind::TryAcquire:
      noteLock(L);
      if (IsCond) {
        if (!Cond)
          Cond.emplace();
        Cond->Acquire.push_back(L);
      }
      break;
    case ir::DeclaredLockEffect::Kind::Requires:
    case ir::DeclaredLockEffect::Kind::RequiresShared:
      break; // a precondition on the caller, no effect
    case ir::DeclaredLockEffect::Kind::Assert:
    case ir::DeclaredLockEffect::Kind::AssertShared:
      L.Shared = E.K == ir::DeclaredLockEffect::Kind::AssertShared;
      assume(S, L);
      break;
    }
  }
}

} // namespace detail
} // namespace racer
