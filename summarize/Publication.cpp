//===- Publication.cpp - Objects linked into global structures ------------===//
//
// Why: an object a thread allocates is its own, so its accesses are not
// checked, until a pointer to it is stored where other threads find it.
// memcached's workers each make a logger and link it into a global list the
// logger thread walks:
//
//   logger *logger_create(void) {
//     logger *l = calloc(1, sizeof(logger));   // ours: Local(l) Deref
//     logger_link_q(l);                        // {Formal(0) Deref -> ...}
//     return l;                                // head->... from here on
//   }
//   static void logger_link_q(logger *l) {
//     l->next = logger_stack_head; logger_stack_head = l;   // linked
//   }
//
// From the store on, the object is named like the walks of that structure
// (ir::linkedName: `logger_stack_head->...`, a Linked step), so the
// creator's `l->dropped++` meets the logger thread's
// `for (l = logger_stack_head; l; l = l->next) l->dropped = 0;` (a Walk
// step, Domain.cpp). Two threads' Linked objects are two objects: the
// thread check never pairs them with each other (ThreadRaces).
//
// A thread's object for a pthread key is linked under the key's name
// (`logger_key->...`): `pthread_setspecific(key, l)` links l there, and
// `pthread_getspecific(key)` returns it. The first link names the object;
// a later one (the same logger linked into the list) is an alias the
// reduce follows (FunctionSummary::Publications with a global's object as
// the member: {logger_key Deref Linked -> logger_stack_head Deref Linked}).
//
// Only a store whose destination is rooted at a global names the object
// (the frontend gives such a Write the pointer it stores as its value); a
// store into another object (`tail->next = l`, `lst->head = l` through a
// parameter) does not, and the object stays ours.
//
// A caller's object handed to us as a formal is published too once we
// store its pointer anywhere or pass it to a call
// (AbstractState::PublishedFormals): a method called on it before that runs
// on an object as unshared as the caller's (`SetMemtable(MemTable *m) {
// m->SetID(id); mem_ = m; }`, CallContext::OnFormal).
//
// The reverse: a node a thread takes from a shared list and unlinks under
// the hold it took it in (`j = q_head; q_head = j->next;`) is the thread's
// own from then on (noteUnlink), until it is stored into shared memory
// again (noteRelink: a run queue's head rotated to its tail).
//===----------------------------------------------------------------------===//
#include "summarize/FunctionAnalysis.h"

#include <algorithm>

