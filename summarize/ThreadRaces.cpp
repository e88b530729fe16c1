//===- ThreadRaces.cpp - Races between threads (O2 origins) ---------------===//
#include "summarize/ThreadRaces.h"
#include "summarize/LockProtection.h"
#include "summarize/PairCandidates.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <map>
#include <set>

namespace racer {

namespace {

using ir::AccessPath;
using ir::Operand;
using ir::RootKind;
using ir::StepKind;

/// Threads started by threads, and so on: how deep the tree is expanded.
constexpr unsigned MaxThreadDepth = 3;
/// Origins expanded under one root.
constexpr size_t MaxOrigins = 256;
/// Local ids of origin k's entry are renamed to k * LocalStride + id, so the
/// locals of different origins never collide in root terms.
constexpr uint32_t LocalStride = 1u << 22;

struct Origin {
  int Parent = -1;         ///< -1 for the root
  uint32_t IdInParent = 0; ///< ThreadSpawn::Id in the parent's frame
  bool Multi = false;      ///< started more than once
  /// ThreadSpawn::Pool: OwnLocals own their fields, not what they point to.
  bool Pool = false;
  /// A serial job's flag (ThreadSpawn::Serial), in root terms: instances
  /// of the same job kept to one at a time by this flag do not overlap.
  std::optional<AccessPath> SerialFlag;
  /// Root-frame locals whose object each instance gets its own of
  /// (ThreadSpawn::FreshArgs), sorted.
  llvm::SmallVector<uint32_t, 0> OwnLocals;
  /// Bit k: the entry's formal k points to an object each instance has its
  /// own of that is not one of OwnLocals (an element `&slots[i]`).
  uint32_t OwnFormals = 0;
  llvm::SmallVector<uint32_t, 0> LiveAtSpawn; ///< parent-frame spawn ids
  uint32_t Function = 0;
  std::vector<Operand> Actuals; ///< of the entry's formals, in root terms
  std::vector<CallSite> Started;
  unsigned Depth = 0;
};

struct OriginAccess {
  uint32_t Origin;
  AccessSnapshot Snap; ///< path and locks in root terms; Live in origin frame
  /// Made through a formal of Origin::OwnFormals, no pointer loaded on the
  /// way: memory of this instance's own.
  bool ThroughOwnFormal = false;
};

bool contains(llvm::ArrayRef<uint32_t> Sorted, uint32_t Id) {
  return std::binary_search(Sorted.begin(), Sorted.end(), Id);
}

/// The path goes through a pointer loaded from memory others can see
/// (`g->f`, `this->next->f`): another path may name the same memory, and
/// paths are compared by name.
bool throughLoadedPointer(const AccessPath &P) {
  for (size_t I = 0; I < P.Steps.size(); ++I)
    if ((P.Steps[I].kind() == StepKind::Deref &&
         (I > 0 || P.Root == RootKind::Global)) ||
        ir::standsForLoads(P.Steps[I].kind()))
      return true;
  return false;
}

AccessPath appendAfterFirst(const AccessPath &Base, const AccessPath &P) {
  AccessPath Out = Base;
  for (size_t I = 1; I < P.Steps.size(); ++I)
    Out.Steps.push_back(P.Steps[I]);
  ir::limitSteps(Out);
  return Out;
}

/// The other names of linked objects (FunctionSummary::Publications whose
/// member is a global's object): a thread's object for a pthread key that
/// it also linked into a list, {logger_key->... -> logger_stack_head->...}.
using LinkedAliases = std::map<AccessPath, AccessPath>;

LinkedAliases linkedAliases(const std::vector<FunctionSummary> &Summaries) {
  LinkedAliases Out;
  for (const FunctionSummary &S : Summaries)
    for (const MemberPointer &P : S.Publications)
      if (P.Member.Root == RootKind::Global)
        Out.emplace(P.Member, P.Value.Path);
  return Out;
}

/// The memory \p P names, as the walks of a structure name it: a linked
/// object by its structure's name (following aliases), as a Walk.
AccessPath memoryKey(AccessPath P, const LinkedAliases &Aliases) {
  for (int Hop = 0; Hop < 4 && !Aliases.empty(); ++Hop) {
    auto Linked = llvm::find_if(P.Steps, [](const ir::PathStep &S) {
      return S.kind() == StepKind::Linked;
    });
    if (Linked == P.Steps.end())
      break;
    AccessPath Head = P;
    Head.Steps.assign(P.Steps.begin(), std::next(Linked));
    auto It = Aliases.find(Head);
    if (It == Aliases.end())
      break;
    AccessPath Out = It->second;
    Out.Steps.append(std::next(Linked), P.Steps.end());
    ir::limitSteps(Out);
    P = std::move(Out);
  }
  return ir::asWalked(std::move(P));
}

class RootAnalysis {
public:
  RootAnalysis(const std::vector<ir::Function> &Functions,
               const std::vector<FunctionSummary> &Summaries,
               const CallGraph &Graph, llvm::ArrayRef<ir::Loc> Skip,
               FindingSink &Sink, const TakenAddresses *Addresses,
               const ProgramPartition *Programs,
               llvm::ArrayRef<std::string> TableSlots)
      : Functions(Functions), Summaries(Summaries), Graph(Graph), Skip(Skip),
        Sink(Sink), Addresses(Addresses), Programs(Programs),
        TableSlots(TableSlots),
        Aliases(linkedAliases(Summaries)),
        MainFiles(mainFiles(Functions)) {
    for (uint32_t I = 0; I < Functions.size(); ++I) {
      const ir::SyncPatterns &P = *Functions[I].Patterns;
      if (P.OnceInit.Line)
        OnceFunctions[Functions[I].Name.str()].push_back(I);
      if (P.LastSignalLine || P.ConditionWait.Line || P.AcquireRegion.Line ||
          P.PublishLine)
        WaitFunctions[Functions[I].Name.str()].push_back(I);
    }
  }

