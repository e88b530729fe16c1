//===- Summary.h - Persisted per-function race summaries -------*- C++ -*-===//
//
// Why: RacerD is compositional. Each function is summarized once, without
// knowing its callers, into the accesses it makes (with the locks and thread
// context at each), its net lock effect, and what it returns. Callers apply
// the summary by substituting actuals for formals (Fig. 5 of the RacerD
// paper). The summary is NOT the working state of the transfer functions: it
// drops local bindings and keeps only what a caller or the reporter needs.
//
//   void Counter::bump() { n_++; }   // summary: {Read this->n_, Write this->n_}
//                                    //   both with no locks held
//   void Counter::inc()  { std::lock_guard<std::mutex> g(mu_); bump(); }
//                                    // summary: the same two accesses with
//                                    //   locks {this->mu_}, trace [bump @ line]
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_SUMMARY_H
#define RACER_SUMMARIZE_SUMMARY_H

#include "summarize/Assumptions.h"
#include "summarize/Boxed.h"
#include "summarize/Interned.h"
#include "summarize/ir/IR.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <initializer_list>
#include <iterator>

#include <string>
#include <vector>

namespace racer {

/// Kind of a memory access.
enum class AccessKind : uint8_t {
  Read,           ///< `x = this->n_`
  Write,          ///< `this->n_ = x`
  ContainerRead,  ///< `this->m_.find(k)` on a modeled container
  ContainerWrite, ///< `this->v_.push_back(x)` on a modeled container
};

inline bool isWrite(AccessKind K) {
  return K == AccessKind::Write || K == AccessKind::ContainerWrite;
}
inline bool isContainer(AccessKind K) {
  return K == AccessKind::ContainerRead || K == AccessKind::ContainerWrite;
}

/// RacerD's threads lattice: NoThread < AnyThreadButSelf < AnyThread.
enum class ThreadsKind : uint8_t {
  NoThread,         ///< no evidence the code runs concurrently
  AnyThreadButSelf, ///< confined to one thread (e.g. main-thread-only code)
  AnyThread,        ///< may run on any thread (e.g. it takes a lock)
};

inline ThreadsKind joinThreads(ThreadsKind A, ThreadsKind B) {
  return A > B ? A : B;
}
/// Two accesses may run concurrently unless both are confined to the same
/// single thread or neither shows any concurrency.
inline bool threadsCanConflict(ThreadsKind A, ThreadsKind B) {
  if (A == ThreadsKind::AnyThread || B == ThreadsKind::AnyThread)
    return true;
  return false;
}

/// A lock held at an access. Locks keep their identity (a canonical path,
/// e.g. this->mu_ or Global(g_lock)); Unknown marks a lock whose expression
/// could not be lowered (it still protects, but matches nothing).
struct HeldLock {
  ir::AccessPath Lock;
  bool Shared = false;  ///< held in shared (reader) mode
  bool Unknown = false; ///< identity not known
  /// Not a mutex: the turn of the thread at the front of the queue at Lock,
  /// a hand-off protocol (summarize/QueueFront.h). It protects nothing,
  /// is never Unknown, and only lowers the confidence of a race between
  /// two accesses that both hold it (LowQueueFront).
  bool QueueFront = false;
  /// Not held on every path to the access: the function took Lock on some
  /// path and lets it go under the same condition (`if (two_write_queues_)
  /// log_write_mutex_.Lock(); read; if (two_write_queues_) ..Unlock();`).
  /// It protects nothing, is never Unknown, and only lowers the confidence
  /// of a race with an access that holds Lock (LowConditionalLock).
  bool Conditional = false;
  /// Not a mutex: the one run of a task queued once (a lambda a thread
  /// pool's queue holds, submitted once: summarize/IndirectCalls.h), named
  /// by Lock (`racecar.task:<the lambda>`). It protects nothing, is never
  /// Unknown, and keeps the accesses of two tasks apart: two accesses
  /// that both hold it are in the same run, which does not overlap itself
  /// (ThreadRaces).
  bool TaskRun = false;

  /// A marker of a protocol or a path, not a mutex held: it protects
  /// nothing.
  bool protectsNothing() const { return QueueFront || Conditional || TaskRun; }