namespace racer::detail {

using ir::AccessPath;
using ir::Operand;
using ir::RootKind;

namespace {
/// An object linked already, by the name a link gave it (`head->...`).
bool isLinkedObject(const Operand &O) {
  return O.K == Operand::Kind::Object && O.Path.Root == RootKind::Global &&
         !O.Path.Steps.empty() &&
         O.Path.Steps.back().kind() == ir::StepKind::Linked;
}
} // namespace

void FunctionAnalysis::noteLinkingStore(const ir::Instr &I, AbstractState &S) {
  std::optional<AccessPath> Name = ir::linkedName(I.Path);
  if (!Name)
    return;
  link(resolveOperand(I.value(), S), *Name, S);
}

void FunctionAnalysis::applyCalleePublications(const ir::CallInfo &C,
                                               const FunctionSummary &Callee,
                                               AbstractState &S) {
  for (const MemberPointer &P : Callee.Publications) {
    const AccessPath &Pointee = P.Member;
    if (Pointee.Root != RootKind::Formal || Pointee.Index >= C.Args.size() ||
        Pointee.Steps.size() != 1 || !startsWithDeref(Pointee))
      continue;
    link(resolveOperand(C.Args[Pointee.Index], S), P.Value.Path, S);
  }
}

void FunctionAnalysis::link(const Operand &Value, const AccessPath &Name,
                            AbstractState &S) {
  if (isNamedFresh(Value) && Value.Path.Root == RootKind::Local &&
      Value.Path.Steps.size() == 1 && startsWithDeref(Value.Path)) {
    // Our allocation (`Local(l) Deref`): every local designating it now
    // designates the linked object.
    for (auto &[Local, Bound] : S.Bindings)
      if (isNamedFresh(Bound) && Bound.Path == Value.Path)
        Bound = Operand::object(Name);
    return;
  }
  // Linked before under another name: an alias. A caller's object
  // (`Formal(k) Deref`, not `this`: a method's own object is the class
  // check's): a publication of ours.
  const bool Alias = isLinkedObject(Value) && !(Value.Path == Name);
  const bool CallersObject =
      Value.K == Operand::Kind::Object && Value.Path.Root == RootKind::Formal &&
      Value.Path.Steps.size() == 1 && startsWithDeref(Value.Path) &&
      !(F.Kind == ir::FunctionKind::Method && Value.Path.Index == 0);
  if (!Alias && !CallersObject)
    return;
  MemberPointer P{Value.Path, Operand::object(Name)};
  if (!llvm::is_contained(Publications, P))
    Publications.push_back(std::move(P));
}

void FunctionAnalysis::applyThreadSpecific(const ir::Instr &I,
                                           const CallModel &M,
                                           AbstractState &S) {
  const ir::CallInfo &C = I.call();
  std::optional<AccessPath> Name;
  if (!C.Args.empty() && C.Args[0].K != Operand::Kind::Unknown)
    Name = ir::linkedName(C.Args[0].Path);
  if (M.Kind == ModelKind::SpecificGet) {
    if (C.ResultLocal >= 0)
      S.Bindings[C.ResultLocal] =
          Name ? Operand::object(*Name) : Operand::unknown();
    return;
  }
  if (!Name || C.Args.size() < 2)
    return;
  Operand Value = resolveOperand(C.Args[1], S);
  // Named as the thread's own only if it is: our allocation, or an object
  // linked already. Anything else (a global's address, a caller's object)
  // may be another thread's too, and its accesses under the key's name are
  // never paired with each other: an assumption, so no verdict says
  // race-free.
  bool Own = (isNamedFresh(Value) && Value.Path.Root == RootKind::Local) ||
             isLinkedObject(Value);
  if (!Own)
    noteAssumption(AssumptionKind::UnknownPointer, I.Location);
  link(Value, *Name, S);
}

int32_t FunctionAnalysis::unpublishedFormalOf(const Operand &R,
                                              const AbstractState &S) const {
  if (R.K != Operand::Kind::Object || R.Path.Root != RootKind::Formal ||
      !startsWithDeref(R.Path) || !inPlaceOfRoot(R.Path) ||
      (HasThis && R.Path.Index == 0) || R.Path.Index >= 32 ||
      (S.PublishedFormals >> R.Path.Index) & 1)
    return -1;
  return int32_t(R.Path.Index);
}

void FunctionAnalysis::notePublishedFormal(const Operand &V,
                                           AbstractState &S) const {
  if (V.K == Operand::Kind::Object && V.Path.Root == RootKind::Formal &&
      startsWithDeref(V.Path) && V.Path.Index < 32)
    S.PublishedFormals |= 1u << V.Path.Index;
}

void FunctionAnalysis::noteUnlink(const ir::Instr &I, AbstractState &S) {
  if (S.Held.empty())
    return;
  std::optional<AccessPath> W = resolveShared(I.Path, S);
  if (!W)
    return;
  const AccessPath Pointee = W->deref(); // what the local took: `*q_head`
  // The new value is read through the node itself (`q_head = j->next`):
  // the pointer moves past it, not back to it or elsewhere.
  const Operand V = resolveOperand(I.value(), S);
  if (V.K != Operand::Kind::Object ||
      V.Path.Steps.size() <= Pointee.Steps.size() ||
      !Pointee.isPrefixOf(V.Path))
    return;
  for (auto It = S.LoadedUnderLock.begin(); It != S.LoadedUnderLock.end();) {
    auto B = S.Bindings.find(*It);
    if (B == S.Bindings.end() || B->second.K != Operand::Kind::Object ||
        !(B->second.Path == Pointee)) {
      ++It;
      continue;
    }
    Unlinked[*It] = Pointee;
    B->second = namedFresh(localObject(*It));
    S.allocate(*It);
    // No race-free verdict rests on it: the node may be reachable some
    // other way (a second list, an index of all jobs) racecar cannot see.
    noteAssumption(AssumptionKind::PointerAlias, I.Location);
    It = S.LoadedUnderLock.erase(It);
  }
}

void FunctionAnalysis::noteRelink(const ir::Instr &I, AbstractState &S) {
  // `rq_tail->next = t`: the node taken is linked again into shared memory
  // (a round-robin queue's rotation): it is the queue's again.
  const Operand V = resolveOperand(I.value(), S);
  if (!isNamedFresh(V) || V.Path.Root != RootKind::Local ||
      !resolveShared(I.Path, S))
    return;
  auto U = Unlinked.find(V.Path.Index);
  if (U == Unlinked.end() || V.Path.Steps.size() != 1)
    return;
  for (auto &[Local, Bound] : S.Bindings)
    if (isNamedFresh(Bound) && Bound.Path == V.Path)
      Bound = Operand::object(U->second);
}

} // namespace racer::detail