  void run(uint32_t Root, ThreadRaceStats &Stats);

private:
  void expand(uint32_t Root);
  /// The flag of \p Child, a job its parent submitted as a serial one, in
  /// root terms, if the job clears that flag under a lock the submission
  /// held; else nothing.
  std::optional<AccessPath> serialFlag(const ThreadSpawn &Sp, uint32_t Parent,
                                       uint32_t Child) const;
  std::optional<AccessPath> toRoot(const AccessPath &P, uint32_t O) const;
  void materialize();
  bool concurrent(const OriginAccess &X, const OriginAccess &Y) const;
  /// What two origins alone say of whether accesses of theirs may run at
  /// the same time (concurrent's questions that do not look at the
  /// accesses).
  enum class OriginOverlap : uint8_t {
    Unknown, ///< not computed yet
    Never,   ///< sequential whatever the accesses
    Always,  ///< at the same time, unless both go through linked objects
    Depends, ///< the accesses' own facts decide (live spawns, own memory)
  };
  OriginOverlap originOverlap(uint32_t OX, uint32_t OY) const;
  /// Origin \p O's ancestors from the root down to itself (Chains).
  llvm::ArrayRef<uint32_t> chain(uint32_t O) const { return Chains[O]; }
  /// Fills Chains and clears OriginOverlaps for the origins of expand.
  void indexOrigins();
  /// How the accesses paired by pairGroup relate: the same memory, or one
  /// side's objects hold the other side's memory in place.
  enum class Overlap { Same, XsWhole, YsWhole };
  /// Reports each access of \p Xs that races with one of \p Ys.
  void pairGroup(const std::vector<uint32_t> &Xs,
                 const std::vector<uint32_t> &Ys, Overlap How,
                 ThreadRaceStats &Stats);
  /// Pairs the accesses of a group with those of every group whose memory
  /// it holds in place (`memset(&st, ..)` with `st.errors++`).
  void pairNested(const std::map<AccessPath, std::vector<uint32_t>> &ByPath,
                  ThreadRaceStats &Stats);
  bool worthPairing(const std::vector<uint32_t> &Xs,
                    const std::vector<uint32_t> &Ys) const;
  void checkAliasing();
  /// Origin \p O (its function or a callee) synchronizes by hand, in a
  /// way the analysis does not model: not a spin on an atomic flag's
  /// acquire load in its own function (ir::SyncPatterns::AcquireSpin),
  /// which orders what follows after the flag's publication only
  /// (publicationMayOrder).
  bool handRolled(uint32_t O) const {
    const ir::Loc &L = Summaries[Origins[O].Function].HandRolledSync;
    const ir::SyncPatterns &P = *Functions[Origins[O].Function].Patterns;
    return L.Line != 0 && !(P.AcquireSpin && L == P.HandRolledSync);
  }
  /// Calls \p Visit with each function \p A runs in (its origin's, then the
  /// callees its trace keeps) and \p A's place in it (the call its trace
  /// makes there, or the access), innermost last, until Visit says stop.
  template <typename Fn>
  void forEachPlace(const OriginAccess &A, Fn Visit) const {
    const CallChain &T = A.Snap.Trace;
    if (Visit(Functions[Origins[A.Origin].Function],
              T.empty() ? A.Snap.Location : T.front().Location))
      return;
    if (T.hidden() || WaitFunctions.empty())
      return;
    for (size_t K = 0; K < T.size(); ++K) {
      auto It = WaitFunctions.find(T[K].Callee.str());
      if (It == WaitFunctions.end() || It->second.size() != 1)
        continue;
      if (Visit(Functions[It->second.front()],
                K + 1 < T.size() ? T[K + 1].Location : A.Snap.Location))
        return;
    }
  }
  /// The function in which \p A runs where an acquire load found an
  /// atomic flag set, or the last owner of a count runs
  /// (ir::SyncPatterns::AcquireRegion); else null.
  const ir::Function *acquiredAt(const OriginAccess &A) const {
    const ir::Function *Found = nullptr;
    forEachPlace(A, [&](const ir::Function &F, const ir::Loc &L) {
      const ir::SyncPatterns &P = *F.Patterns;
      if (P.AcquireRegion.Line && P.AcquireRegion.File == L.File &&
          L.Line > P.AcquireRegion.Line &&
          (!P.AcquireRegionLast || L.Line <= P.AcquireRegionLast))
        Found = &F;
      return Found != nullptr;
    });
    return Found;
  }
  /// \p A runs above a release store of \p Flag (or a drop of the count
  /// \p Flag) in a function it runs in (ir::SyncPatterns::PublishLine):
  /// published to the flag's acquirers.
  bool publishedBy(const OriginAccess &A, ir::Symbol Flag) const {
    bool Found = false;
    forEachPlace(A, [&](const ir::Function &F, const ir::Loc &L) {
      const ir::SyncPatterns &P = *F.Patterns;
      Found = P.PublishLine && P.PublishVar == Flag &&
              L.File == F.Location.File && L.Line < P.PublishLine;
      return Found;
    });
    return Found;
  }
  /// An atomic flag's publication may order \p A and \p B
  /// (LowConditionWait): one runs once an acquire load found the flag set,
  /// the other above its thread's release store of that flag; or both run
  /// as the last owner of one count, which happens once.
  bool publicationMayOrder(const OriginAccess &A, const OriginAccess &B) const {
    const ir::Function *FA = acquiredAt(A), *FB = acquiredAt(B);
    if (FA && publishedBy(B, FA->Patterns->AcquireVar))
      return true;
    if (FB && publishedBy(A, FB->Patterns->AcquireVar))
      return true;
    return FA && FB && FA->Patterns->AcquireLastOwner &&
           FB->Patterns->AcquireLastOwner &&
           FA->Patterns->AcquireVar == FB->Patterns->AcquireVar;
  }
  /// \p A is in its thread's own function (or the one its trace ends in,
  /// waitingFunctionOf), below a loop that waits on a condition variable
  /// for a flag, or a signalled wait (ir::SyncPatterns::SignalledWait).
  bool afterConditionWait(const OriginAccess &A) const {
    const ir::Function *F = waitingFunctionOf(A);
    if (!F)
      return false;
    const ir::Loc &W = F->Patterns->ConditionWait;
    return W.Line && W.File == A.Snap.Location.File &&
           A.Snap.Location.Line > W.Line;
  }
  /// \p A is below the last signal (ir::SyncPatterns::LastSignalLine) of
  /// the function it is in (waitingFunctionOf): done after every wake-up
  /// that function sends, so no waiter's access is ordered after it.
  bool afterLastSignal(const OriginAccess &A) const {
    const ir::Function *F = waitingFunctionOf(A);
    return F && F->Patterns->LastSignalLine &&
           A.Snap.Location.Line > F->Patterns->LastSignalLine;
  }
  /// The function \p A is in (its thread's, or the last its trace enters,
  /// when the trace shows every call), if that function waits or signals a
  /// waiter and \p A is in its file; else null.
  const ir::Function *waitingFunctionOf(const OriginAccess &A) const {
    const ir::Function *F = &Functions[Origins[A.Origin].Function];
    if (!A.Snap.Trace.empty()) {
      if (A.Snap.Trace.hidden())
        return nullptr;
      auto It = WaitFunctions.find(
          A.Snap.Trace[A.Snap.Trace.size() - 1].Callee.str());
      if (It == WaitFunctions.end() || It->second.size() != 1)
        return nullptr;
      F = &Functions[It->second.front()];
    }
    return F->Location.File == A.Snap.Location.File ? F : nullptr;
  }
  /// A condition wait may order \p A and \p B (LowConditionWait): one
  /// comes after a wait, the other not after its function's last signal,
  /// and waitCanOrder.
  bool waitMayOrder(const OriginAccess &A, const OriginAccess &B) const {
    return ((afterConditionWait(A) && wakesBefore(B, A)) ||
            (afterConditionWait(B) && wakesBefore(A, B))) &&
           waitCanOrder(A, B);
  }
  /// \p Other's thread may wake \p Waiter's wait after \p Other: not
  /// after its function's last signal, and, for a signalled wait (a
  /// future's, a semaphore's, a latch's), in a thread or function that
  /// signals.
  bool wakesBefore(const OriginAccess &Other,
                   const OriginAccess &Waiter) const {
    if (afterLastSignal(Other))
      return false;
    const ir::Function *W = waitingFunctionOf(Waiter);
    if (!W || !W->Patterns->SignalledWait)
      return true;
    const ir::Function *F = waitingFunctionOf(Other);
    return Functions[Origins[Other.Origin].Function].Patterns->LastSignalLine ||
           (F && F->Patterns->LastSignalLine);
  }
  /// \p A and \p B are in their threads' own functions, one before the
  /// function's barrier wait and the other after its own.
  bool acrossBarrier(const OriginAccess &A, const OriginAccess &B) const {
    const ir::Loc &WA =
        Functions[Origins[A.Origin].Function].Patterns->BarrierWait;
    const ir::Loc &WB =
        Functions[Origins[B.Origin].Function].Patterns->BarrierWait;
    if (!WA.Line || !WB.Line || !A.Snap.Trace.empty() ||
        !B.Snap.Trace.empty() || WA.File != A.Snap.Location.File ||
        WB.File != B.Snap.Location.File)
      return false;
    return (A.Snap.Location.Line < WA.Line) != (B.Snap.Location.Line < WB.Line);
  }
  /// A condition wait may order \p A and \p B: unless both run the same
  /// thread function, which waits but signals no one (two workers woken by
  /// one broadcast, or by two, run at once: `while (!ready) wait(..);
  /// bytes += n;` races with itself).
  bool waitCanOrder(const OriginAccess &A, const OriginAccess &B) const {
    const uint32_t F = Origins[A.Origin].Function;
    return F != Origins[B.Origin].Function ||
           Functions[F].Patterns->ConditionWaitSignals;
  }
  /// \p A is in a once-only initialization (ir::Function::OnceInit) and
  /// holds a lock (a flag tested without one is no order: `if (!stop) {
  /// ...; stop = 1; }` races on the flag too): its place in the thread's
  /// function (the call it is under, or itself), or in a function its
  /// trace enters, is in that function's region, and the region is
  /// once-only in this program (onceHolds).
  /// Returns that function, or null.
  const ir::Function *onceInitOf(const OriginAccess &A) const {
    return A.Snap.holdsMutex() ? onceRegionOf(A, /*Checked=*/true) : nullptr;
  }
  /// The function whose once-only region holds \p A's place in it (see
  /// onceInitOf), or null; with \p Checked, only regions that onceHolds.
  const ir::Function *onceRegionOf(const OriginAccess &A, bool Checked) const;
  /// A once-only update by value (ir::Function::OnceInitVar) is once-only
  /// only if no code writes the globals its value is read from nor takes
  /// their address, and every write of the variable updated is in \p F's
  /// region. A flag's region holds as found.
  bool onceHolds(const ir::Function &F) const;
  /// Double-checked initialization: the flag of \p F's first branch on a
  /// shared flag (`if (!inited) { lock; if (!inited) { ..; inited = 1; }
  /// unlock; }`) is read without a lock by the thread of \p A or of \p B:
  /// the region orders nothing for a thread that skips it on that read.
  /// (An update by value, OnceInitVar, is read without a lock by design.)
  bool flagTestedUnlocked(const ir::Function &F, const OriginAccess &A,
                          const OriginAccess &B) const {
    const ir::Symbol &Flag = F.Patterns->FlagGuardVar;
    return !Flag.empty() && F.Patterns->OnceInitVar.empty() &&
           (GlobalsUnlocked.count({A.Origin, Flag}) ||
            GlobalsUnlocked.count({B.Origin, Flag}));
  }
  /// The function whose once-only region orders \p A in the pair of \p X
  /// and \p B (onceInitOf, unless flagTestedUnlocked), or null.
  const ir::Function *onceInitOrders(const OriginAccess &A,
                                     const OriginAccess &X,
                                     const OriginAccess &B) const {
    const ir::Function *F = onceInitOf(A);
    return F && !flagTestedUnlocked(*F, X, B) ? F : nullptr;
  }
  /// \p A is in its thread's branch on a shared flag (ir::Function::
  /// FlagGuard) that \p Other's thread writes, A holds a lock, and A's
  /// thread never touches the flag without one: the flag's value may keep
  /// the two apart (`if (busy == 0) { block = 0; }` against a thread that
  /// sets busy before it writes block). A flag read without a lock orders
  /// nothing (`if (!stop) { sold = n + 1; }`).
  bool inFlagGuard(const OriginAccess &A, const OriginAccess &Other) const {
    if (!A.Snap.holdsMutex())
      return false;
    const ir::Function &F = Functions[Origins[A.Origin].Function];
    if (!F.Patterns->FlagGuard.Line ||
        !GlobalsWritten.count({Other.Origin, F.Patterns->FlagGuardVar}) ||
        GlobalsUnlocked.count({A.Origin, F.Patterns->FlagGuardVar}))
      return false;
    const ir::Loc &L =
        A.Snap.Trace.empty() ? A.Snap.Location : A.Snap.Trace.front().Location;
    return L.File == F.Patterns->FlagGuard.File &&
           std::make_pair(L.Line, L.Col) >=
               std::make_pair(F.Patterns->FlagGuard.Line,
                              F.Patterns->FlagGuard.Col) &&
           L.Line <= F.Patterns->FlagGuardLast;
  }
  /// \p S is reached through a call of a slot of callback tables
  /// (IndirectCalls.h, MinTableTargets), among the frames its trace keeps.
  bool throughTable(const AccessSnapshot &S) const {
    return !tableSlotOf(S).empty();
  }
  /// The first such slot's name, or "".
  llvm::StringRef tableSlotOf(const AccessSnapshot &S) const {
    if (TableSlots.empty())
      return {};
    for (const CallSite &C : S.Trace)
      if (std::binary_search(TableSlots.begin(), TableSlots.end(),
                             C.Callee.str()))
        return C.Callee.str();
    return {};
  }
  /// \p A is on the line of its thread's hand-rolled loop (the read of a
  /// plain flag a busy-wait spins on).
  bool onBusyWait(const OriginAccess &A) const {
    const ir::Loc &L = Summaries[Origins[A.Origin].Function].HandRolledSync;
    return L.Line && L.File == A.Snap.Location.File &&
           L.Line == A.Snap.Location.Line;
  }
  RaceSide sideOf(const OriginAccess &A) const;
  /// Accesses[\p I] as PairCandidates pairs it, its locks classed by \p V.
  PairCandidates::Side pairingSide(uint32_t I, LockVerdicts &V) const {
    const OriginAccess &A = Accesses[I];
    return {I,
            A.Origin,
            V.classOf(A.Snap),
            isWrite(A.Snap.Kind),
            bool(A.Snap.Atomic),
            uint32_t(A.Snap.Trace.size())};
  }
  /// The files holding each `main` of the scan: a database may hold
  /// several programs (a server, its benchmark) that share sources.
  static std::vector<uint32_t>
  mainFiles(const std::vector<ir::Function> &Functions) {
    std::vector<uint32_t> Out;
    for (const ir::Function &F : Functions)
      if (F.Kind == ir::FunctionKind::Free && F.Name == "main")
        Out.push_back(F.Location.File);
    llvm::sort(Out);
    Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
    return Out;
  }
  /// Code at \p L (or below a call made there) is in another program than
  /// the root's: its file holds another `main`, so it is never linked with
  /// the root's (a function-pointer slot the server fills with its own
  /// function is not called with it in the benchmark). Other files shared
  /// by name are not told apart: which object files a program links is not
  /// in a compile database.
  bool otherProgram(const ir::Loc &L) const {
    return std::binary_search(Foreign.begin(), Foreign.end(), L.File);
  }
  template <class Frames>
  bool otherProgram(const ir::Loc &L, const Frames &Trace) const {
    if (Foreign.empty())
      return false;
    if (otherProgram(L))
      return true;
    for (const CallSite &C : Trace)
      if (otherProgram(C.Location))
        return true;
    return false;
  }