  friend bool operator==(const HeldLock &A, const HeldLock &B) {
    return A.Shared == B.Shared && A.Unknown == B.Unknown &&
           A.QueueFront == B.QueueFront && A.Conditional == B.Conditional &&
           A.TaskRun == B.TaskRun && A.Lock == B.Lock;
  }
  friend bool operator<(const HeldLock &A, const HeldLock &B);
};

/// Two named, exclusively held locks, one taken inside the other:
/// `lock(D); lock(A);`. At an access, OuterHeld: Outer has been held since
/// before Inner was acquired (Inner may be released again); InnerHeld: Inner
/// has been held since it was acquired while Outer was held (Outer may be
/// released again). Such a pair orders two accesses that share no lock
/// (LockProtection.h): O2's lock-order reasoning, which RacerD lacks.
///
///   t1: lock(D); lock(A); g = 1; unlock(A); g = 2;  // g = 2: D outer-held,
///                                                  //   A taken inside
///   t2: lock(D); lock(A); unlock(D); read g;       // A inner-held under D
struct LockNesting {
  ir::AccessPath Outer, Inner;
  bool OuterHeld = false, InnerHeld = false;

  friend bool operator==(const LockNesting &A, const LockNesting &B) {
    return A.OuterHeld == B.OuterHeld && A.InnerHeld == B.InnerHeld &&
           A.Outer == B.Outer && A.Inner == B.Inner;
  }
};

/// The lists and the path an access snapshot holds, each kept once per
/// process (Interned.h): most snapshots are copies of a callee's, with the
/// same path and the same few lock lists.
using LockVector = std::vector<HeldLock>;
using LockList = Interned<LockVector>;
using IdVector = llvm::SmallVector<uint32_t, 0>;
using IdList = Interned<IdVector>;
using NestingVector = llvm::SmallVector<LockNesting, 0>;
using NestingList = Interned<NestingVector>;
using PathRef = Interned<ir::AccessPath>;

template <> struct InternTraits<LockVector> {
  static uint64_t hash(const LockVector &V);
  static bool same(const LockVector &A, const LockVector &B);
  static bool isEmpty(const LockVector &V) { return V.empty(); }
  static bool equivalent(const LockVector &A, const LockVector &B) {
    return A == B;
  }
};
template <> struct InternTraits<IdVector> {
  static uint64_t hash(const IdVector &V);
  static bool same(const IdVector &A, const IdVector &B) { return A == B; }
  static bool isEmpty(const IdVector &V) { return V.empty(); }
  static bool equivalent(const IdVector &A, const IdVector &B) {
    return A == B;
  }
};
template <> struct InternTraits<NestingVector> {
  static uint64_t hash(const NestingVector &V);
  static bool same(const NestingVector &A, const NestingVector &B);
  static bool isEmpty(const NestingVector &V) { return V.empty(); }
  static bool equivalent(const NestingVector &A, const NestingVector &B) {
    return A == B;
  }
};
template <> struct InternTraits<ir::AccessPath> {
  static uint64_t hash(const ir::AccessPath &P);
  /// Spelling too: two paths that differ only there print differently.
  static bool same(const ir::AccessPath &A, const ir::AccessPath &B);
  static bool isEmpty(const ir::AccessPath &P) {
    return same(P, ir::AccessPath());
  }
  static bool equivalent(const ir::AccessPath &A, const ir::AccessPath &B) {
    return A == B;
  }
};

/// What few accesses have besides their locks, kept once per process as
/// one value (Interned.h): a snapshot holds a pointer to it.
struct AccessExtras {
  /// AccessSnapshot::containerMethod().
  ir::Symbol ContainerMethod;
  /// AccessSnapshot::live().
  IdList Live;
  /// AccessSnapshot::nestings().
  NestingList Nestings;
  /// AccessSnapshot::releasedBefore().
  LockList ReleasedBefore;
};
template <> struct InternTraits<AccessExtras> {
  static uint64_t hash(const AccessExtras &E);
  /// Its parts are interned: the same parts are the same pointers.
  static bool same(const AccessExtras &A, const AccessExtras &B) {
    return A.ContainerMethod == B.ContainerMethod &&
           A.Live.identical(B.Live) && A.Nestings.identical(B.Nestings) &&
           A.ReleasedBefore.identical(B.ReleasedBefore);
  }
  static bool isEmpty(const AccessExtras &E) {
    return E.ContainerMethod.empty() && E.Live.empty() && E.Nestings.empty() &&
           E.ReleasedBefore.empty();
  }
  static bool equivalent(const AccessExtras &A, const AccessExtras &B) {
    return A.ContainerMethod == B.ContainerMethod && A.Live == B.Live &&
           A.Nestings == B.Nestings && A.ReleasedBefore == B.ReleasedBefore;
  }
};

/// A returned operand needs no box when it designates nothing, with no path.
template <> struct BoxTraits<ir::Operand> {
  static bool isEmpty(const ir::Operand &O) {
    return O.K == ir::Operand::Kind::Unknown &&
           InternTraits<ir::AccessPath>::isEmpty(O.Path);
  }
};

/// One frame of the call chain from a summarized function to an access:
/// the call site in the caller and the callee's name.
struct CallSite {
  ir::Symbol Callee; ///< qualified name, e.g. "Counter::bump"
  ir::Loc Location;   ///< where the call is
  /// The call runs an event loop (summarize/EventLoopModels.h): the next
  /// frame is the call of one of the loop's callbacks, a cause of its own
  /// in reports.
  bool RunsLoop = false;
  /// The call is on a path that crashes the process: its block ends in a
  /// call that does not return and is not an orderly exit (`abort()`, an
  /// assertion's failure, a panic: `_serverAssert(..),
  /// __builtin_unreachable()`; not `exit(0)` or `pthread_exit`). What it
  /// reaches runs while the process dies (LowCrashPath).
  bool CrashPath = false;

