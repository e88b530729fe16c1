//===- ConflictFinder.cpp - Pairing accesses per class --------------------===//
#include "summarize/ConflictFinder.h"
#include "summarize/Specialize.h"
#include "summarize/ConcurrencyEvidence.h"
#include "summarize/ir/PackedBody.h"
#include "summarize/LockProtection.h"
#include "summarize/Witness.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>

namespace racer {

FindingSink::~FindingSink() = default;

namespace {

/// A method the class check takes as an entry: one its users may call at
/// any time. A private one is too when code outside the class calls it (a
/// friend class's `BlockHandle::Load` calling `BufferManager::
/// WriteTemporaryBuffer`): \p CalledOutside (CallerContexts).
bool isReportable(const ir::Function &F, bool CalledOutside) {
  // A specialized copy is reached through its callers only.
  return !F.Class.empty() &&
         (F.Access != ir::AccessSpec::Private || CalledOutside) &&
         !F.Specialized &&
         (F.Kind == ir::FunctionKind::Method ||
          F.Kind == ir::FunctionKind::StaticMethod);
}

struct Entry {
  uint32_t Function;
  /// What the pairing judges (for a global, without per-object locks).
  const AccessSnapshot *Access;
  /// As summarized: what the report shows.
  const AccessSnapshot *Original;
};


RaceSide sideOf(const ir::Function &F, const AccessSnapshot &A) {
  RaceSide S;
  S.Function = F.Name;
  S.FunctionLocation = F.Location;
  S.Access = A;
  return S;
}

/// A location of the class check that is a field of an object the class
/// holds behind a pointer (`this->table_.list_[]->flags`, `g_lru->flags`),
/// not of its own object: the objects a handle may point to.
bool isHeldObjectField(const ir::AccessPath &P) {
  const size_t N = P.Steps.size();
  const size_t Own = P.Root == ir::RootKind::Global ? 0 : 2; // `this->f`
  return N >= Own + 2 && P.Steps[N - 1].kind() == ir::StepKind::Field &&
         P.Steps[N - 2].kind() == ir::StepKind::Deref;
}

} // namespace

bool hasLocationKey(const ir::Function &F, const AccessSnapshot &A) {
  if (A.Path->Root == ir::RootKind::Global)
    return !ir::throughLinked(A.Path);
  return A.Path->Root == ir::RootKind::Formal && A.Path->Index == 0 &&
         F.Kind == ir::FunctionKind::Method;
}

bool isHandleAccess(const ir::Function &F, const AccessSnapshot &A) {
  const ir::AccessPath &P = *A.Path;
  // (A public method: a handle comes back from the class's users. A
  // private helper's parameter is whatever its callers in the class hand
  // it: a pending entry no one else sees yet, `Promote(e)`.)
  return F.Kind == ir::FunctionKind::Method &&
         F.Access == ir::AccessSpec::Public && P.Root == ir::RootKind::Formal &&
         P.Index >= 1 && P.Steps.size() == 2 &&
         P.Steps[0].kind() == ir::StepKind::Deref &&
         P.Steps[1].kind() == ir::StepKind::Field;
}

bool classCheckReads(const ir::Function &F, const AccessSnapshot &A) {
  return hasLocationKey(F, A) || isHandleAccess(F, A);
}

void sortUnique(std::vector<ir::Loc> &Locs) {
  std::sort(Locs.begin(), Locs.end());
  Locs.erase(std::unique(Locs.begin(), Locs.end()), Locs.end());
}

CallerContexts callerContexts(const std::vector<ir::Function> &Functions,
                              const std::vector<FunctionSummary> &Summaries,
                              const CallGraph &Graph) {
  const size_t N = Functions.size();
  CallerContexts Out;
  Out.SetupOnly.assign(N, false);
  Out.Synchronized.assign(N, false);
  Out.ReceiverLocked.assign(N, false);
  Out.LockedOutside.assign(N, false);
  Out.CalledOutside.assign(N, false);
  Out.Uncalled.assign(N, false);
  Out.CallbackOnly.assign(N, false);
  Out.CallbackVia.assign(N, UINT32_MAX);
  // Bodies are gone by now: callers come from the call graph (by SCC) and
  // thread entries from the summaries' spawns.
  const std::vector<bool> Entry = startedAsThreads(Graph, Summaries);
  auto FullContextOf = [&](uint32_t Caller,
                           ir::Symbol Callee) -> const CallContext * {
    const std::vector<CallContext> &U = Summaries[Caller].CallContexts;
    auto It = std::lower_bound(
        U.begin(), U.end(), Callee,
        [](const CallContext &A, ir::Symbol B) { return A.Callee < B; });
    return It != U.end() && It->Callee == Callee ? &*It : nullptr;
  };
  auto ContextOf = [&](uint32_t Caller, ir::Symbol Callee) -> uint8_t {
    const CallContext *C = FullContextOf(Caller, Callee);
    return C ? C->Flags : 0;
  };
  // A function some calls of which were pointed at specialized copies
  // (summarize/Specialize.h): the callers of its copies call it too.
  std::vector<std::vector<uint32_t>> CopiesOf(N);
  bool AnyCopies = false;
  for (uint32_t I = 0; I < N; ++I)
    if (Functions[I].Specialized) {
      llvm::StringRef Sym = Functions[I].Symbol;
      auto It = Graph.index().find(originalSymbol(Sym));
      if (It != Graph.index().end()) {
        CopiesOf[It->second].push_back(I);
        AnyCopies = true;
      }
    }
  // The calls of F: (caller SCC, the symbol it calls: F's or a copy's),
  // F's own recursive SCC included.
  auto CallsOf = [&](uint32_t F) {
    const uint32_t C = Graph.sccOf()[F];
    llvm::SmallVector<std::pair<uint32_t, ir::Symbol>, 4> Calls;
    for (uint32_t K : Graph.callers()[C])
      Calls.push_back({K, Functions[F].Symbol});
    if (Graph.sccs()[C].size() > 1)
      Calls.push_back({C, Functions[F].Symbol}); // its own SCC's calls
    for (uint32_t Copy : CopiesOf[F])
      for (uint32_t K : Graph.callers()[Graph.sccOf()[Copy]])
        Calls.push_back({K, Functions[Copy].Symbol});
    return Calls;
  };
  // Bit j of FreshFormals[F]: every call of F hands its formal j an object
  // the caller owns and has not shared yet (CallContext::FreshArgs).
  std::vector<uint32_t> FreshFormals(N, 0);
  for (uint32_t F = 0; F < N; ++F) {
    if (Entry[F])
      continue;
    const uint32_t C = Graph.sccOf()[F];
    const auto Calls = CallsOf(F);
    uint32_t Bits = ~0u;
    for (const auto &[K, Called] : Calls) {
      bool Found = false;
      for (uint32_t Caller : Graph.sccs()[K])
        if (const CallContext *Ctx = FullContextOf(Caller, Called)) {
          Bits &= Ctx->FreshArgs;
          Found = true;
        }
      if (!Found && K != C)
        Bits = 0; // a call that hands it nothing of its own
    }
    FreshFormals[F] = Calls.empty() ? 0 : Bits;
  }
  Out.FreshFormals = FreshFormals;
  // A method whose comment says its callers hold a lock it does not name
  // (`// REQUIRES: DB mutex held`): caller-synchronized whoever calls it.
  auto DocumentedSync = [&](uint32_t F) {
    return Functions[F].DocumentedRequires == ir::DocumentedLock::Unnamed &&
           Functions[F].Kind == ir::FunctionKind::Method && !Entry[F];
  };
  for (uint32_t F = 0; F < N; ++F)
    if (DocumentedSync(F))
      Out.Synchronized[F] = true;
  // A lambda that its callers only make (each call is its creation, which
  // the lowering attributes its body to) and no thread runs: the program
  // stores it (in a std::function, a table of tasks) for code the scan does
  // not resolve to run it.
  auto StoredLambda = [&](uint32_t L) {
    if (Functions[L].Kind != ir::FunctionKind::Lambda || Entry[L] ||
        !CopiesOf[L].empty())
      return false;
    const uint32_t C = Graph.sccOf()[L];
    if (Graph.sccs()[C].size() != 1)
      return false;
    bool Made = false;
    for (uint32_t K : Graph.callers()[C])
      for (uint32_t Caller : Graph.sccs()[K]) {
        const uint8_t Ctx = ContextOf(Caller, Functions[L].Symbol);
        if (Ctx && !(Ctx & CallContext::MakesClosure))
          return false;
        Made |= (Ctx & CallContext::MakesClosure) != 0;
      }
    return Made;
  };
  // Callers first: SCCs are listed callees first. (A caller of a copy need
  // not come before the original: with copies, repeat until nothing
  // changes; every flag only grows.)
  const auto &SCCs = Graph.sccs();
  unsigned Pass = 0;
  for (bool Changed = true; Changed && (Pass == 0 || AnyCopies) && Pass < 8;
       ++Pass) {
  Changed = false;
  for (size_t C = SCCs.size(); C-- > 0;) {
    // In a recursive SCC (`Recover` -> `SetDBId` -> .. -> `Recover`), the
    // members' flags depend on each other: start from every flag set and
    // take back what a call contradicts, until nothing changes (the
    // largest consistent answer: a cycle entered only from setup code runs
    // only during setup).
    const std::vector<uint32_t> &Members = SCCs[C];
    const bool Recursive = Members.size() > 1;
    auto Eligible = [&](uint32_t F) {
      return Functions[F].Kind == ir::FunctionKind::Method && !Entry[F];
    };
    if (Recursive && Pass == 0)
      for (uint32_t F : Members)
        if (Eligible(F)) {
          Out.SetupOnly[F] = Out.Synchronized[F] = true;
          Out.ReceiverLocked[F] = Out.LockedOutside[F] = true;
          Out.CallbackOnly[F] = true;
        }
  for (bool Again = true; Again;) {
  Again = false;
  for (const uint32_t F : Members) {
    const ir::Function &Fn = Functions[F];
    const auto Calls = CallsOf(F);
    Out.Uncalled[F] = Calls.empty() && Eligible(F);
    bool Setup = true, Synced = true, Receiver = true, Outside = true;
    bool Callback = true;
    uint32_t Via = UINT32_MAX;
    // Which members of the caller SCCs call F, and how; and whether on
    // the object of a formal every call of the caller hands a fresh one.
    llvm::SmallVector<std::tuple<uint32_t, uint8_t, bool>, 4> Callers;
    for (const auto &[K, Called] : Calls) {
      bool Found = false;
      for (uint32_t Caller : SCCs[K])
        if (const CallContext *Ctx = FullContextOf(Caller, Called);
            Ctx && Ctx->Flags) {
          const bool OnFresh = (Ctx->Flags & CallContext::OnFormal) &&
                               ((FreshFormals[Caller] >> Ctx->Formal) & 1);
          Callers.push_back({Caller, Ctx->Flags, OnFresh});
          Found = true;
        }
      // A caller that does not say how it calls F (a specialized copy
      // whose call was dead): as a call with no context. A caller SCC of
      // several members none of which says: not known. (A caller of a
      // recursive SCC may call another member of it, not F.)
      if (Found || Recursive)
        continue;
      if (SCCs[K].size() == 1)
        Callers.push_back({SCCs[K].front(), uint8_t(0), false});
      else
        Setup = Synced = Receiver = Outside = Callback = false;
    }
    if (Callers.empty() || !Eligible(F)) {
      // No caller in the program, or not a method: no flag.
      Setup = Synced = Receiver = Outside = Callback = false;
      Callers.clear();
    }
    // Code outside the class calls it too (another class's method, a free
    // function): its users are in the program, and what they all do is
    // what its users do.
    const bool CalledOutside = llvm::any_of(Callers, [&](const auto &C) {
      const ir::Function &K = Functions[std::get<0>(C)];
      return K.Class != Fn.Class && K.Kind != ir::FunctionKind::Lambda &&
             !llvm::StringRef(K.Class).starts_with(Fn.Class.str() + "::");
    });
    Out.CalledOutside[F] = CalledOutside;
    for (const auto &[Caller, Ctx, OnFreshFormal] : Callers) {
      if (!OnFreshFormal &&
          (!(Ctx & CallContext::Unshared) ||
           ((Ctx & CallContext::OnThis) && !Out.SetupOnly[Caller])))
        Setup = false;
      if (!(Ctx & CallContext::Locked) && !Out.Synchronized[Caller])
        Synced = false;
      // A method of its own class calling it on `this` under the class's
      // lock says nothing of the callers outside the class: a public
      // method is theirs to call too. (Unless code outside the class calls
      // it as well: then those callers are in the program, and all hold a
      // lock, as `AddSuperVersionsToFreeQueue`'s do.)
      if ((Ctx & CallContext::OnThisAny) &&
          Fn.Access != ir::AccessSpec::Private &&
          Functions[Caller].Class == Fn.Class && !CalledOutside)
        Synced = false;
      if (!(Ctx & CallContext::HoldsReceiver))
        Receiver = false;
      if (!(Ctx & CallContext::LockedOutsideReceiver))
        Outside = false;
      if (Callback && StoredLambda(Caller)) {
        if (Via == UINT32_MAX)
          Via = Caller;
      } else if (Callback && Out.CallbackOnly[Caller]) {
        if (Via == UINT32_MAX)
          Via = Out.CallbackVia[Caller];
      } else {
        Callback = false;
      }
      if (!Setup && !Synced && !Receiver && !Callback)
        break;
    }
    if (!Callback || Via == UINT32_MAX) {
      Callback = false;
      Via = UINT32_MAX;
    }
    Synced = Synced || DocumentedSync(F);
    bool Differs = Out.SetupOnly[F] != Setup ||
                   Out.Synchronized[F] != Synced ||
                   Out.CallbackOnly[F] != Callback ||
                   Out.ReceiverLocked[F] != Receiver ||
                   Out.LockedOutside[F] != (Synced && Outside);
    Changed |= Differs;
    Again |= Differs && Recursive;
    Out.SetupOnly[F] = Setup;
    Out.Synchronized[F] = Synced;
    Out.CallbackOnly[F] = Callback;
    Out.CallbackVia[F] = Via;
    Out.ReceiverLocked[F] = Receiver;
    Out.LockedOutside[F] = Synced && Outside;
  }
  }
  }
  }
  return Out;
}

/// A derived class's users call the public methods of its public bases on
/// it (`LruCache` inherits `CacheBase::misses()`, which reads what
/// `LruCache::Get` writes): each class checked gets its bases' reportable
/// methods that no function of its own overrides or hides (by name).
static void addInheritedMethods(std::vector<ClassCheck> &Plan,
                                const std::vector<ir::Function> &Functions,
                                const llvm::StringMap<ClassFacts> &Facts,
                                const std::vector<bool> *CalledOutside) {
  auto ShortName = [](llvm::StringRef Q) {
    size_t Cut = Q.rfind("::");
    return Cut == llvm::StringRef::npos ? Q : Q.substr(Cut + 2);
  };
  llvm::StringMap<std::vector<uint32_t>> Reportable;
  llvm::StringMap<llvm::StringSet<>> OwnNames;
  for (uint32_t I = 0; I < Functions.size(); ++I) {
    const ir::Function &F = Functions[I];
    if (F.Class.empty())
      continue;
    OwnNames[F.Class].insert(ShortName(F.Name.str()));
    if (isReportable(F, CalledOutside && (*CalledOutside)[I]))
      Reportable[F.Class].push_back(I);
  }
  for (ClassCheck &C : Plan) {
    auto FIt = Facts.find(C.Name);
    if (FIt == Facts.end() || !FIt->second.Info ||
        FIt->second.Info->Bases.empty())
      continue;
    const llvm::StringSet<> &Own = OwnNames[C.Name];
    for (const std::string &B : FIt->second.Info->Bases) {
      auto RIt = Reportable.find(B);
      if (RIt == Reportable.end())
        continue;
      for (uint32_t M : RIt->second)
        if (Functions[M].Access == ir::AccessSpec::Public &&
            !Own.contains(ShortName(Functions[M].Name.str())))
          C.Inherited.push_back(M);
    }
    llvm::sort(C.Inherited);
    C.Inherited.erase(std::unique(C.Inherited.begin(), C.Inherited.end()),
                      C.Inherited.end());
    C.Methods.insert(C.Methods.end(), C.Inherited.begin(), C.Inherited.end());
    llvm::sort(C.Methods);
    C.Methods.erase(std::unique(C.Methods.begin(), C.Methods.end()),
                    C.Methods.end());
  }
}

std::vector<ClassCheck>
planClassChecks(const std::vector<ir::Function> &Functions,
                const std::vector<FunctionSummary> &Summaries,
                const std::vector<ir::ClassInfo> &Classes,
                ConflictStats &Stats, const CallGraph *Graph) {
  // What each class's rule reads (ConcurrencyEvidence.h).
  llvm::StringMap<ClassFacts> Facts;
  for (const ir::ClassInfo &C : Classes) {
    ClassFacts &CF = Facts[C.Name];
    if (!CF.Info || C.declaresConcurrentUse())
      CF.Info = &C;
  }
  llvm::StringMap<uint32_t> BySymbol;
  for (uint32_t I = 0; I < Functions.size(); ++I) {
    const ir::Function &F = Functions[I];
    if (F.Class.empty())
      continue;
    Facts[F.Class].MethodLockOwners |= memberLockOwners(F, Summaries[I]);
    BySymbol[F.Symbol] = I;
  }
  for (const FunctionSummary &S : Summaries)
    for (const ThreadSpawn &T : S.Spawns) {
      auto It = BySymbol.find(T.Entry);
      if (It == BySymbol.end())
        continue;
      const ir::Function &E = Functions[It->second];
      if (E.Kind == ir::FunctionKind::Method ||
          E.Kind == ir::FunctionKind::StaticMethod)
        Facts[E.Class].HasThreadEntry = true;
    }
  llvm::StringMap<EvidenceKind> Checked;
  for (const auto &[Name, CF] : Facts) {
    EvidenceKind K = classEvidence(CF);
    Checked[Name] = K;
    ++(K != EvidenceKind::None ? Stats.ClassesChecked : Stats.ClassesSkipped);
  }

  llvm::StringMap<uint32_t> Slot;
  std::vector<ClassCheck> Plan;
  std::optional<CallerContexts> Ctx;
  if (Graph)
    Ctx = callerContexts(Functions, Summaries, *Graph);
  for (uint32_t I = 0; I < Functions.size(); ++I) {
    const ir::Function &F = Functions[I];
    if (!isReportable(F, Ctx && Ctx->CalledOutside[I]))
      continue;
    EvidenceKind K = Checked.lookup(F.Class);
    if (K == EvidenceKind::None)
      continue;
    auto [It, New] = Slot.try_emplace(F.Class, uint32_t(Plan.size()));
    if (New)
      Plan.push_back({F.Class, {}, K, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}});
    Plan[It->second].Methods.push_back(I);
  }
  addInheritedMethods(Plan, Functions, Facts,
                      Ctx ? &Ctx->CalledOutside : nullptr);
  // The teardown: the class's own methods that a destructor of it calls
  // on the object it destroys (its `this`, unshared there).
  for (uint32_t I = 0; Graph && I < Functions.size(); ++I) {
    const ir::Function &D = Functions[I];
    if (D.Kind != ir::FunctionKind::Destructor)
      continue;
    auto It = Slot.find(D.Class);
    if (It == Slot.end())
      continue;
    std::vector<std::string> &T = Plan[It->second].Teardown;
    for (const CallContext &C : Summaries[I].CallContexts) {
      auto Callee = Graph->index().find(C.Callee);
      if (!(C.Flags & CallContext::Unshared) || Callee == Graph->index().end())
        continue;
      const ir::Function &M = Functions[Callee->second];
      if (M.Class == D.Class && M.Kind != ir::FunctionKind::Destructor &&
          M.Kind != ir::FunctionKind::Constructor)
        T.push_back(M.Name.str());
    }
    llvm::sort(T);
    T.erase(std::unique(T.begin(), T.end()), T.end());
  }
  if (Ctx)
    for (ClassCheck &C : Plan)
      for (uint32_t M : C.Methods) {
        if (Ctx->SetupOnly[M])
          C.SetupOnly.push_back(M);
        if (Ctx->Synchronized[M])
          C.Synchronized.push_back(M);
        if (Ctx->ReceiverLocked[M])
          C.ReceiverLocked.push_back(M);
        if (Ctx->LockedOutside[M])
          C.LockedOutside.push_back(M);
        if (Ctx->Uncalled[M])
          C.Uncalled.push_back(M);
        if (Ctx->CallbackOnly[M]) {
          C.CallbackOnly.push_back(M);
          C.CallbackVia.push_back(Ctx->CallbackVia[M]);
        }
        if (Ctx->FreshFormals[M])
          C.FreshFormals.push_back({M, Ctx->FreshFormals[M]});
      }
  // By name: the order of findings never depends on the input order.
  std::sort(Plan.begin(), Plan.end(),
            [](const ClassCheck &A, const ClassCheck &B) {
              return A.Name < B.Name;
            });
  return Plan;
}

