//===- ConcurrencyEvidence.cpp - Which classes the class check reads ------===//
#include "summarize/ConcurrencyEvidence.h"

namespace racer {

namespace {
/// Only `.field` steps from \p From on: the lock is inside the object the
/// path reaches at \p From, not behind a pointer or in an array.
bool fieldsOnly(const ir::AccessPath &P, size_t From) {
  for (size_t I = From; I < P.Steps.size(); ++I)
    if (P.Steps[I].kind() != ir::StepKind::Field)
      return false;
  return true;
}
} // namespace

LockOwner classifyLock(const HeldLock &L, bool HasThis) {
  if (L.Unknown)
    return ForeignLock;
  const ir::AccessPath &P = L.Lock;
  switch (P.Root) {
  case ir::RootKind::Global:
    return fieldsOnly(P, 0) ? GlobalLock : ForeignLock;
  case ir::RootKind::Formal:
    if (P.Index != 0 || !HasThis)
      return !P.Steps.empty() && P.Steps[0].kind() == ir::StepKind::Deref &&
                     fieldsOnly(P, 1)
                 ? ParameterLock
                 : ForeignLock;
    // `*this` itself: a mutex wrapper's lock (ir::Function::LockWrapper).
    if (!HasThis || P.Index != 0 || P.Steps.empty() ||
        P.Steps[0].kind() != ir::StepKind::Deref)
      return ForeignLock;
    if (fieldsOnly(P, 1))
      return OwnMemberLock;
    // this->p_->mu, *this->mu_: one pointer member, then fields.
    if (P.Steps[1].kind() == ir::StepKind::Field && P.Steps.size() >= 3 &&
        P.Steps[2].kind() == ir::StepKind::Deref && fieldsOnly(P, 3))
      return MemberPointerLock;
    return ForeignLock;
  case ir::RootKind::Local:
    return ForeignLock;
  }
  return ForeignLock;
}

EvidenceKind classEvidence(const ClassFacts &Facts) {
  if (Facts.Info && Facts.Info->declaresConcurrentUse())
    return EvidenceKind::Declared;
  if (Facts.MethodLockOwners & OwnMemberLock)
    return EvidenceKind::OwnLock;
  if (Facts.HasThreadEntry)
    return EvidenceKind::ThreadEntry;
  if (Facts.MethodLockOwners & GlobalLock)
    return EvidenceKind::GlobalLock;
  if (Facts.MethodLockOwners & MemberPointerLock)
    return EvidenceKind::ForeignLockOnly;
  if (Facts.MethodLockOwners & ParameterLock)
    return EvidenceKind::ParameterLockOnly;
  return EvidenceKind::None;
}

uint8_t memberLockOwners(const ir::Function &F, const FunctionSummary &S) {
  if (F.Class.empty())
    return 0;
  switch (F.Kind) {
  case ir::FunctionKind::Method:
  case ir::FunctionKind::StaticMethod:
    return S.LockOwners;
  case ir::FunctionKind::Free:
  case ir::FunctionKind::Constructor:
  case ir::FunctionKind::Destructor:
  case ir::FunctionKind::Lambda:
    return 0;
  }
  return 0;
}

} // namespace racer