  friend bool operator==(const CallSite &A, const CallSite &B) {
    return A.Callee == B.Callee && A.Location == B.Location;
  }
};

/// The call chain from a summarized function to an access, outermost call
/// first, at most MaxDepth frames. Immutable and shared: a caller's copy of a
/// callee's access prepends one frame to the callee's chain instead of
/// copying it (a large C program has ~7M snapshots with ~8 frames each).
///
///   CallChain T = CallChain::prepend({"bump", L1}, Inner);  // [bump, Inner...]
///   for (const CallSite &C : T) ...                           // outermost first
class CallChain {
public:
  /// Frames kept; a longer chain shows (and compares) its first MaxDepth.
  static constexpr size_t MaxDepth = 8;

private:
  struct Node : llvm::ThreadSafeRefCountedBase<Node> {
    CallSite Site;
    llvm::IntrusiveRefCntPtr<const Node> Next;
    uint32_t Length = 1; ///< frames from here to the end (uncapped)
    uint32_t Nodes = 1;  ///< nodes from here to the end (what memory holds)
  };

public:
  CallChain() = default;
  CallChain(std::initializer_list<CallSite> Frames)
      : CallChain(llvm::ArrayRef<CallSite>(Frames.begin(), Frames.size())) {}
  /// \p Hidden: frames below the last of \p Frames that are not kept (a
  /// chain cut at MaxDepth still knows how deep it went).
  CallChain(llvm::ArrayRef<CallSite> Frames, uint32_t Hidden = 0);
  CallChain(const std::vector<CallSite> &Frames)
      : CallChain(llvm::ArrayRef<CallSite>(Frames)) {}

  /// [Outer] followed by \p Inner.
  static CallChain prepend(const CallSite &Outer, const CallChain &Inner);

  size_t size() const {
    return Head ? std::min<size_t>(Head->Length, MaxDepth) : 0;
  }
  bool empty() const { return !Head; }
  /// Frames past the MaxDepth shown: the report says how many calls it
  /// leaves out.
  size_t hidden() const { return Head ? Head->Length - size() : 0; }
  const CallSite &front() const { return Head->Site; }
  /// Walks the chain: for tests and printing, not hot paths.
  const CallSite &operator[](size_t I) const;
  std::vector<CallSite> frames() const;
  /// The first node: chains that are one in memory give the same one.
  const void *identity() const { return Head.get(); }
  /// The node that holds frame \p I: chains that share a tail in memory
  /// give the same one (for tests of that sharing).
  const void *nodeOf(size_t I) const;

  /// Makes chains whose equal tails are one node, the way computed chains
  /// share theirs (prepend): a decoded summary's ten thousand traces would
  /// otherwise hold eight nodes each. Used by one thread; the chains it
  /// makes outlive it.
  class Interner {
  public:
    CallChain make(llvm::ArrayRef<CallSite> Frames, uint32_t Hidden = 0);

  private:
    struct Key {
      const void *Callee;
      ir::Loc Location;
      uint8_t Flags;
      const Node *Next;
      uint32_t Length;
    };
    struct KeyInfo {
      static Key getEmptyKey() { return {reinterpret_cast<void *>(-1), {}, 0, nullptr, 0}; }
      static Key getTombstoneKey() { return {reinterpret_cast<void *>(-2), {}, 0, nullptr, 0}; }
      static unsigned getHashValue(const Key &K);
      static bool isEqual(const Key &A, const Key &B);
    };
    llvm::DenseMap<Key, llvm::IntrusiveRefCntPtr<const Node>, KeyInfo> Made;
  };

