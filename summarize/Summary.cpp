//===- Summary.cpp - Persisted per-function race summaries ----------------===//
#include "summarize/Summary.h"

#include "summarize/LibraryModels.h"

#include <algorithm>
#include <tuple>

namespace racer {

namespace {
bool samePath(const ir::AccessPath &A, const ir::AccessPath &B) {
  return A.Root == B.Root && A.Index == B.Index && A.Symbol == B.Symbol &&
         A.Spelling == B.Spelling && A.Steps == B.Steps;
}
bool sameLock(const HeldLock &A, const HeldLock &B) {
  return A == B && samePath(A.Lock, B.Lock);
}
} // namespace

uint64_t InternTraits<ir::AccessPath>::hash(const ir::AccessPath &P) {
  uint64_t H = mixHash(uint64_t(P.Root) | uint64_t(P.Index) << 8,
                       reinterpret_cast<uintptr_t>(P.Symbol.opaque()));
  H = mixHash(H, reinterpret_cast<uintptr_t>(P.Spelling.opaque()));
  for (const ir::PathStep &St : P.Steps)
    H = mixHash(H, reinterpret_cast<uintptr_t>(St.name().opaque()) ^
                       uint64_t(St.kind()) << 60);
  return H;
}
bool InternTraits<ir::AccessPath>::same(const ir::AccessPath &A,
                                        const ir::AccessPath &B) {
  return samePath(A, B);
}

static uint64_t lockHash(uint64_t H, const HeldLock &L) {
  return mixHash(H, InternTraits<ir::AccessPath>::hash(L.Lock) ^
                        uint64_t(L.Shared) << 59 ^ uint64_t(L.Unknown) << 60 ^
                        uint64_t(L.QueueFront) << 61 ^
                        uint64_t(L.Conditional) << 62 ^ uint64_t(L.TaskRun) << 63);
}
uint64_t InternTraits<LockVector>::hash(const LockVector &V) {
  uint64_t H = V.size();
  for (const HeldLock &L : V)
    H = lockHash(H, L);
  return H;
}
bool InternTraits<LockVector>::same(const LockVector &A, const LockVector &B) {
  return A.size() == B.size() &&
         std::equal(A.begin(), A.end(), B.begin(), sameLock);
}
uint64_t InternTraits<IdVector>::hash(const IdVector &V) {
  uint64_t H = V.size();
  for (uint32_t Id : V)
    H = mixHash(H, Id);
  return H;
}
uint64_t InternTraits<NestingVector>::hash(const NestingVector &V) {
  uint64_t H = V.size();
  for (const LockNesting &N : V)
    H = mixHash(mixHash(H, InternTraits<ir::AccessPath>::hash(N.Outer) ^
                               uint64_t(N.OuterHeld) << 62 ^
                               uint64_t(N.InnerHeld) << 63),
                InternTraits<ir::AccessPath>::hash(N.Inner));
  return H;
}
bool InternTraits<NestingVector>::same(const NestingVector &A,
                                       const NestingVector &B) {
  return A.size() == B.size() &&
         std::equal(A.begin(), A.end(), B.begin(),
                    [](const LockNesting &X, const LockNesting &Y) {
                      return X == Y && samePath(X.Outer, Y.Outer) &&
                             samePath(X.Inner, Y.Inner);
                    });
}

uint64_t InternTraits<AccessExtras>::hash(const AccessExtras &E) {
  uint64_t H = mixHash(reinterpret_cast<uintptr_t>(E.ContainerMethod.opaque()),
                       reinterpret_cast<uintptr_t>(E.Live.identity()));
  H = mixHash(H, reinterpret_cast<uintptr_t>(E.Nestings.identity()));
  return mixHash(H, reinterpret_cast<uintptr_t>(E.ReleasedBefore.identity()));
}

bool operator<(const HeldLock &A, const HeldLock &B) {
  return std::tie(A.Unknown, A.QueueFront, A.Conditional, A.TaskRun, A.Lock,
                  A.Shared) < std::tie(B.Unknown, B.QueueFront, B.Conditional,
                                       B.TaskRun, B.Lock, B.Shared);
}

CallChain::CallChain(llvm::ArrayRef<CallSite> Frames, uint32_t Hidden) {
  for (size_t I = Frames.size(); I-- > 0;) {
    llvm::IntrusiveRefCntPtr<Node> N(new Node());
    N->Site = Frames[I];
    N->Next = Head;
    N->Length = Head ? Head->Length + 1 : 1 + Hidden;
    N->Nodes = Head ? Head->Nodes + 1 : 1;
    Head = llvm::IntrusiveRefCntPtr<const Node>(std::move(N));
  }
}

CallChain CallChain::prepend(const CallSite &Outer, const CallChain &Inner) {
  // Past a few times MaxDepth, restart from a copy of the frames that show,
  // so chains (and the recursion that frees them) stay short.
  // The chain keeps its full length: the frames cut are counted.
  constexpr uint32_t MaxKept = 4 * MaxDepth;
  CallChain Tail;
  const CallChain *Below = &Inner;
  if (Inner.Head && Inner.Head->Nodes >= MaxKept) {
    std::vector<CallSite> Shown = Inner.frames();
    Shown.pop_back();
    Tail = CallChain(Shown, uint32_t(Inner.Head->Length - Shown.size()));
    Below = &Tail;
  }
  llvm::IntrusiveRefCntPtr<Node> N(new Node());
  N->Site = Outer;
  N->Next = Below->Head;
  N->Length = Below->Head ? Below->Head->Length + 1 : 1;
  N->Nodes = Below->Head ? Below->Head->Nodes + 1 : 1;
  return CallChain(llvm::IntrusiveRefCntPtr<const Node>(std::move(N)));
}

const CallSite &CallChain::operator[](size_t I) const {
  const Node *N = Head.get();
  while (I-- > 0)
    N = N->Next.get();
  return N->Site;
}

const void *CallChain::nodeOf(size_t I) const {
  const Node *N = Head.get();
  while (I-- > 0)
    N = N->Next.get();
  return N;
}

std::vector<CallSite> CallChain::frames() const {
  return std::vector<CallSite>(begin(), end());
}

namespace {
uint8_t siteFlags(const CallSite &C) {
  return uint8_t(C.RunsLoop) | uint8_t(C.CrashPath) << 1;
}
} // namespace

unsigned CallChain::Interner::KeyInfo::getHashValue(const Key &K) {
  // A multiply-xorshift mix: hash_combine cost more than the lookups.
  auto Mix = [](uint64_t H, uint64_t V) {
    H ^= V + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2);
    return H * 0xff51afd7ed558ccdULL;
  };
  uint64_t H = Mix(reinterpret_cast<uintptr_t>(K.Callee),
                   reinterpret_cast<uintptr_t>(K.Next));
  H = Mix(H, uint64_t(K.Location.File) << 32 | K.Location.Line);
  H = Mix(H, uint64_t(K.Location.Col) << 40 | uint64_t(K.Flags) << 32 |
                 K.Length);
  return unsigned(H ^ (H >> 32));
}