  const std::vector<ir::Function> &Functions;
  const std::vector<FunctionSummary> &Summaries;
  const CallGraph &Graph;
  llvm::ArrayRef<ir::Loc> Skip; ///< sorted
  FindingSink &Sink;
  /// Origins found to be serial jobs by the last expand.
  unsigned SerialJobs = 0;
  const TakenAddresses *Addresses; ///< null: any global's may be taken
  const ProgramPartition *Programs; ///< null: programs told apart by main
  llvm::ArrayRef<std::string> TableSlots; ///< sorted names
  const LinkedAliases Aliases;
  const std::vector<uint32_t> MainFiles;
  /// MainFiles but the root's own, when the root is a `main`, and the files
  /// only other programs reach (Programs; sorted).
  std::vector<uint32_t> Foreign;

  std::vector<Origin> Origins;
  /// Per origin, its ancestors from the root down to itself.
  std::vector<llvm::SmallVector<uint32_t, 4>> Chains;
  /// originOverlap by origin pair (row OX, column OY), filled as asked: a
  /// root's millions of pairs are between a few hundred origins at most.
  mutable std::vector<OriginOverlap> OriginOverlaps;
  std::vector<OriginAccess> Accesses;
  /// The findings handed on for accesses through a call: (top function,
  /// file and line of the call toward the access, low, kind, path).
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, bool, uint8_t, AccessPath>>
      PerCallLine;
  /// (origin, global) for every global an origin writes, and for every
  /// global it accesses once without a lock (FlagGuard flags).
  std::set<std::pair<uint32_t, ir::Symbol>> GlobalsWritten, GlobalsUnlocked;
  /// Functions with a once-only region (ir::Function::OnceInit), by name
  /// (what a trace's frames say).
  llvm::StringMap<llvm::SmallVector<uint32_t, 1>> OnceFunctions;
  /// Functions that wait or signal a waiter (ir::SyncPatterns::
  /// ConditionWait, LastSignalLine), by name.
  llvm::StringMap<llvm::SmallVector<uint32_t, 1>> WaitFunctions;
  /// onceHolds, by function, for this root's origins.
  mutable std::map<const ir::Function *, bool> OnceHolds;
};

const ir::Function *RootAnalysis::onceRegionOf(const OriginAccess &A,
                                               bool Checked) const {
  auto In = [&](const ir::Function &F, const ir::Loc &L) {
    return F.Patterns->OnceInit.Line && L.File == F.Patterns->OnceInit.File &&
           L.Line >= F.Patterns->OnceInit.Line &&
           L.Line <= F.Patterns->OnceInitLast && (!Checked || onceHolds(F));
  };
  const CallChain &T = A.Snap.Trace;
  const ir::Function &Own = Functions[Origins[A.Origin].Function];
  if (In(Own, T.empty() ? A.Snap.Location : T.front().Location))
    return &Own;
  if (OnceFunctions.empty() || T.hidden())
    return nullptr;
  // Frame K calls a function; its place there is frame K+1's call, or the
  // access itself.
  for (size_t K = 0; K < T.size(); ++K) {
    auto It = OnceFunctions.find(T[K].Callee.str());
    if (It == OnceFunctions.end())
      continue;
    const ir::Loc &L = K + 1 < T.size() ? T[K + 1].Location : A.Snap.Location;
    for (uint32_t FI : It->second)
      if (In(Functions[FI], L))
        return &Functions[FI];
  }
  return nullptr;
}

bool RootAnalysis::onceHolds(const ir::Function &F) const {
  if (F.Patterns->OnceInitVar.empty())
    return true;
  auto [It, New] = OnceHolds.try_emplace(&F, false);
  if (!New)
    return It->second;
  auto Untouchable = [&](ir::Symbol G) {
    return Addresses && !Addresses->mayBeTaken(G.str());
  };
  bool Holds = Untouchable(F.Patterns->OnceInitVar) &&
               llvm::all_of(F.Patterns->OnceInitUnwritten, Untouchable);
  for (const OriginAccess &X : Accesses) {
    if (!Holds)
      break;
    if (X.Snap.Path->Root != RootKind::Global || !isWrite(X.Snap.Kind))
      continue;
    if (llvm::is_contained(F.Patterns->OnceInitUnwritten, X.Snap.Path->Symbol))
      Holds = false;
    else if (X.Snap.Path->Symbol == F.Patterns->OnceInitVar)
      // Written in this update's branch only (another function's update of
      // the same variable may write another value).
      Holds = onceRegionOf(X, /*Checked=*/false) == &F;
  }
  It->second = Holds;
  return Holds;
}

void RootAnalysis::expand(uint32_t Root) {
  auto Limit = [&](AssumptionKind K, ir::Loc At) {
    Sink.noteAssumption(Assumption{K, At});
  };
  Origins.clear();
  Origin R;
  R.Function = Root;
  Origins.push_back(std::move(R));
  for (size_t O = 0; O < Origins.size(); ++O) {
    const FunctionSummary &S = Summaries[Origins[O].Function];
    if (Origins[O].Depth >= MaxThreadDepth) {
      if (!S.Spawns.empty())
        Limit(AssumptionKind::ThreadLimit, S.Spawns.front().Location);
      continue;
    }
    for (const ThreadSpawn &Sp : S.Spawns) {
      if (otherProgram(Sp.Location, Sp.Trace))
        continue;
      if (Origins.size() >= MaxOrigins) {
        Limit(AssumptionKind::ThreadLimit, Sp.Location);
        return;
      }
      auto It = Graph.index().find(Sp.Entry);
      if (It == Graph.index().end()) {
        // The entry's body is not in the program.
        Limit(AssumptionKind::UnknownThread, Sp.Location);
        continue;
      }
      uint32_t Entry = It->second;
      // A thread that (transitively) starts its own entry again: stop.
      bool Recursive = false;
      for (int A = static_cast<int>(O); A >= 0; A = Origins[A].Parent)
        Recursive |= A != 0 && Origins[A].Function == Entry;
      if (Recursive) {
        Limit(AssumptionKind::ThreadLimit, Sp.Location);
        continue;
      }
      Origin C;
      C.Parent = static_cast<int>(O);
      C.IdInParent = Sp.Id;
      C.Multi = Sp.Multi;
      C.Pool = Sp.Pool;
      C.LiveAtSpawn = Sp.LiveAtSpawn;
      C.Function = Entry;
      C.Depth = Origins[O].Depth + 1;
      for (size_t K = 0; K < Sp.Args.size(); ++K) {
        const Operand &A = Sp.Args[K];
        std::optional<AccessPath> P;
        if (A.K == Operand::Kind::Object)
          P = toRoot(A.Path, static_cast<uint32_t>(O));
        if (P && K < 32 && (Sp.FreshArgs >> K) & 1) {
          if (P->Root == RootKind::Local)
            C.OwnLocals.push_back(P->Index);
          else
            C.OwnFormals |= 1u << K;
        }
        C.Actuals.push_back(P ? Operand::object(std::move(*P))
                              : Operand::unknown());
      }
      C.Started = Origins[O].Started;
      C.Started.insert(C.Started.end(), Sp.Trace.begin(), Sp.Trace.end());
      C.Started.push_back(CallSite{Sp.EntryName, Sp.Location});
      Origins.push_back(std::move(C));
      if (!Sp.Serial.empty()) {
        uint32_t Child = static_cast<uint32_t>(Origins.size() - 1);
        if (std::optional<AccessPath> Flag =
                serialFlag(Sp, static_cast<uint32_t>(O), Child)) {
          Origins[Child].Multi = false;
          Origins[Child].SerialFlag = std::move(Flag);
          ++SerialJobs;
        }
      }
    }
  }
}

std::optional<AccessPath> RootAnalysis::serialFlag(const ThreadSpawn &Sp,
                                                   uint32_t Parent,
                                                   uint32_t Child) const {
  if (Sp.Serial.front().K != Operand::Kind::Object)
    return std::nullopt;
  std::optional<AccessPath> Flag = toRoot(Sp.Serial.front().Path, Parent);
  if (!Flag)
    return std::nullopt;
  std::vector<AccessPath> Locks;
  for (size_t K = 1; K < Sp.Serial.size(); ++K)
    if (std::optional<AccessPath> L = toRoot(Sp.Serial[K].Path, Parent))
      Locks.push_back(std::move(*L));
  // `scheduled_ = false;` in the job, under a lock the submission held: the
  // next submission comes after it. (Its accesses after that point and
  // outside the lock are taken as done by then.)
  for (const MemberPointer &C : Summaries[Origins[Child].Function].FlagClears) {
    std::optional<AccessPath> P = toRoot(C.Member, Child);
    std::optional<AccessPath> L = toRoot(C.Value.Path, Child);
    if (P && L && *P == *Flag && llvm::is_contained(Locks, *L))
      return Flag;
  }
  return std::nullopt;
}

std::optional<AccessPath> RootAnalysis::toRoot(const AccessPath &P,
                                               uint32_t O) const {
  if (O == 0 || P.Root == RootKind::Global)
    return P;
  if (P.Root == RootKind::Local) {
    AccessPath Out = P;
    Out.Index = O * LocalStride + P.Index;
    return Out;
  }
  const std::vector<Operand> &Actuals = Origins[O].Actuals;
  if (P.Steps.empty() || P.Steps.front().kind() != StepKind::Deref ||
      P.Index >= Actuals.size() ||
      Actuals[P.Index].K != Operand::Kind::Object)
    return std::nullopt;
  return appendAfterFirst(Actuals[P.Index].Path, P);
}

void RootAnalysis::materialize() {
  Accesses.clear();
  OnceHolds.clear();
  GlobalsWritten.clear();
  GlobalsUnlocked.clear();
  for (uint32_t O = 0; O < Origins.size(); ++O) {
    const FunctionSummary &S = Summaries[Origins[O].Function];
    for (const Assumption &X : S.Assumptions)
      Sink.noteAssumption(X);
    // The accesses share a few lock lists: each is named from the root once.
    llvm::DenseMap<const void *, LockList> RootedLocks;
    auto ToRootLocks = [&](LockVector &Locks) {
      for (HeldLock &L : Locks) {
        if (L.Unknown)
          continue;
        if (std::optional<AccessPath> LP = toRoot(L.Lock, O)) {
          L.Lock = std::move(*LP);
        } else {
          L.Unknown = true; // a lock we cannot name still protects
          L.Lock = AccessPath();
        }
      }
      // A queue's turn we cannot name orders nothing we can tell.
      llvm::erase_if(Locks, [](const HeldLock &L) {
        return L.protectsNothing() && L.Unknown;
      });
      std::sort(Locks.begin(), Locks.end());
    };
    // And a few thousand paths: each named from the root once (null: it
    // cannot be).
    llvm::DenseMap<const void *, std::optional<PathRef>> RootedPaths;
    for (const AccessSnapshot &A : S.Accesses) {
      if (otherProgram(A.Location, A.Trace))
        continue;
      auto [Rooted, New] = RootedPaths.try_emplace(A.Path.identity());
      if (New)
        if (std::optional<AccessPath> P = toRoot(A.Path, O))
          Rooted->second = PathRef(std::move(*P));
      if (!Rooted->second) {
        // Through an argument of the thread's we cannot name.
        Sink.noteAssumption(
            Assumption{AssumptionKind::UnknownPointer, A.Location});
        continue;
      }
      OriginAccess X{O, A};
      X.Snap.Path = *Rooted->second;
      X.ThroughOwnFormal =
          A.Path->Root == RootKind::Formal && A.Path->Index < 32 &&
          (Origins[O].OwnFormals >> A.Path->Index) & 1 &&
          ir::withinRootPointee(A.Path);
      if (!A.Locks.empty()) {
        auto [It, New] = RootedLocks.try_emplace(A.Locks.identity());
        if (New) {
          It->second = A.Locks;
          It->second.edit(ToRootLocks);
        }
        X.Snap.Locks = It->second;
      }
      // (An atomic access is no plain test or update of a flag.)
      if (X.Snap.Path->Root == RootKind::Global && !X.Snap.Atomic) {
        if (isWrite(X.Snap.Kind))
          GlobalsWritten.insert({X.Origin, X.Snap.Path->Symbol});
        if (!X.Snap.holdsMutex())
          GlobalsUnlocked.insert({X.Origin, X.Snap.Path->Symbol});
      }
      Accesses.push_back(std::move(X));
    }
  }
}

void RootAnalysis::indexOrigins() {
  Chains.assign(Origins.size(), {});
  for (uint32_t O = 0; O < Origins.size(); ++O) {
    for (int A = static_cast<int>(O); A >= 0; A = Origins[A].Parent)
      Chains[O].push_back(static_cast<uint32_t>(A));
    std::reverse(Chains[O].begin(), Chains[O].end());
  }
  OriginOverlaps.assign(Origins.size() * Origins.size(),
                        OriginOverlap::Unknown);
}

RootAnalysis::OriginOverlap RootAnalysis::originOverlap(uint32_t OX,
                                                        uint32_t OY) const {
  OriginOverlap &Known = OriginOverlaps[size_t(OX) * Origins.size() + OY];
  if (Known != OriginOverlap::Unknown)
    return Known;
  llvm::ArrayRef<uint32_t> CX = chain(OX), CY = chain(OY);
  size_t L = 0; // CX[L] == CY[L] is the deepest common ancestor
  while (L + 1 < CX.size() && L + 1 < CY.size() && CX[L + 1] == CY[L + 1])
    ++L;
  const bool XIsLCA = L + 1 == CX.size(), YIsLCA = L + 1 == CY.size();
  if (llvm::any_of(CX.slice(1, L),
                   [&](uint32_t A) { return Origins[A].Multi; }))
    Known = OriginOverlap::Depends; // whose memory it is decides
  else if (XIsLCA && YIsLCA)
    Known = OriginOverlap::Never; // one origin, started once
  else if (XIsLCA || YIsLCA)
    Known = OriginOverlap::Depends; // which spawns are live at the access
  else {
    const Origin &A = Origins[CX[L + 1]], &B = Origins[CY[L + 1]];
    // Two submissions of one serial job under the same flag.
    if (OX == CX[L + 1] && OY == CY[L + 1] && A.SerialFlag && B.SerialFlag &&
        A.Function == B.Function && *A.SerialFlag == *B.SerialFlag)
      Known = OriginOverlap::Never;
    else
      Known = contains(A.LiveAtSpawn, B.IdInParent) ||
                      contains(B.LiveAtSpawn, A.IdInParent)
                  ? OriginOverlap::Always
                  : OriginOverlap::Never;
  }
  return Known;
}

/// \p A and \p B are in the one run of the same task queued once.
static bool sameTaskRun(const AccessSnapshot &A, const AccessSnapshot &B) {
  for (const HeldLock &L : A.Locks)
    if (L.TaskRun && llvm::is_contained(B.Locks, L))
      return true;
  return false;
}

bool RootAnalysis::concurrent(const OriginAccess &X,
                              const OriginAccess &Y) const {
  // Each thread's own object linked into a shared structure: two objects.
  if (ir::throughLinked(X.Snap.Path) && ir::throughLinked(Y.Snap.Path))
    return false;
  switch (originOverlap(X.Origin, Y.Origin)) {
  case OriginOverlap::Never:
    return false;
  case OriginOverlap::Always:
    return true;
  default:
    break;
  }
  llvm::ArrayRef<uint32_t> CX = chain(X.Origin), CY = chain(Y.Origin);
  size_t L = 0; // CX[L] == CY[L] is the deepest common ancestor
  while (L + 1 < CX.size() && L + 1 < CY.size() && CX[L + 1] == CY[L + 1])
    ++L;
  // Two instances of a thread started more than once (or of an ancestor),
  // unless the memory is an object each instance has its own of.
  for (size_t K = 1; K <= L; ++K)
    if (Origins[CX[K]].Multi) {
      const Origin &M = Origins[CX[K]];
      // (A pool job's: not memory reached through a pointer loaded from
      // it, `a->db->n`, the database every instance's argument points to.)
      bool Own = X.Snap.Path->Root == RootKind::Local &&
                 llvm::is_contained(M.OwnLocals, X.Snap.Path->Index) &&
                 X.Snap.Path == Y.Snap.Path &&
                 !(M.Pool && throughLoadedPointer(X.Snap.Path));
      // Both through the instance's own element of an array (`&slots[i]`).
      Own |= X.Origin == CX[K] && Y.Origin == CX[K] && X.ThroughOwnFormal &&
             Y.ThroughOwnFormal && X.Snap.Path == Y.Snap.Path;
      // A local of this instance's own frame, or of a thread it started:
      // each instance makes its own (`std::vector<..> files_meta;` filled,
      // then handed to the threads it starts by reference).
      // (The local's object itself, not what a pointer in it designates;
      // a whole `files_meta.emplace_back(..)` meets its element reads.)
      auto InLocal = [](const AccessPath &P) {
        return P.Root == RootKind::Local &&
               llvm::none_of(P.Steps, [](const ir::PathStep &St) {
                 return St.kind() == StepKind::Deref;
               });
      };
      if (InLocal(X.Snap.Path) && InLocal(Y.Snap.Path) &&
          X.Snap.Path->sameRoot(Y.Snap.Path)) {
        const uint32_t Owner = X.Snap.Path->Index / LocalStride;
        for (size_t J = K; J <= L; ++J)
          Own |= CX[J] == Owner;
      }
      // Both in the one run of a task queued once: whichever pool thread
      // takes it, one runs it (HeldLock::TaskRun).
      Own |= sameTaskRun(X.Snap, Y.Snap);
      if (!Own)
        return true;
    }
  bool XIsLCA = L + 1 == CX.size(), YIsLCA = L + 1 == CY.size();
  if (XIsLCA && YIsLCA)
    return false; // one origin, started once: its accesses are sequential
  if (XIsLCA) // Y runs in a thread X's origin started: is it running at X?
    return contains(X.Snap.live(), Origins[CY[L + 1]].IdInParent);
  if (YIsLCA)
    return contains(Y.Snap.live(), Origins[CX[L + 1]].IdInParent);
  const Origin &A = Origins[CX[L + 1]], &B = Origins[CY[L + 1]];
  // Two submissions of one serial job under the same flag.
  if (X.Origin == CX[L + 1] && Y.Origin == CY[L + 1] && A.SerialFlag &&
      B.SerialFlag && A.Function == B.Function &&
      *A.SerialFlag == *B.SerialFlag)
    return false;
  return contains(A.LiveAtSpawn, B.IdInParent) ||
         contains(B.LiveAtSpawn, A.IdInParent);
}

/// The field a path ends in, or "" (a whole object, an element, a scalar
/// behind a pointer: it may be any memory).
ir::Symbol lastField(const AccessPath &P) {
  if (!P.Steps.empty() && P.Steps.back().kind() == StepKind::Field)
    return P.Steps.back().name();
  return ir::Symbol();
}

/// Paths are compared by name: `a->next->v` and `b->next->v` are taken for
/// different memory. Where an access goes through a pointer loaded from
/// shared memory and another access of a thread that may run at the same
/// time could be the same memory under another name (same last field, or
/// no field to tell them apart), unordered by a lock both hold and one of
/// them a write, the race check may have missed a race: an assumption.
void RootAnalysis::checkAliasing() {
  std::vector<uint32_t> Loaded;
  for (uint32_t I = 0; I < Accesses.size(); ++I)
    if (throughLoadedPointer(Accesses[I].Snap.Path))
      Loaded.push_back(I);
  if (Loaded.empty())
    return;
  // Another thread's thread-local variable, whose accesses are not here.
  if (Addresses && Addresses->threadLocalTaken()) {
    Sink.noteAssumption(Assumption{AssumptionKind::PointerAlias,
                                   Accesses[Loaded.front()].Snap.Location});
    return;
  }
  // By the last field's name (interned: its characters' address), "" for
  // none.
  llvm::DenseMap<const char *, std::vector<uint32_t>> ByField;
  for (uint32_t I = 0; I < Accesses.size(); ++I)
    ByField[lastField(Accesses[I].Snap.Path).data()].push_back(I);
  // A global itself (`g`, `g.f`, `g.a[i]`) whose address no TU takes is
  // never memory behind a pointer.
  // (Asked once per path: a root's accesses name a few thousand.)
  llvm::DenseMap<const void *, bool> UnaddressedPaths;
  auto Unaddressed = [&](const PathRef &Ref) {
    auto [It, New] = UnaddressedPaths.try_emplace(Ref.identity());
    if (New) {
      const AccessPath &P = Ref;
      It->second = Addresses && P.Root == RootKind::Global && !P.isUnnamed() &&
                   llvm::none_of(P.Steps,
                                 [](const ir::PathStep &S) {
                                   return S.kind() != StepKind::Field &&
                                          S.kind() != StepKind::Index;
                                 }) &&
                   !Addresses->mayBeTaken(P.Symbol);
    }
    return It->second;
  };
  // Pairs of X's kind that cannot race, never overlap or are ordered by
  // locks that name one mutex each are left out (PairCandidates).
  LockVerdicts Verdicts(LockScope::Program);
  auto MayOverlap = [&](uint32_t OX, uint32_t OY) {
    return originOverlap(OX, OY) != OriginOverlap::Never;
  };
  llvm::DenseMap<const char *, std::unique_ptr<PairCandidates>> CandidatesOf;
  auto MayConflict = [&](const OriginAccess &X, const PairCandidates::Side &XS,
                         const char *Field) {
    auto Group = ByField.find(Field);
    if (Group == ByField.end())
      return false;
    auto It = CandidatesOf.find(Field);
    if (It == CandidatesOf.end()) {
      std::vector<PairCandidates::Side> Sides;
      for (uint32_t I : Group->second)
        Sides.push_back(pairingSide(I, Verdicts));
      It = CandidatesOf
               .try_emplace(Field, std::make_unique<PairCandidates>(
                                       std::move(Sides), Verdicts, MayOverlap))
               .first;
    }
    return llvm::any_of(It->second->unordered(XS), [&](uint32_t YI) {
      const OriginAccess &Y = Accesses[YI];
      return !Unaddressed(Y.Snap.Path) && !(X.Snap.Path == Y.Snap.Path) &&
             concurrent(X, Y);
    });
  };
  // Pairs compared before giving up: an X whose accesses to compare reach
  // it is noted as it is.
  size_t Budget = size_t(1) << 22;
  for (uint32_t XI : Loaded) {
    const OriginAccess &X = Accesses[XI];
    const PairCandidates::Side XS = pairingSide(XI, Verdicts);
    const ir::Symbol F = lastField(X.Snap.Path);
    size_t Compared = 0;
    bool Found = false;
    if (F.empty()) {
      // No field to tell it apart: any access of the root.
      Compared = Accesses.size();
      // (In any order: whether one may conflict is asked.)
      for (const auto &[Name, Group] : ByField)
        if ((Found = MayConflict(X, XS, Name)))
          break;
    } else {
      const char *None = ir::Symbol().data();
      for (const char *Name : {F.data(), None})
        if (auto It = ByField.find(Name); It != ByField.end())
          Compared += It->second.size();
      Found = MayConflict(X, XS, F.data()) || MayConflict(X, XS, None);
    }
    if (Found || Compared >= Budget) {
      Sink.noteAssumption(
          Assumption{AssumptionKind::PointerAlias, X.Snap.Location});
      return;
    }
    Budget -= Compared;
  }
}

RaceSide RootAnalysis::sideOf(const OriginAccess &A) const {
  const Origin &O = Origins[A.Origin];
  const ir::Function &F = Functions[O.Function];
  RaceSide S;
  S.Function = F.Name;
  S.FunctionLocation = F.Location;
  S.Access = A.Snap;
  S.Started = O.Started;
  S.Root = Functions[Origins[0].Function].Name;
  return S;
}

void RootAnalysis::pairGroup(const std::vector<uint32_t> &Xs,
                             const std::vector<uint32_t> &Ys, Overlap How,
                             ThreadRaceStats &Stats) {
  GuardingLock Guard;
  for (uint32_t I : Xs)
    Guard.add(Accesses[I].Snap, Accesses[I].Origin, LockScope::Program);
  if (How != Overlap::Same)
    for (uint32_t I : Ys)
      Guard.add(Accesses[I].Snap, Accesses[I].Origin, LockScope::Program);
  // Most pairs of a root are of origins that never overlap, or ordered by
  // a lock both hold: each X visits only the Ys its kind may race with
  // (PairCandidates), in an order that keeps the witness a visit of every Y
  // would choose.
  LockVerdicts Verdicts(LockScope::Program);
  std::vector<PairCandidates::Side> YSides, XSides;
  for (uint32_t I : Ys)
    YSides.push_back(pairingSide(I, Verdicts));
  if (How == Overlap::Same)
    XSides = YSides;
  else
    for (uint32_t I : Xs)
      XSides.push_back(pairingSide(I, Verdicts));
  auto MayOverlap = [&](uint32_t OX, uint32_t OY) {
    return originOverlap(OX, OY) != OriginOverlap::Never;
  };
  PairCandidates Candidates(std::move(YSides), Verdicts, MayOverlap);
  for (size_t XP = 0; XP < Xs.size(); ++XP) {
    const OriginAccess &X = Accesses[Xs[XP]];
    // An atomic access is reported at the plain one it races with (the
    // one to fix), which finds it among its Ys.
    if (X.Snap.Atomic ||
        std::binary_search(Skip.begin(), Skip.end(), X.Snap.Location))
      continue;
    bool HoldsGuard = Guard.heldBy(X.Snap);
    const PairCandidates::Lists &Found = Candidates.of(XSides[XP], HoldsGuard);
    auto Meets = [&](const OriginAccess &Y) {
      return (How != Overlap::XsWhole || wholeMeetsPart(X.Snap, Y.Snap)) &&
             (How != Overlap::YsWhole || wholeMeetsPart(Y.Snap, X.Snap)) &&
             concurrent(X, Y);
    };
    for (uint32_t YI : Found.Assumed)
      if (Meets(Accesses[YI])) {
        Sink.noteAssumption(
            Assumption{AssumptionKind::LockIdentity, X.Snap.Location});
        break;
      }
    // What would make a finding with witness W low.
    auto Doubts = [&](const OriginAccess &W) {
      return int(W.Snap.onCrashPath()) * 4 + int(throughTable(W.Snap)) * 4 +
             int(onceInitOrders(W, X, W) != nullptr) +
             int(waitMayOrder(X, W) || publicationMayOrder(X, W)) +
             int(inFlagGuard(X, W) || inFlagGuard(W, X));
    };
    // The rank of a witness that nothing beats (Rank below).
    constexpr int TopRank = 32 + 32 + 16 + 8 + 4 + 2 + 1;
    const OriginAccess *Best = nullptr;
    RaceKind BestKind = RaceKind::UnprotectedWrite;
    int BestRank = -1, BestDoubts = -1; // -1: not computed yet
    for (const PairCandidates::Witness &C : Found.Witnesses) {
      // The best rank and no doubts: the witnesses left have traces no
      // shorter, so none is better.
      if (BestRank == TopRank) {
        if (BestDoubts < 0)
          BestDoubts = Doubts(*Best);
        if (BestDoubts == 0)
          break;
      }
      const OriginAccess &Y = Accesses[C.Id];
      const PairVerdict V = C.V;
      if (!Meets(Y))
        continue;
      // Prefer another thread's access, then a write, then (under
      // different locks) one that holds the lock it should, then one seen
      // (not assumed of a call racecar has no body for).
      // A witness that does not share X's queue-front turn first, and one
      // whose thread does not synchronize by hand: with it the finding is
      // high (LowQueueFront, LowHandRolledSync). Last, a plain access
      // before an atomic one (Witness.h).
      const bool SpinDoubt =
          handRolled(Y.Origin) && !onBusyWait(X) && !onBusyWait(Y);
      int Rank =
          (queueFrontLowReasons(X.Snap, Y.Snap) ||
                   conditionalLockLowReasons(X.Snap, Y.Snap)
               ? 0
               : 32) +
          (SpinDoubt ? 0 : 32) + (Y.Origin != X.Origin ? 16 : 0) +
          (isWrite(Y.Snap.Kind) ? 8 : 0) +
          (V != PairVerdict::DifferentLocks || Guard.heldBy(Y.Snap) ? 4 : 0) +
          (Y.Snap.isAssumedWrite() ? 0 : 2) + (Y.Snap.Atomic ? 0 : 1);
      // Among equals, the witness that leaves the fewest doubts, then the
      // shortest call chain (as summarize/Witness.h does for classes): the
      // first one seen, as the candidates come shortest trace first.
      bool Better = Rank > BestRank;
      int DY = -1;
      if (Rank == BestRank) {
        DY = Doubts(Y);
        if (BestDoubts < 0)
          BestDoubts = Doubts(*Best);
        Better = DY < BestDoubts;
      }
      if (Better) {
        BestRank = Rank;
        BestDoubts = DY;
        Best = &Y;
        if (V == PairVerdict::DifferentLocks)
          BestKind = RaceKind::DifferentLocks;
        else
          BestKind = isWrite(X.Snap.Kind) ? RaceKind::UnprotectedWrite
                                          : RaceKind::ReadWriteRace;
      }
    }
    if (!Best)
      continue;
    RaceFinding R;
    R.Kind = BestKind;
    R.Reported = sideOf(X);
    R.Conflicting = sideOf(*Best);
    // Threads may each use their own element, unless one side visits
    // every element (a status loop over all the workers' slots).
    const bool Merged = !R.Reported.Access.WalksEveryElement &&
                        !R.Conflicting.Access.WalksEveryElement;
    R.LowReasons = pathLowReasons(R.Reported.Access.Path, Merged) |
                   pathLowReasons(R.Conflicting.Access.Path, Merged) |
                   accessLowReasons(R.Reported.Access, R.Conflicting.Access) |
                   queueFrontLowReasons(X.Snap, Best->Snap) |
                   conditionalLockLowReasons(X.Snap, Best->Snap);
    // Hand-rolled synchronization may order the two accesses, unless the
    // race is on the busy-wait's own plain read (the flag itself races).
    if ((handRolled(X.Origin) || handRolled(Best->Origin)) &&
        !onBusyWait(X) && !onBusyWait(*Best))
      R.LowReasons |= LowHandRolledSync;
    if (waitMayOrder(X, *Best) || publicationMayOrder(X, *Best))
      R.LowReasons |= LowConditionWait;
    if (acrossBarrier(X, *Best))
      R.LowReasons |= LowBarrier;
    R.Reported.TableSlot = tableSlotOf(X.Snap).str();
    R.Conflicting.TableSlot = tableSlotOf(Best->Snap).str();
    if (!R.Reported.TableSlot.empty() || !R.Conflicting.TableSlot.empty())
      R.LowReasons |= LowTableDispatch;
    for (auto [A, Side] : {std::pair(&X, &R.Reported),
                           std::pair(Best, &R.Conflicting)})
      if (const ir::Function *F = onceInitOrders(*A, X, *Best)) {
        R.LowReasons |= LowOnceInit;
        if (!F->Patterns->OnceInitVar.empty())
          Side->OnceUpdate = F->Name.str();
      }
    if (inFlagGuard(X, *Best) || inFlagGuard(*Best, X))
      R.LowReasons |= LowFlagGuarded;
    if (Summaries[Origins[X.Origin].Function].ConditionalLock.Line ||
        Summaries[Origins[Best->Origin].Function].ConditionalLock.Line)
      R.LowReasons |= LowConditionalLock;
    if (!X.Snap.Trace.empty()) {
      // A call line of an origin's function is one report, naming each
      // variable once: another finding for the same variable, kind and
      // confidence through that line (another path inside the call) would
      // say nothing new (a call into a server's request loop reaches the
      // same variable thousands of ways).
      const ir::Loc &At = X.Snap.Trace.front().Location;
      if (!PerCallLine
               .insert({Origins[X.Origin].Function, At.File, At.Line,
                        R.confidence() == Confidence::Low, uint8_t(R.Kind),
                        X.Snap.Path})
               .second)
        continue;
    }
    Sink.takeRace(std::move(R));
    ++Stats.Findings;
  }
}

void RootAnalysis::run(uint32_t Root, ThreadRaceStats &Stats) {
  Foreign.clear();
  const ir::Function &R = Functions[Root];
  if (R.Kind == ir::FunctionKind::Free && R.Name == "main") {
    for (uint32_t File : MainFiles)
      if (File != R.Location.File)
        Foreign.push_back(File);
    if (Programs)
      if (auto It = Programs->find(Root); It != Programs->end()) {
        Foreign.insert(Foreign.end(), It->second.begin(), It->second.end());
        llvm::sort(Foreign);
        Foreign.erase(std::unique(Foreign.begin(), Foreign.end()),
                      Foreign.end());
      }
  }
  SerialJobs = 0;
  expand(Root);
  if (Origins.size() < 2)
    return;
  indexOrigins();
  ++Stats.Roots;
  Stats.SerialJobs += SerialJobs;
  Stats.Threads += static_cast<unsigned>(Origins.size() - 1);
  materialize();
  checkAliasing();
  // Memory touched by at least two origins, or by one started many times.
  // A thread's own linked object is memory another thread's walk of the
  // structure reaches (ir::asWalked).
  // (A path's key is found once: paths are interned, a root's hundreds of
  // thousands of accesses name a few thousand.)
  std::map<AccessPath, std::vector<uint32_t>> ByPath;
  llvm::DenseMap<const void *, std::vector<uint32_t> *> GroupOf;
  for (uint32_t I = 0; I < Accesses.size(); ++I) {
    const PathRef &P = Accesses[I].Snap.Path;
    auto [It, New] = GroupOf.try_emplace(P.identity());
    if (New)
      It->second = &ByPath[memoryKey(P, Aliases)];
    It->second->push_back(I);
  }
  for (auto &[Path, Group] : ByPath)
    if (worthPairing(Group, Group))
      pairGroup(Group, Group, Overlap::Same, Stats);
  pairNested(ByPath, Stats);
}

/// Memory touched by at least two origins, or by one started many times,
/// and written by one of them.
bool RootAnalysis::worthPairing(const std::vector<uint32_t> &Xs,
                                const std::vector<uint32_t> &Ys) const {
  bool Shared = false, AnyWrite = false;
  uint32_t First = Accesses[Xs.front()].Origin;
  for (const std::vector<uint32_t> *Side : {&Xs, &Ys})
    for (uint32_t I : *Side) {
      Shared |= Accesses[I].Origin != First || Origins[Accesses[I].Origin].Multi;
      AnyWrite |= isWrite(Accesses[I].Snap.Kind);
    }
  return Shared && AnyWrite;
}

void RootAnalysis::pairNested(
    const std::map<AccessPath, std::vector<uint32_t>> &ByPath,
    ThreadRaceStats &Stats) {
  // The paths a path holds in place extend it, so they follow it in the
  // map's order.
  for (auto It = ByPath.begin(); It != ByPath.end(); ++It)
    for (auto Jt = std::next(It);
         Jt != ByPath.end() && It->first.isPrefixOf(Jt->first); ++Jt) {
      if (!It->first.holdsInPlace(Jt->first) ||
          !worthPairing(It->second, Jt->second))
        continue;
      pairGroup(It->second, Jt->second, Overlap::XsWhole, Stats);
      pairGroup(Jt->second, It->second, Overlap::YsWhole, Stats);
    }
}

} // namespace

ThreadRaceStats findThreadRaces(const std::vector<ir::Function> &Functions,
                                const std::vector<FunctionSummary> &Summaries,
                                const CallGraph &Graph,
                                llvm::ArrayRef<ir::Loc> AlreadyReported,
                                FindingSink &Sink,
                                const TakenAddresses *Addresses,
                                const ProgramPartition *Programs,
                                llvm::ArrayRef<std::string> TableSlots) {
  ThreadRaceStats Stats;
  // Thread entries are origins of their own, never roots.
  const std::vector<bool> Entries = startedAsThreads(Graph, Summaries);
  // Threads that cannot be expanded anywhere in the program (an unknown
  // entry, the spawn limit) keep it from being proved race-free, whether or
  // not their starter is a root.
  // (Not those of a function every call of which now runs a specialized
  // copy: `create_worker(fn, ..)` starts an unknown entry, its copies start
  // the functions their callers name.)
  for (uint32_t F = 0; F < Summaries.size(); ++F) {
    if (F < Functions.size() && Functions[F].HasSpecializedCopies &&
        Graph.callers()[Graph.sccOf()[F]].empty())
      continue;
    for (const Assumption &A : Summaries[F].Assumptions)
      if (A.Kind == AssumptionKind::UnknownThread ||
          A.Kind == AssumptionKind::ThreadLimit)
        Sink.noteAssumption(A);
  }
  RootAnalysis RA(Functions, Summaries, Graph, AlreadyReported, Sink,
                  Addresses, Programs, TableSlots);
  for (uint32_t F = 0; F < Functions.size(); ++F) {
    if (Summaries[F].Spawns.empty() || Entries[F])
      continue;
    if (!Graph.callers()[Graph.sccOf()[F]].empty() ||
        Functions[F].Specialized || Functions[F].HasSpecializedCopies)
      continue; // its threads are expanded under its callers (of its copies)
    RA.run(F, Stats);
  }
  return Stats;
}

} // namespace racer