  /// The nodes withPlaces has mapped, and what each became: kept across the
  /// chains of one map so that shared tails stay shared.
  using PlaceMemo = llvm::DenseMap<const void *, CallChain>;
  /// This chain with every frame's place (hidden ones too) passed through
  /// \p Map, which must be a function of the place: a node that several
  /// chains share is mapped once. A node whose places, its own and below,
  /// do not change is kept.
  CallChain withPlaces(llvm::function_ref<void(ir::Loc &)> Map,
                       PlaceMemo &Memo) const;

  class iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = CallSite;
    using difference_type = std::ptrdiff_t;
    using pointer = const CallSite *;
    using reference = const CallSite &;
    iterator() = default;
    const CallSite &operator*() const { return N->Site; }
    const CallSite *operator->() const { return &N->Site; }
    iterator &operator++() {
      N = --Left ? N->Next.get() : nullptr;
      return *this;
    }
    friend bool operator==(iterator A, iterator B) { return A.N == B.N; }
    friend bool operator!=(iterator A, iterator B) { return A.N != B.N; }

  private:
    friend class CallChain;
    iterator(const Node *N, size_t Left) : N(N), Left(Left) {}
    const Node *N = nullptr;
    size_t Left = 0;
  };
  iterator begin() const { return iterator(Head.get(), size()); }
  iterator end() const { return iterator(); }

  friend bool operator==(const CallChain &A, const CallChain &B);
  friend bool operator!=(const CallChain &A, const CallChain &B) {
    return !(A == B);
  }

private:
  explicit CallChain(llvm::IntrusiveRefCntPtr<const Node> H)
      : Head(std::move(H)) {}
  llvm::IntrusiveRefCntPtr<const Node> Head;
};

/// An access together with the abstract context it happens in (RacerD's
/// AccessSnapshot). Paths are rooted at formals (ownership precondition:
/// owned iff the root actual is owned) or at globals (never owned).
struct AccessSnapshot {
  // The small fields first, so that they share one word (a million
  // functions' summaries hold tens of millions of snapshots).
  AccessKind Kind = AccessKind::Read;
  /// In a child process started by `fork()` in the summarized function or a
  /// callee: Live holds only that process's threads, and a caller adds none
  /// of its own (they do not exist in the child).
  bool InForkChild : 1;
  /// Made atomically (`__sync_fetch_and_add(&n, 1)`, `__atomic_load_n`, an
  /// `_Atomic` object): it races with no other atomic access, only with a
  /// plain one (C11 5.1.2.4: a plain access meeting an atomic write is a
  /// data race, and so is a plain write meeting an atomic read).
  bool Atomic : 1;
  /// One element per iteration of a loop over every element of its array
  /// (ir::WalksEveryElement): it meets the element any other thread uses,
  /// so the merged-elements doubt does not apply (Confidence.h).
  bool WalksEveryElement : 1;
  ThreadsKind Threads = ThreadsKind::NoThread;
  /// Bit k: the access comes after the summarized function (or a callee)
  /// joined FunctionSummary::Joins[k] on every path: a caller's thread
  /// started with that handle is not running at it.
  uint8_t JoinedOuter = 0;
  /// Where the access is, in the innermost function.
  ir::Loc Location;
  PathRef Path;
  /// Locks held at the access, sorted, without duplicates.
  LockList Locks;
  /// Call chain from the summarized function, outermost call first.
  CallChain Trace;
  /// The rest, which most accesses do not have (see the accessors).
  Interned<AccessExtras> Extras;

  /// For container accesses: the modeled method, e.g. "std::vector::push_back".
  /// For a plain Write: the function with no body that the memory was passed
  /// to by pointer or reference, the write only assumed (isAssumedWrite).
  const ir::Symbol &containerMethod() const { return Extras->ContainerMethod; }
  /// Threads (ThreadSpawn::Id of the summarized function) that may be
  /// running at this access: started before it and not joined. Sorted.
  const IdList &live() const { return Extras->Live; }
  /// Locks taken one inside the other before the access (see LockNesting).
  const NestingList &nestings() const { return Extras->Nestings; }
  /// Locks the summarized function (or a callee) let go before this access,
  /// on some path, without having taken them: a caller's hold of one does
  /// not protect the access (Unknown: any of the caller's). Accesses before
  /// the release keep the caller's lock:
  ///
  ///   void Mutex::Unlock() { locked_ = false;        // {}: caller's lock holds
  ///                          pthread_mutex_unlock(&mu_); }
  ///   void Apply(Mutex *mu) { mu->Unlock(); status_ = s; mu->Lock(); }
  ///                          // status_: {*mu}: not protected by the caller
  const LockList &releasedBefore() const { return Extras->ReleasedBefore; }
  void setContainerMethod(ir::Symbol M) {
    Extras.edit([&](AccessExtras &E) { E.ContainerMethod = M; });
  }
  void setLive(IdList L) {
    Extras.edit([&](AccessExtras &E) { E.Live = std::move(L); });
  }
  void setNestings(NestingList N) {
    Extras.edit([&](AccessExtras &E) { E.Nestings = std::move(N); });
  }
  void setReleasedBefore(LockList R) {
    Extras.edit([&](AccessExtras &E) { E.ReleasedBefore = std::move(R); });
  }