bool CallChain::Interner::KeyInfo::isEqual(const Key &A, const Key &B) {
  return A.Callee == B.Callee && A.Location == B.Location &&
         A.Flags == B.Flags && A.Next == B.Next && A.Length == B.Length;
}

CallChain CallChain::Interner::make(llvm::ArrayRef<CallSite> Frames,
                                    uint32_t Hidden) {
  llvm::IntrusiveRefCntPtr<const Node> Head;
  for (size_t I = Frames.size(); I-- > 0;) {
    const CallSite &C = Frames[I];
    const uint32_t Length = Head ? Head->Length + 1 : 1 + Hidden;
    Key K{C.Callee.data(), C.Location, siteFlags(C), Head.get(), Length};
    auto [It, New] = Made.try_emplace(K);
    if (New) {
      llvm::IntrusiveRefCntPtr<Node> N(new Node());
      N->Site = C;
      N->Next = Head;
      N->Length = Length;
      N->Nodes = Head ? Head->Nodes + 1 : 1;
      It->second = llvm::IntrusiveRefCntPtr<const Node>(std::move(N));
    }
    Head = It->second;
  }
  return CallChain(std::move(Head));
}

CallChain CallChain::withPlaces(llvm::function_ref<void(ir::Loc &)> Map,
                                PlaceMemo &Memo) const {
  if (!Head)
    return *this;
  auto It = Memo.find(Head.get());
  if (It != Memo.end())
    return It->second;
  CallChain Below = CallChain(Head->Next).withPlaces(Map, Memo);
  ir::Loc L = Head->Site.Location;
  if (!(L == ir::Loc()))
    Map(L);
  CallChain Out = *this;
  if (!(L == Head->Site.Location) || Below.Head != Head->Next) {
    llvm::IntrusiveRefCntPtr<Node> N(new Node());
    N->Site = Head->Site;
    N->Site.Location = L;
    N->Next = Below.Head;
    N->Length = Head->Length;
    N->Nodes = Head->Nodes;
    Out = CallChain(llvm::IntrusiveRefCntPtr<const Node>(std::move(N)));
  }
  Memo.try_emplace(Head.get(), Out);
  return Out;
}