unsigned findClassConflicts(const ClassCheck &Class,
                            const std::vector<ir::Function> &Functions,
                            const std::vector<FunctionSummary> &Summaries,
                            FindingSink &Sink, std::vector<ir::Loc> &Reported) {
  // Location -> accesses from the class's methods. Keys compare without the
  // root's spelling (the path is the key) and point into the summaries.
  struct PathLess {
    bool operator()(const ir::AccessPath *A, const ir::AccessPath *B) const {
      return *A < *B;
    }
  };
  std::map<const ir::AccessPath *, std::vector<Entry>, PathLess> Locations;
  // A method that lets go of a lock on every path without taking it
  // (`void Unlock() { locked_ = false; pthread_mutex_unlock(&mu_); }`) is
  // called with that lock held: its accesses before the release are under
  // it. (Only here, where the method's callers are unknown: a thread entry
  // has no caller holding anything.)
  // And a method every call of which holds the object itself as a lock
  // (a mutex wrapper's accessor) runs under `*this`.
  std::deque<AccessSnapshot> WithEntryLocks;
  // Accesses through a handle parameter (isHandleAccess), paired below.
  std::vector<Entry> Handles;
  // (Not a formal every caller hands an object of its own: a writer on the
  // caller's stack, not an entry the class gave out.)
  auto CallersOwn = [&](uint32_t F, uint32_t Formal) {
    auto It =
        llvm::lower_bound(Class.FreshFormals, std::make_pair(F, uint32_t(0)));
    return It != Class.FreshFormals.end() && It->first == F && Formal < 32 &&
           ((It->second >> Formal) & 1);
  };
  for (uint32_t I : Class.Methods) {
    std::vector<HeldLock> EntryHeld = Summaries[I].Locks->Released;
    if (std::binary_search(Class.ReceiverLocked.begin(),
                           Class.ReceiverLocked.end(), I)) {
      HeldLock Self;
      Self.Lock = ir::AccessPath::formal(0, Functions[I].Formals.empty()
                                                ? ir::Symbol("this")
                                                : Functions[I].Formals[0])
                      .deref();
      EntryHeld.push_back(Self);
    }
    for (const AccessSnapshot &A : Summaries[I].Accesses) {
      const bool Keyed = hasLocationKey(Functions[I], A);
      if (!Keyed &&
          (!isHandleAccess(Functions[I], A) || CallersOwn(I, A.Path->Index)))
        continue;
      const AccessSnapshot *Judged = &A;
      for (const HeldLock &R : EntryHeld) {
        auto SameLock = [&](const HeldLock &L) {
          return !L.Unknown && L.Lock == R.Lock;
        };
        if (R.Unknown || llvm::any_of(A.releasedBefore(), SameLock) ||
            llvm::any_of(Judged->Locks, SameLock))
          continue;
        if (Judged == &A) {
          Judged = &WithEntryLocks.emplace_back(A);
          Sink.noteAssumption(
              Assumption{AssumptionKind::CallerHeldLock, A.Location});
        }
        AccessSnapshot &W = WithEntryLocks.back();
        HeldLock Entry = R;
        Entry.Shared = false;
        W.Locks.edit([&](LockVector &V) {
          V.insert(llvm::upper_bound(V, Entry), Entry);
        });
      }
      if (Keyed)
        Locations[&*Judged->Path].push_back({I, Judged, &A});
      else
        Handles.push_back({I, Judged, &A});
    }
  }
  // A global or static (a function-local `static` too) is shared by every
  // object of the class: `this->mu_` does not protect it.
  std::deque<AccessSnapshot> WithoutObjectLocks;
  for (auto &[Key, Entries] : Locations) {
    if (Key->Root != ir::RootKind::Global)
      continue;
    for (Entry &E : Entries)
      if (llvm::any_of(E.Access->Locks, isPerObjectLock)) {
        AccessSnapshot &S = WithoutObjectLocks.emplace_back(*E.Access);
        S.Locks.edit(
            [](LockVector &V) { llvm::erase_if(V, isPerObjectLock); });
        E.Access = &S;
      }
  }

  auto IsSetup = [&](uint32_t F) {
    return std::binary_search(Class.SetupOnly.begin(), Class.SetupOnly.end(),
                              F);
  };
  // The teardown method an access is reached through (its method, or a
  // call in its chain), or "".
  auto TeardownOf = [&](const Entry &E) -> std::string {
    auto In = [&](llvm::StringRef Name) {
      auto It = llvm::lower_bound(Class.Teardown, Name,
                                  [](const std::string &T, llvm::StringRef N) {
                                    return llvm::StringRef(T) < N;
                                  });
      return It != Class.Teardown.end() && *It == Name;
    };
    if (Class.Teardown.empty())
      return "";
    if (In(Functions[E.Function].Name.str()))
      return Functions[E.Function].Name.str();
    for (const CallSite &C : E.Original->Trace)
      if (In(C.Callee.str()))
        return C.Callee.str();
    return "";
  };
  auto IsSynced = [&](uint32_t F) {
    return std::binary_search(Class.Synchronized.begin(),
                              Class.Synchronized.end(), F);
  };
  auto IsUncalled = [&](uint32_t F) {
    return std::binary_search(Class.Uncalled.begin(), Class.Uncalled.end(),
                              F);
  };
  // The stored callable a callback-only method runs from, or null.
  auto CallbackOf = [&](uint32_t F) -> const ir::Function * {
    auto It = llvm::lower_bound(Class.CallbackOnly, F);
    if (It == Class.CallbackOnly.end() || *It != F)
      return nullptr;
    return &Functions[Class.CallbackVia[It - Class.CallbackOnly.begin()]];
  };
  auto BothCallbacks = [&](uint32_t F, uint32_t G) {
    return CallbackOf(F) && CallbackOf(G);
  };
  // Memory the class leaves to its callers' locks: no access to it holds a
  // lock of its own method's, and every one is in a method each call of
  // which holds a lock (caller-synchronized) or in a method nothing in the
  // program calls (the teardown's aside). Returns one caller-synchronized
  // method (the evidence), or null if the memory is not such.
  auto CallersLockOnly =
      [&](std::initializer_list<const std::vector<Entry> *> Groups)
      -> const ir::Function * {
    const ir::Function *Synced = nullptr;
    for (const std::vector<Entry> *Es : Groups)
      for (const Entry &E : *Es) {
        // The teardown frees what the object holds under whatever lock it
        // takes for the rest of its work (`CloseHelper` deleting the
        // recovered transactions with `mutex_` held): no sign that the
        // class guards the memory while it is in use.
        if (!TeardownOf(E).empty())
          continue;
        if (E.Access->holdsMutex())
          return nullptr;
        if (IsSynced(E.Function)) {
          if (!Synced)
            Synced = &Functions[E.Function];
        } else if (!IsUncalled(E.Function)) {
          return nullptr;
        }
      }
    return Synced;
  };
  uint32_t ClassReasons = 0;
  if (Class.Evidence == EvidenceKind::ThreadEntry)
    ClassReasons = LowThreadEntryOnly;
  else if (Class.Evidence == EvidenceKind::ForeignLockOnly)
    ClassReasons = LowForeignLockOnly;
  else if (Class.Evidence == EvidenceKind::ParameterLockOnly)
    ClassReasons = LowParameterLockOnly;
  unsigned Findings = 0;
  auto SortEntries = [&](std::vector<Entry> &Es) {
    std::sort(Es.begin(), Es.end(), [&](const Entry &A, const Entry &B) {
      return std::tie(Functions[A.Function].Name, A.Access->Location,
                      A.Access->Kind) <
             std::tie(Functions[B.Function].Name, B.Access->Location,
                      B.Access->Kind);
    });
  };
  for (auto &[Key, Entries] : Locations)
    SortEntries(Entries);
  // Reports each access of As that races with one of Entries: the same
  // memory, or (nested) one side's object holds the other's in place.
  auto PairAll = [&](const std::vector<Entry> &As,
                     const std::vector<Entry> &Entries) {
    const ir::Function *LockedByCallers =
        Class.Uncalled.empty() || Class.Synchronized.empty()
            ? nullptr
            : CallersLockOnly({&As, &Entries});
    // The conflicting write for \p A: a write in a method that may run
    // once the object is shared (else, with a low finding, one in a method
    // that runs only during setup); among those, one in another method if
    // there is one (the more useful pointer), else one in A's method; and
    // the best witness among those (BetterWitness), first in sorted order
    // on a tie: the best write, or if it is in A's method, the best write
    // of any other method, else that best write.
    struct BestWrites {
      const std::vector<ir::Function> &Functions;
      const Entry *Best = nullptr, *BestOther = nullptr;
      bool better(const Entry &X, const Entry &Y) const {
        return betterWitness(Functions[X.Function].Name, *X.Original,
                             Functions[Y.Function].Name, *Y.Original);
      }
      void add(const Entry &B) {
        if (!Best || better(B, *Best)) {
          // BestOther: the best of a method other than the new best's.
          if (Best && Best->Function != B.Function)
            BestOther = Best;
          Best = &B;
        } else if (B.Function != Best->Function &&
                   (!BestOther || better(B, *BestOther))) {
          BestOther = &B;
        }
      }
      const Entry *forA(const Entry &A) const {
        if (!Best || Best->Function != A.Function)
          return Best;
        return BestOther ? BestOther : Best;
      }
    } Shared{Functions}, Assumed{Functions}, Teardown{Functions},
        Setup{Functions};
    for (const Entry &B : Entries) {
      if (!isWrite(B.Access->Kind) ||
          !threadsCanConflict(ThreadsKind::AnyThread, B.Access->Threads))
        continue;
      (IsSetup(B.Function)                ? Setup
       : !TeardownOf(B).empty()       ? Teardown
       : B.Access->isAssumedWrite()   ? Assumed
                                          : Shared)
          .add(B);
    }
    // Writes seen first; then writes assumed of a call racecar has no body
    // for (low); then the teardown's (low); then setup-only ones (low).
    // A write that shares A's queue-front turn (LowQueueFront) gives way to
    // one seen in a shared method that does not: that one is the race.
    auto ConflictFor = [&](const Entry &A) -> const Entry * {
      const Entry *Chosen = nullptr;
      for (const auto *Bucket : {&Shared, &Assumed, &Teardown})
        if ((Chosen = Bucket->forA(A)))
          break;
      if (!Chosen)
        Chosen = Setup.forA(A);
      // So does a write in a stored callback, against a callback's access,
      // to one in a method the class's users call.
      if (Chosen && (queueFrontLowReasons(*A.Access, *Chosen->Access) ||
                     conditionalLockLowReasons(*A.Access, *Chosen->Access) ||
                     BothCallbacks(A.Function, Chosen->Function)))
        for (const Entry &B : Entries)
          if (isWrite(B.Access->Kind) &&
              threadsCanConflict(ThreadsKind::AnyThread, B.Access->Threads) &&
              !IsSetup(B.Function) && TeardownOf(B).empty() &&
              !B.Access->isAssumedWrite() &&
              !queueFrontLowReasons(*A.Access, *B.Access) &&
              !conditionalLockLowReasons(*A.Access, *B.Access) &&
              !BothCallbacks(A.Function, B.Function))
            return &B;
      return Chosen;
    };
    // For a protected access: the first conflicting access (another
    // method's preferred) holding protecting locks, none in common with
    // it. Memoized per (method, kind, locks): most entries share them.
    std::map<std::tuple<uint32_t, bool, std::vector<HeldLock>>,
             const Entry *>
        Memo;
    GuardingLock Guard;
    for (const Entry &E : Entries)
      Guard.add(*E.Access, E.Function, LockScope::Class);
    auto DifferentLocksFor = [&](const Entry &A) -> const Entry * {
      const AccessSnapshot &X = *A.Access;
      if (Guard.heldBy(X))
        return nullptr; // the other side is the one to fix
      auto Key = std::make_tuple(A.Function, isWrite(X.Kind), X.Locks);
      auto It = Memo.find(Key);
      if (It != Memo.end())
        return It->second;
      // Prefer an access in a method that may run once the object is
      // shared, then one not both in stored callbacks with A, then one that
      // does not hold on some paths only a lock the other holds, then one
      // seen (not assumed of an unseen call), then one holding the lock it
      // should (the guarding lock, or the writers' set), then another
      // method's, then a write.
      const Entry *Best = nullptr;
      int BestRank = -1;
      for (const Entry &B : Entries) {
        const AccessSnapshot &Y = *B.Access;
        if (!canRace(X, Y))
          continue;
        if (!threadsCanConflict(ThreadsKind::AnyThread, Y.Threads))
          continue;
        PairVerdict V = judgePair(X, Y, LockScope::Class);
        if (V == PairVerdict::Safe &&
            !orderedByIdentifiableLocks(X, Y, LockScope::Class))
          // Taken as ordered by a lock that cannot be named or told apart
          // (a function's own local mutex, `locks_[i]`).
          Sink.noteAssumption(
              Assumption{AssumptionKind::LockIdentity, X.Location});
        if (V != PairVerdict::DifferentLocks)
          continue;
        int Rank = (IsSetup(B.Function) ? 0 : 64) +
                   (BothCallbacks(A.Function, B.Function) ? 0 : 32) +
                   (conditionalLockLowReasons(X, Y) ? 0 : 16) +
                   (Y.isAssumedWrite() ? 0 : 8) +
                   (Guard.heldBy(Y) ? 4 : 0) +
                   (B.Function != A.Function ? 2 : 0) +
                   (isWrite(Y.Kind) ? 1 : 0);
        if (Rank > BestRank ||
            (Rank == BestRank &&
             betterWitness(Functions[B.Function].Name, Y,
                           Functions[Best->Function].Name, *Best->Original))) {
          BestRank = Rank;
          Best = &B;
          if (Rank == 127 && Y.Trace.empty() && !Y.Atomic &&
              !isTestHookName(Functions[B.Function].Name))
            break;
        }
      }
      return Memo[Key] = Best;
    };
    for (const Entry &A : As) {
      const AccessSnapshot &Acc = *A.Access;
      // An atomic access is reported at the plain one it races with (the
      // one to fix), which finds it among its conflicts.
      if (Acc.Atomic)
        continue;
      RaceKind Kind;
      const Entry *B = nullptr;
      if (isWrite(Acc.Kind) && !Acc.isProtected()) {
        Kind = RaceKind::UnprotectedWrite;
        B = ConflictFor(A);
      } else if (!isWrite(Acc.Kind) && !Acc.holdsMutex()) {
        Kind = RaceKind::ReadWriteRace;
        B = ConflictFor(A);
      } else {
        Kind = RaceKind::DifferentLocks;
        B = DifferentLocksFor(A);
      }
      if (!B)
        continue;
      // Its callers' lock lies outside the object (a sibling member of the
      // owner's), so it is none of the object's own: against an access in a
      // method that holds only the object's own locks, the two hold
      // different locks for sure, a high finding, not a caller-synchronized
      // one. For a write, prefer such an access to its own self-race.
      auto OnlyOwnLocks = [&](const Entry &E) {
        return !IsSynced(E.Function) && E.Access->holdsMutex() &&
               llvm::all_of(E.Access->Locks, [](const HeldLock &L) {
                 return L.protectsNothing() ||
                        (!L.Unknown && classifyLock(L, true) ==
                                                          OwnMemberLock);
               });
      };
      const bool LockedOutside = std::binary_search(
          Class.LockedOutside.begin(), Class.LockedOutside.end(), A.Function);
      if (LockedOutside && !OnlyOwnLocks(*B) &&
          Kind != RaceKind::DifferentLocks)
        for (const Entry &C : Entries)
          if (C.Function != A.Function &&
              (isWrite(Acc.Kind) || isWrite(C.Access->Kind)) &&
              OnlyOwnLocks(C)) {
            B = &C;
            break;
          }
      const bool Outside = LockedOutside && OnlyOwnLocks(*B);
      RaceFinding R;
      R.Kind = Kind;
      R.Class = Class.Name;
      R.Reported = sideOf(Functions[A.Function], *A.Original);
      R.Conflicting = sideOf(Functions[B->Function], *B->Original);
      R.LowReasons = ClassReasons | pathLowReasons(Acc.Path, false) |
                     accessLowReasons(*A.Original, *B->Original) |
                     queueFrontLowReasons(*A.Access, *B->Access) |
                     conditionalLockLowReasons(*A.Access, *B->Access);
      if (isTestHookName(Functions[A.Function].Name) ||
          isTestHookName(Functions[B->Function].Name))
        R.LowReasons |= LowTestHook;
      R.Reported.SetupOnly = IsSetup(A.Function);
      R.Conflicting.SetupOnly = IsSetup(B->Function);
      if (R.Reported.SetupOnly || R.Conflicting.SetupOnly)
        R.LowReasons |= LowSetupOnly;
      R.Reported.Teardown = TeardownOf(A);
      R.Conflicting.Teardown = TeardownOf(*B);
      if (!R.Reported.Teardown.empty() || !R.Conflicting.Teardown.empty())
        R.LowReasons |= LowTeardown;
      // Both sides run under locks: this access under its callers' (every
      // call of its method holds one), the other under its own or its
      // callers'. Which locks is not known, as in RacerD's lock count.
      if (IsSynced(A.Function) && !Outside &&
          (B->Access->holdsMutex() || IsSynced(B->Function))) {
        R.LowReasons |= LowCallerSynchronized;
        R.Reported.CallerSynchronized = true;
      }
      // A method no code in the program calls, on memory every called
      // method accesses only under its callers' locks: its callers are
      // outside the scan, and the memory's contract says they hold the
      // lock too (`DBImpl::DeleteAllRecoveredTransactions`, whose callers
      // are in the transaction DB's code, against `InsertRecoveredTransaction`
      // called with the DB mutex held). A method that takes a lock around
      // the memory itself makes it the class's to guard: no such reason.
      if (LockedByCallers && !(R.LowReasons & LowCallerSynchronized) &&
          (IsUncalled(A.Function) || IsUncalled(B->Function))) {
        R.LowReasons |= LowCallersUnseen;
        R.Reported.Uncalled = IsUncalled(A.Function);
        R.Conflicting.Uncalled = IsUncalled(B->Function);
        R.LockedByCallersIn =
            (IsSynced(A.Function)    ? Functions[A.Function]
             : IsSynced(B->Function) ? Functions[B->Function]
                                     : *LockedByCallers)
                .Name.str();
      }
      // Both sides run only from callables the program stores, and what
      // runs them (a timer's thread, a pool, an event loop) is not seen:
      // whether two runs overlap is not known (`PersistStats`, which a
      // periodic timer runs one at a time).
      if (BothCallbacks(A.Function, B->Function)) {
        R.LowReasons |= LowCallbackOnly;
        R.Reported.Callback = CallbackOf(A.Function)->Name.str();
        R.Conflicting.Callback = CallbackOf(B->Function)->Name.str();
      }
      // A low finding does not keep the thread check from reporting the
      // same access between threads it can see precisely.
      if (!R.LowReasons)
        Reported.push_back(Acc.Location);
      Sink.takeRace(std::move(R));
      ++Findings;
    }
  };
  // An inherited method's read pairs only with the class's own writes, on
  // memory the inherited methods never write: memory the base writes is
  // the base's to guard, and its own check pairs it (DBImplReadOnly does
  // not report DBImpl's races again).
  auto IsInherited = [&](const Entry &E) {
    return std::binary_search(Class.Inherited.begin(), Class.Inherited.end(),
                              E.Function);
  };
  auto PairAccesses = [&](const std::vector<Entry> &As,
                          const std::vector<Entry> &Entries) {
    if (Class.Inherited.empty())
      return PairAll(As, Entries);
    std::vector<Entry> OwnAs, InheritedAs, OwnEntries;
    bool BaseWrites = false;
    for (const Entry &E : As)
      (IsInherited(E) ? InheritedAs : OwnAs).push_back(E);
    for (const Entry &E : Entries) {
      if (!IsInherited(E))
        OwnEntries.push_back(E);
      else
        BaseWrites |= isWrite(E.Access->Kind);
    }
    if (!OwnAs.empty())
      PairAll(OwnAs, BaseWrites ? OwnEntries : Entries);
    if (!BaseWrites && !InheritedAs.empty() && !OwnEntries.empty())
      PairAll(InheritedAs, OwnEntries);
  };
  for (auto &[Key, Entries] : Locations)
    PairAccesses(Entries, Entries);
  // A handle's field against the same field of the objects the class holds
  // behind pointers and locks around (the first such location in path
  // order: `Lookup` sets `e->flags` under `mutex_` on an entry of its
  // table; `IsReady(handle)` reads `handle->flags` without it). Only the
  // handles' accesses are reported: the held objects' were paired above.
  if (!Handles.empty()) {
    // Only a field the class guards: every write of it in the objects it
    // holds takes a lock (a lock-free list's links, written with and
    // without one, are no sign of which objects a handle may be).
    std::map<llvm::StringRef, const ir::AccessPath *> HeldField;
    std::set<llvm::StringRef> Unguarded;
    for (const auto &[Key, Entries] : Locations) {
      if (!isHeldObjectField(*Key))
        continue;
      const llvm::StringRef Field = Key->Steps.back().name().str();
      if (llvm::any_of(Entries, [](const Entry &E) {
            return isWrite(E.Access->Kind) && !E.Access->Atomic &&
                   !E.Access->holdsMutex();
          }))
        Unguarded.insert(Field);
      else if (llvm::any_of(Entries, [](const Entry &E) {
                 return E.Access->holdsMutex();
               }))
        HeldField.try_emplace(Field, Key);
    }
    for (llvm::StringRef Field : Unguarded)
      HeldField.erase(Field);
    std::map<const ir::AccessPath *, std::vector<Entry>, PathLess> ByHeld;
    for (const Entry &H : Handles) {
      auto It = HeldField.find(H.Access->Path->Steps.back().name().str());
      if (It != HeldField.end())
        ByHeld[It->second].push_back(H);
    }
    for (auto &[Key, Hs] : ByHeld) {
      SortEntries(Hs);
      // The held objects' writes are the witnesses that say why; the other
      // handles' only if the class writes none of the held ones.
      std::vector<Entry> Witnesses = Locations.find(Key)->second;
      if (llvm::none_of(Witnesses,
                        [](const Entry &E) { return isWrite(E.Access->Kind); }))
        Witnesses.insert(Witnesses.end(), Hs.begin(), Hs.end());
      PairAccesses(Hs, Witnesses);
    }
  }
  // `*this = {}` or `memset(&stats_, ..)` against `stats_.hits++`;
  // `v_.push_back(x)` against `v_[i] = y`. The paths a path holds in place
  // extend it, so they follow it in the map's order. A call that only reads
  // a container's bookkeeping (`v_.size()`) is no side of such a pair.
  auto Meets = [](const std::vector<Entry> &Es) {
    std::vector<Entry> Out;
    for (const Entry &E : Es)
      if (touchesParts(*E.Access))
        Out.push_back(E);
    return Out;
  };
  for (auto It = Locations.begin(); It != Locations.end(); ++It) {
    std::vector<Entry> Whole;
    for (auto Jt = std::next(It);
         Jt != Locations.end() && It->first->isPrefixOf(*Jt->first); ++Jt) {
      if (!It->first->holdsInPlace(*Jt->first))
        continue;
      if (Whole.empty())
        Whole = Meets(It->second);
      if (Whole.empty())
        break;
      PairAccesses(Whole, Jt->second);
      PairAccesses(Jt->second, Whole);
    }
  }
  return Findings;
}

ConflictStats findConflicts(const std::vector<ir::Function> &Functions,
                            const std::vector<FunctionSummary> &Summaries,
                            const std::vector<ir::ClassInfo> &Classes,
                            FindingSink &Sink, const CallGraph *Graph) {
  ConflictStats Stats;
  std::vector<ir::Loc> Reported;
  for (const ClassCheck &C :
       planClassChecks(Functions, Summaries, Classes, Stats, Graph))
    Stats.Findings +=
        findClassConflicts(C, Functions, Summaries, Sink, Reported);
  if (Graph) {
    sortUnique(Reported);
    Stats.Threads =
        findThreadRaces(Functions, Summaries, *Graph, Reported, Sink);
  }
  return Stats;
}

} // namespace racer