  // LLVM's SmallVector move is not noexcept; without these
  // std::vector<AccessSnapshot> would deep-copy every element when it grows.
  // (The bit-fields have no default member initializers in C++17.)
  AccessSnapshot()
      : InForkChild(false), Atomic(false), WalksEveryElement(false) {}
  AccessSnapshot(const AccessSnapshot &) = default;
  AccessSnapshot &operator=(const AccessSnapshot &) = default;
  AccessSnapshot(AccessSnapshot &&) noexcept = default;
  AccessSnapshot &operator=(AccessSnapshot &&) noexcept = default;

  /// Protected for this kind of access: an exclusive lock is held, or (for
  /// reads) any lock, shared included.
  bool isProtected() const;
  /// Some mutex is held, in any mode (a queue-front turn is none).
  bool holdsMutex() const;
  /// A write racecar assumes, not sees: `factory_->Create(name, &sink_)`
  /// where Create has no body (ContainerMethod names it).
  bool isAssumedWrite() const {
    return Kind == AccessKind::Write && !containerMethod().empty();
  }
  /// Identity modulo location and trace (the dedup key inside a summary).
  bool sameAbstractAccess(const AccessSnapshot &O) const;
  /// Reached through a call on a crash path (CallSite::CrashPath), among
  /// the frames the trace keeps.
  bool onCrashPath() const {
    for (const CallSite &C : Trace)
      if (C.CrashPath)
        return true;
    return false;
  }
};

/// \p A and \p B, accesses of the same memory, can race: one of them
/// writes, and they are not both atomic (AccessSnapshot::Atomic).
inline bool canRace(const AccessSnapshot &A, const AccessSnapshot &B) {
  return (isWrite(A.Kind) || isWrite(B.Kind)) && !(A.Atomic && B.Atomic);
}

/// \p Whole accesses an object that holds \p Part's memory in place
/// (`Whole.Path.holdsInPlace(Part.Path)`): the two touch the same bytes and
/// conflict if one writes. `memset(&st, 0, n)` or `cfg = *fresh` meets
/// `st.errors++`; `v_.push_back(x)` meets `v_[i] = y`. A call that only
/// reads a container's bookkeeping (`v_.size()`) touches no element, so
/// meets an element write only if it copies the container.
bool wholeMeetsPart(const AccessSnapshot &Whole, const AccessSnapshot &Part);
/// \p Whole, an access of a whole object, can touch its parts at all: not
/// a container call that only reads bookkeeping (`v_.size()`).
bool touchesParts(const AccessSnapshot &Whole);

/// Net effect of a function on the locks its caller holds.
struct LockEffect {
  std::vector<HeldLock> Acquired; ///< held at exit, not at entry (wrappers)
  std::vector<HeldLock> Released; ///< released, not acquired (unlock wrappers)
  /// Asserted held (`mu_.AssertHeld()`, ASSERT_EXCLUSIVE_LOCK): held from
  /// there on, taken by the caller; callers hold it too after the call.
  std::vector<HeldLock> Assumed;
  /// Locks it (or a callee) releases on some path without having taken
  /// them first, even if it takes them again (`unlock(&m); wait(); lock(&m)`):
  /// a caller's hold of one is not the same hold after the call, so what
  /// the caller knows of locks taken inside that hold (LockNesting) ends.
  std::vector<HeldLock> MayRelease;
  /// Locks taken on every path (perhaps let go again): inside whatever the
  /// caller holds (`reset_stats()` takes the stats lock inside the caller's
  /// registry hold).
  std::vector<ir::AccessPath> Taken;
  /// The nestings at the exit among the locks it took (`enter_stats()`
  /// returns holding the stats lock, taken under the registry lock).
  std::vector<LockNesting> Nestings;
  /// Held by a guard it returns by value (`std::unique_lock<std::mutex>
  /// Lock() { return std::unique_lock<std::mutex>(m_); }`): a caller that
  /// keeps the result in a local guard releases them with that guard.
  std::vector<HeldLock> Returned;
  /// Once flags whose callable has run when it returns (`channel()` calls
  /// `std::call_once(once_, ..)`): held shared from then on, by callers
  /// too, which orders what they read after the one initialization. No
  /// evidence of concurrent use, and no lock the function acquires.
  std::vector<HeldLock> OnceHeld;