bool operator==(const CallChain &A, const CallChain &B) {
  if (A.Head == B.Head)
    return true;
  if (A.size() != B.size())
    return false;
  return std::equal(A.begin(), A.end(), B.begin());
}

bool AccessSnapshot::isProtected() const {
  for (const HeldLock &L : Locks)
    if (!L.protectsNothing() && (!L.Shared || !isWrite(Kind)))
      return true;
  return false;
}

bool AccessSnapshot::holdsMutex() const {
  for (const HeldLock &L : Locks)
    if (!L.protectsNothing())
      return true;
  return false;
}

bool AccessSnapshot::sameAbstractAccess(const AccessSnapshot &O) const {
  return Kind == O.Kind && Threads == O.Threads && Path == O.Path &&
         Locks == O.Locks && InForkChild == O.InForkChild &&
         Atomic == O.Atomic && WalksEveryElement == O.WalksEveryElement &&
         JoinedOuter == O.JoinedOuter && Extras == O.Extras;
}

bool wholeMeetsPart(const AccessSnapshot &Whole, const AccessSnapshot &Part) {
  if (!canRace(Whole, Part))
    return false;
  return touchesParts(Whole);
}

bool touchesParts(const AccessSnapshot &Whole) {
  return Whole.Kind != AccessKind::ContainerRead ||
         isContainerCopyMethod(Whole.containerMethod().str());
}

// forEachPlace visits every ir::Loc of a summary. If one of these fires, a
// summary type changed: visit its new places (both versions), then update
// the size (as serialize/SummaryCodec.cpp does).
#if defined(__x86_64__) && defined(__GLIBCXX__) && !defined(_GLIBCXX_DEBUG)
static_assert(sizeof(FunctionSummary) == 200, "visit the new field's places");
static_assert(sizeof(AccessSnapshot) == 48, "visit the new field's places");
static_assert(sizeof(ThreadSpawn) == 232, "visit the new field's places");
static_assert(sizeof(Assumption) == 16, "visit the new field's places");
#endif

void forEachPlace(FunctionSummary &S, llvm::function_ref<void(ir::Loc &)> Visit) {
  auto Each = [&](ir::Loc &L) {
    if (!(L == ir::Loc()))
      Visit(L);
  };
  // Traces are shared and immutable: a changed one is made anew, sharing
  // what it shared before.
  CallChain::PlaceMemo Memo;
  for (AccessSnapshot &A : S.Accesses) {
    Each(A.Location);
    A.Trace = A.Trace.withPlaces(Visit, Memo);
  }
  if (S.Spawns.boxed())
    for (ThreadSpawn &T : S.Spawns.edit()) {
      Each(T.Location);
      for (CallSite &C : T.Trace)
        Each(C.Location);
    }
  for (Assumption &A : S.Assumptions)
    Each(A.Location);
  Each(S.HandRolledSync);
  Each(S.ConditionalLock);
}

void forEachPlace(const FunctionSummary &S,
                  llvm::function_ref<void(const ir::Loc &)> Visit) {
  auto Each = [&](const ir::Loc &L) {
    if (!(L == ir::Loc()))
      Visit(L);
  };
  for (const AccessSnapshot &A : S.Accesses) {
    Each(A.Location);
    for (const CallSite &C : A.Trace)
      Each(C.Location);
  }
  for (const ThreadSpawn &T : S.Spawns) {
    Each(T.Location);
    for (const CallSite &C : T.Trace)
      Each(C.Location);
  }
  for (const Assumption &A : S.Assumptions)
    Each(A.Location);
  Each(S.HandRolledSync);
  Each(S.ConditionalLock);
}

} // namespace racer

// std::vector moves (instead of deep-copying) its elements when it grows only
// if their move constructor is noexcept: keep it so for everything stored in
// vectors on the hot paths.
#include "summarize/Domain.h"
#include <type_traits>
static_assert(std::is_nothrow_move_constructible_v<racer::ir::AccessPath>);
static_assert(std::is_nothrow_move_constructible_v<racer::ir::Operand>);
static_assert(std::is_nothrow_move_constructible_v<racer::ir::Instr>);
static_assert(std::is_nothrow_move_constructible_v<racer::ir::Function>);
static_assert(std::is_nothrow_move_constructible_v<racer::HeldLock>);
static_assert(std::is_nothrow_move_constructible_v<racer::AccessSnapshot>);
static_assert(std::is_nothrow_move_constructible_v<racer::ThreadSpawn>);
static_assert(std::is_nothrow_move_constructible_v<racer::FunctionSummary>);
static_assert(std::is_nothrow_move_constructible_v<racer::AbstractState>);