  friend bool operator==(const LockEffect &A, const LockEffect &B) {
    return A.Acquired == B.Acquired && A.Released == B.Released &&
           A.Assumed == B.Assumed && A.MayRelease == B.MayRelease &&
           A.Taken == B.Taken && A.Nestings == B.Nestings &&
           A.Returned == B.Returned && A.OnceHeld == B.OnceHeld;
  }
  /// No effect at all (most functions).
  bool empty() const {
    return Acquired.empty() && Released.empty() && Assumed.empty() &&
           MayRelease.empty() && Taken.empty() && Nestings.empty() &&
           Returned.empty() && OnceHeld.empty();
  }
};

/// A thread the function (or a callee) starts: an origin in O2's sense.
/// Paths in Args and Handle are over the function's formals and globals, or
/// rooted at its locals when the thread receives a local object (`&counter`,
/// a `malloc`ed block bound to `d`); accesses to such locals are then kept
/// in the summary too, so threads and their parent can be paired.
///
///   void start(struct job *j) {
///     pthread_t t;
///     pthread_create(&t, 0, worker, j);  // Spawn{Entry=worker, Args=[*j],
///   }                                    //   Handle=Local(t), Live at exit}
struct ThreadSpawn {
  uint32_t Id = 0;        ///< unique among the function's spawns
  ir::Symbol Entry;       ///< USR of the entry function
  ir::Symbol EntryName;   ///< qualified name, for messages
  /// Actuals of the entry's formals.
  std::vector<ir::Operand> Args;
  /// Where the thread's handle lives (`&t` for pthread_create, the
  /// std::thread object), matched by joins; Unknown if not known.
  ir::Operand Handle;
  /// May start more than once (in a loop, or in a callee called in a loop):
  /// then it races with itself.
  bool Multi = false;
  /// Started in a child process (`fork()` returned 0): as for
  /// AccessSnapshot::InForkChild, the caller's threads are not running then,
  /// and a caller's loop around the call forks a new process each time.
  bool InForkChild = false;
  /// Started only on paths where the function returns zero (`if
  /// (pthread_create(..) != 0) return -1; ... return 0;`): a caller that
  /// finds a non-zero result knows this thread did not start.
  bool OnlyOnZeroResult = false;
  /// Handed to a pool (CallModel::Pool): an argument object of its own
  /// (FreshArgs) owns its fields only, not what its pointers lead to (`fta->db_
  /// = this`: the database every job shares). A thread started per iteration
  /// of a loop owns what its object points to as well (fio's `fd->td`, the
  /// iteration's own thread data).
  bool Pool = false;
  /// Spawns of this function that may be running when this one starts.
  llvm::SmallVector<uint32_t, 0> LiveAtSpawn;
  /// Multi spawns started in a counted loop with the handle indexed by its
  /// counter: the loop's range (ir::CallInfo::LoopRange), else empty.
  ir::Symbol LoopRange;
  /// Bit k: Args[k] is an object allocated anew in the loop that starts
  /// the thread, so every instance of a Multi thread has its own.
  uint32_t FreshArgs = 0;
  /// A serial job (ir::CallableArg::SerialFlag) submitted to a pool: the flag
  /// that was seen false and set before the submission, then the locks held
  /// at it. If the job resets the flag under one of those locks, a new
  /// instance is submitted only after the last one is done with the flag:
  /// the instances do not overlap (ThreadRaces). Empty otherwise.
  std::vector<ir::Operand> Serial;

  // LLVM's SmallVector move is not noexcept; without these std::vector<ThreadSpawn>
  // would deep-copy every element when it grows.
  ThreadSpawn() = default;
  ThreadSpawn(const ThreadSpawn &) = default;
  ThreadSpawn &operator=(const ThreadSpawn &) = default;
  ThreadSpawn(ThreadSpawn &&) noexcept = default;
  ThreadSpawn &operator=(ThreadSpawn &&) noexcept = default;
  ir::Loc Location;            ///< the spawning call, in the innermost function
  std::vector<CallSite> Trace; ///< from this function down to that call
};

/// How one function calls one callee, over all its calls of it (see
/// FunctionSummary::CallContexts).
struct CallContext {
  enum Flag : uint8_t {
    /// Every call is on an object not shared yet: the caller's own (a
    /// local, a fresh allocation, a constructor's `this` and its members)
    /// or `this` (or a member of it) -- see OnThis.
    Unshared = 1,
    /// Some of those calls are on `this` or a member of it: then the callee
    /// runs on an unshared object only if the caller does.
    OnThis = 2,
    /// Every call holds a lock (the caller synchronizes the callee).
    Locked = 4,
    /// Every call holds its receiver object itself as a lock, exclusively:
    /// `mutex_.acquisitions()` under `mutex_.Lock()`, a mutex wrapper's
    /// lock being named by its object (ir::Function::LockWrapper).
    HoldsReceiver = 8,
    /// Some call is on `this` (or a member of it), shared or not.
    OnThisAny = 16,
    /// Every call holds a named lock that lies outside its receiver object
    /// (`this->config_mu_` around `this->impl_.Apply()`: sibling members),
    /// so it is none of the locks inside the callee's object.
    LockedOutsideReceiver = 32,
    /// Every call is a lambda's creation (ir::CallInfo::MakesClosure): the
    /// caller makes the closure, and is not seen to run it.
    MakesClosure = 64,
    /// Every call not on an object not shared yet is on the object of the
    /// caller's formal Formal (not `this`), before the caller stored that
    /// formal's pointer anywhere or handed it to another call
    /// (`SetMemtable(MemTable *m) { m->SetID(id); mem_ = m; }`): the callee
    /// runs on an unshared object if every call of the caller hands it one
    /// there (FreshArgs).
    OnFormal = 128,
  };
  ir::Symbol Callee;
  uint8_t Flags = 0;
  /// With OnFormal: the caller's formal.
  uint8_t Formal = 0;
  /// Bit i (i < 32): at every call, actual i is an object the caller owns
  /// and has not shared yet (a local, a fresh allocation).
  uint32_t FreshArgs = 0;

  friend bool operator==(const CallContext &A, const CallContext &B) {
    return A.Callee == B.Callee && A.Flags == B.Flags &&
           A.Formal == B.Formal && A.FreshArgs == B.FreshArgs;
  }
};

/// A pointer member of a constructor's `this` and what it designates when
/// the constructor returns (FunctionSummary::MemberPointers).
struct MemberPointer {
  ir::AccessPath Member; ///< `Formal(0) Deref Field(f)`
  ir::Operand Value;     ///< an Object over the other formals or a global

  friend bool operator==(const MemberPointer &A, const MemberPointer &B) {
    return A.Member == B.Member && A.Value == B.Value;
  }
};

/// A callable the function runs, and the locks held while it runs: a
/// lambda handed to it (`template <class F> R Impl(const F &f) {
/// lock_guard g(mu_); return f(); }`: by the lambda's symbol, since the
/// template is instantiated per lambda) or a `std::function` parameter
/// (by formal). A caller that hands it a lambda applies the lambda under
/// those locks (FunctionSummary::CallableRuns).
struct CallableRun {
  ir::Symbol Callee;  ///< the lambda's symbol, or empty
  int32_t Formal = -1; ///< the `std::function` formal, or -1
  std::vector<HeldLock> Locks; ///< held at every run (sorted)

  friend bool operator==(const CallableRun &A, const CallableRun &B) {
    return A.Callee == B.Callee && A.Formal == B.Formal && A.Locks == B.Locks;
  }
};

/// FunctionSummary::FlagClears kept per function at most.
inline constexpr size_t MaxFlagClears = 16;

/// The persisted summary of one function.
struct FunctionSummary {
  ir::Symbol Symbol; // interned: the function's own
  ir::Symbol Name;
  ThreadsKind Threads = ThreadsKind::NoThread;
  /// The function itself (not a callee) acquires or releases a lock:
  /// RacerD's evidence that its class is used concurrently.
  bool UsesLocksDirectly = false;
  /// Whose locks those are: OR of LockOwner bits (ConcurrencyEvidence.h).
  /// Only the class's own (`this->mu_`) or global ones are evidence that
  /// the function's class is used concurrently.
  uint8_t LockOwners = 0;
  // (HandRolledDepth and HandRolledSync here share the word of the flags
  // above: a million functions' summaries.)
  /// How many calls below this function the lock's acquire is, at most
  /// MaxHandRolledDepth (FunctionAnalysis.h): 0 for a function that waits
  /// (itself or in a callee) and updates atomically
  /// (ir::Function::UpdatesAtomically), 1 for one that only waits itself,
  /// then one more per call.
  uint8_t HandRolledDepth = 0;
  /// Bit k: Joins[k] is joined on every path to the exit (`void
  /// stop_maint() { ..; pthread_join(maint_tid, 0); }`): what the caller
  /// does after the call runs after that thread.
  uint8_t JoinsAtExit = 0;
  /// Where this function or a callee a few calls deep synchronizes by hand
  /// (ir::Function::HandRolledSync), or Line 0: races of its threads may be
  /// ordered in a way the analysis does not model (LowHandRolledSync). A
  /// spin lock's lock() makes its caller's critical section
  /// hand-synchronized; a seqlock deep in a clock read does not make every
  /// thread that reads the clock so.
  ir::Loc HandRolledSync;
  /// Boxed: most functions have none (Boxed.h).
  Boxed<LockEffect> Locks;
  std::vector<AccessSnapshot> Accesses;
  /// What a returned pointer/reference designates, over formals/globals
  /// (boxed: most functions return nothing a caller can name).
  Boxed<ir::Operand> Return;
  /// Threads started here or in callees, in order of first start.
  Boxed<std::vector<ThreadSpawn>> Spawns;
  /// Spawns possibly still running when the function returns. Sorted.
  Boxed<IdVector> LiveAtExit;

  // LLVM's SmallVector move is not noexcept; without these std::vector<FunctionSummary>
  // would deep-copy every element when it grows.
  FunctionSummary() = default;
  FunctionSummary(const FunctionSummary &) = default;
  FunctionSummary &operator=(const FunctionSummary &) = default;
  FunctionSummary(FunctionSummary &&) noexcept = default;
  FunctionSummary &operator=(FunctionSummary &&) noexcept = default;
  /// Handles of threads the caller started that this function joins
  /// (`void join_all(pthread_t *ts)`), over formals/globals.
  Boxed<std::vector<ir::Operand>> Joins;
  /// Callees this function calls only on objects not shared yet, or only
  /// with a lock held (CallContext flags), sorted by callee; callees called
  /// otherwise are not listed. What tells that a method runs only while its
  /// object is being set up (`ShardedLRUCache()` calling
  /// `shard_[s].SetCapacity(n)`), or only under its callers' locks.
  std::vector<CallContext> CallContexts;
  /// The unsound shortcuts taken here or in callees (Assumptions.h), one
  /// per kind, sorted by kind.
  std::vector<Assumption> Assumptions;
  /// A constructor: the pointer (or reference) members of `this` it
  /// stores, with what they designate at its exit, over its formals or a
  /// global: `MutexLock(Mutex *mu) : mu_(mu)` has {.mu_ -> Formal(1) Deref}.
  /// A caller that constructs a local guard knows which mutex the guard's
  /// `this->mu_->Lock()` and `~MutexLock()` name. Sorted by field.
  Boxed<std::vector<MemberPointer>> MemberPointers;
  /// The caller's objects this function links into a structure rooted at a
  /// global, each a formal's pointee with the name it has from then on
  /// (ir::linkedName): `link(logger *l) { l->next = head; head = l; }` has
  /// {Formal(0) Deref -> head Deref Linked}. A caller's own allocation
  /// handed to it is shared memory after the call. Sorted.
  Boxed<std::vector<MemberPointer>> Publications;
  /// Flags this function (or a callee) clears with a lock held: a zero
  /// stored into Member (ir::StoresZero) while the lock Value designates is
  /// held exclusively (`scheduled_ = false;` under `mu_`). What tells a
  /// serial job's end (ThreadSpawn::Serial). Sorted, at most MaxFlagClears.
  Boxed<std::vector<MemberPointer>> FlagClears;
  /// The callables handed to it that it runs, with the locks held then.
  Boxed<std::vector<CallableRun>> CallableRuns;
  /// Where this function (not a callee: the pattern and the accesses it
  /// guards are in one function) unlocks a mutex it locks on some paths
  /// only (`if (i) lock(&m); ...; if (i) unlock(&m);`), or Line 0: the
  /// paths are correlated, which the analysis does not track, so accesses
  /// in between look unprotected on some (LowConditionalLock).
  ir::Loc ConditionalLock;
};

/// Calls \p Visit on every place in \p S (accesses and their traces,
/// thread starts and theirs, assumptions, hand-rolled synchronization,
/// conditional locks), in a fixed order; "no location" is skipped. A trace
/// whose places change is made anew (traces are shared): \p Visit must be a
/// function of the place, since a frame that several traces share is
/// visited once (CallChain::withPlaces), hidden frames included.
void forEachPlace(FunctionSummary &S, llvm::function_ref<void(ir::Loc &)> Visit);
/// The same, reading.
void forEachPlace(const FunctionSummary &S,
                  llvm::function_ref<void(const ir::Loc &)> Visit);

} // namespace racer

#endif
