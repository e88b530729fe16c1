//===- IR.h - racecar's Clang-free intermediate representation -*- C++ -*-===//
//
// Why: the analysis must not see Clang (layering is enforced by the build), so
// the frontend lowers each function body and its CFG into this small IR. It
// keeps exactly what a race analysis needs: reads and writes of access paths,
// calls (with the callee's stable cross-TU symbol and its actuals), bindings of
// local pointers/references, returns, and the control-flow graph.
//
//   struct Counter {
//     std::mutex mu_; int n_;
//     void inc() { std::lock_guard<std::mutex> g(mu_); n_++; }
//   };
//
// lowers `Counter::inc` (formal 0 is `this`) to one block:
//   call std::lock_guard::lock_guard(Object(g), Object(this->mu_))   [ctor]
//   read  this->n_
//   write this->n_
//   call std::lock_guard::~lock_guard(Object(g))                     [dtor]
//
// Library calls are NOT interpreted here: lock, container and atomic models
// are applied by summarize/ (LibraryModels), keyed by CalleeName.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_IR_IR_H
#define RACER_SUMMARIZE_IR_IR_H

#include "summarize/Boxed.h"
#include "summarize/ir/AccessPath.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace racer::ir {

struct PackedBody;

/// A source position. File indexes Module::Files (or the linked file table).
struct Loc {
  uint32_t File = 0;
  uint32_t Line = 0; ///< 1-based; 0 means unknown
  uint32_t Col = 0;  ///< 1-based

  friend bool operator==(const Loc &A, const Loc &B) {
    return A.File == B.File && A.Line == B.Line && A.Col == B.Col;
  }
  friend bool operator<(const Loc &A, const Loc &B) {
    if (A.File != B.File)
      return A.File < B.File;
    if (A.Line != B.Line)
      return A.Line < B.Line;
    return A.Col < B.Col;
  }
};

/// What a pointer/reference designates: the actual of a pointer or reference
/// parameter, the target of a local pointer, a returned pointer.
struct Operand {
  enum class Kind : uint8_t {
    Object,  ///< designates the object at Path (`&this->m_`, or `p` as Path=p Deref)
    Fresh,   ///< a newly allocated or copied object nobody else sees (`new T`)
    Unknown, ///< anything else (arithmetic, constants, unanalysable expressions)
    /// A by-value scalar argument loaded from the lvalue at Path: designates
    /// nothing (treated like Unknown by the analysis), but names where a
    /// handle came from: `pthread_join(t, 0)` passes Value(Local(t)), which
    /// identifies the thread `pthread_create(&t, ...)` started.
    Value,
  };
  Kind K = Kind::Unknown;
  /// Object: the designated object. Value: the lvalue the value was loaded
  /// from. Fresh: optionally, a name for the new object inside the analysed
  /// function (set by summarize/, never by the frontend).
  AccessPath Path;

  static Operand object(AccessPath P) {
    Operand O;
    O.K = Kind::Object;
    O.Path = std::move(P);
    return O;
  }
  static Operand fresh() {
    Operand O;
    O.K = Kind::Fresh;
    return O;
  }
  static Operand unknown() { return Operand(); }
  static Operand value(AccessPath P) {
    Operand O;
    O.K = Kind::Value;
    O.Path = std::move(P);
    return O;
  }

  friend bool operator==(const Operand &A, const Operand &B) {
    return A.K == B.K && (A.K == Kind::Unknown || A.Path == B.Path);
  }
};

/// Lock effect declared on a callee with Clang's capability attributes
/// (e.g. `void lock() ACQUIRE(mu_);`), translated to a path over the
/// callee's formals: `mu_` is Formal(0) Deref Field(mu_); an attribute with
/// no argument names the object itself, Formal(0) Deref.
struct DeclaredLockEffect {
  enum class Kind : uint8_t {
    Acquire,       ///< acquire_capability / exclusive_lock_function
    AcquireShared, ///< acquire_shared_capability / shared_lock_function
    Release,       ///< release_capability / unlock_function (any mode)
    TryAcquire,    ///< try_acquire_capability(true, mu) (held if result true)
    Requires,      ///< requires_capability / EXCLUSIVE_LOCKS_REQUIRED: the
                   ///< caller holds it (on the function: held from entry)
    RequiresShared, ///< requires_shared_capability / SHARED_LOCKS_REQUIRED
    Assert,        ///< assert_capability / ASSERT_EXCLUSIVE_LOCK: held from
                   ///< here on (`mu_.AssertHeld()`), taken by the caller
    AssertShared,  ///< assert_shared_capability / ASSERT_SHARED_LOCK
  };
  Kind K = Kind::Acquire;
  AccessPath Lock;
};

/// A function handed to a callee as an argument, e.g. a thread's entry:
///   pthread_create(&t, 0, worker, arg)   Callable{Arg=2, worker}
///   std::thread t(&Pool::run, this)      Callable{Arg=1, Pool::run}
///   std::thread t([&] { n++; })          Callable{Arg=1, lambda's operator(),
///                                          HasReceiver, Receiver, Captures={&n}}
///   std::thread t(Worker{cfg})           Callable{Arg=1, Worker::operator(),
///                                          HasReceiver, Receiver=Fresh}
/// Calling it with data actuals D0..Dk means calling Callee with
///   HasReceiver: [Receiver, D0..D(NumParams-1), Captures...]
///   otherwise:   [D0..Dk]
/// (a lambda's formals are `this`, its declared parameters, then one formal
/// per captured variable; see Function).
struct CallableArg {
  uint32_t Arg = 0;       ///< index into CallInfo::Args
  Symbol Callee;     ///< USR of the function (a lambda's call operator)
  Symbol CalleeName; ///< qualified name, e.g. "worker", "Pool::run"
  bool HasReceiver = false;
  Operand Receiver;       ///< lambda: the captured `this`; functor: the object
  uint32_t NumParams = 0; ///< HasReceiver: declared parameters of operator()
  std::vector<Operand> Captures; ///< lambda: actuals of its capture formals
  /// The call's arguments after this one, as a callee that decay-copies
  /// them passes them on (std::thread, std::async): a pointer designates its
  /// pointee, `std::ref(x)` designates x, other objects are fresh copies.
  std::vector<Operand> DecayedArgs;
  /// The flag of a serial job (frontend/SerialJobs.h): the call that hands
  /// this callable over comes after `flag = true;` on a path where the flag
  /// was just seen false (`if (scheduled_) {} else { scheduled_ = true;
  /// Schedule(&Work, this); }`); the object designated. Unknown otherwise.
  Operand SerialFlag;

  friend bool operator==(const CallableArg &A, const CallableArg &B) {
    return A.Arg == B.Arg && A.Callee == B.Callee &&
           A.CalleeName == B.CalleeName && A.HasReceiver == B.HasReceiver &&
           A.Receiver == B.Receiver && A.NumParams == B.NumParams &&
           A.Captures == B.Captures && A.DecayedArgs == B.DecayedArgs &&
           A.SerialFlag == B.SerialFlag;
  }
};

/// A by-value scalar actual whose value the call site knows: an integer,
/// enum or null-pointer constant (`pause_threads(PAUSE_ALL)`: Value is
/// PAUSE_ALL's value; `log_io(td, NULL)`: 0), or a formal of the caller passed
/// on unchanged (IsFormal: Value is the caller's formal index). Calls that fix
/// a formal a callee branches on are specialized at link time
/// (summarize/Specialize.h).
struct ScalarArg {
  /// Arg of an indirect call through the caller's formal `fn(x)`: the
  /// function called (IsFormal). A copy for a function passed for that
  /// formal calls it directly.
  static constexpr uint32_t CalleeArg = 0xFFFFFFF0u;
  uint32_t Arg = 0; ///< index into CallInfo::Args, or CalleeArg
  bool IsFormal = false;
  int64_t Value = 0;

  friend bool operator==(const ScalarArg &A, const ScalarArg &B) {
    return A.Arg == B.Arg && A.IsFormal == B.IsFormal && A.Value == B.Value;
  }
};

/// What one edge of a branch on a formal (Block::CondFormal) requires of the
/// formal's value v: `if (flags & INLINE)` gives AnyBit{INLINE} and
/// NoBit{INLINE}; `switch (type)` gives Eq{c} per case and NoneOf{cases}
/// for the default edge.
struct FormalTest {
  enum class Op : uint8_t {
    Any,    ///< no requirement
    Eq,     ///< v == Values[0]
    Ne,     ///< v != Values[0]
    AnyBit, ///< (v & Values[0]) != 0
    NoBit,  ///< (v & Values[0]) == 0
    Lt,     ///< v < Values[0] (signed)
    Ge,     ///< v >= Values[0] (signed)
    NoneOf, ///< v is none of Values
  };
  Op K = Op::Any;
  std::vector<int64_t> Values;

  /// Whether a formal with value \p V may take this edge.
  bool admits(int64_t V) const;

  friend bool operator==(const FormalTest &A, const FormalTest &B) {
    return A.K == B.K && A.Values == B.Values;
  }
};

/// A call site.
struct CallInfo {
  /// The callee's stable cross-TU symbol (Clang USR). Empty for indirect calls.
  /// (Names are interned: the same few callees recur across a program.)
  Symbol Callee;
  /// Qualified callee name without template arguments or inline namespaces:
  /// "std::vector::push_back", "std::lock_guard::lock_guard",
  /// "pthread_mutex_lock", "Counter::inc". Used for models and messages.
  Symbol CalleeName;
  /// Actuals. For member calls, constructors and destructors, Args[0] is the
  /// object (`this` of the callee). Pointer and reference arguments are
  /// Objects designating the pointee; by-value class arguments are Fresh.
  std::vector<Operand> Args;
  /// Qualified class name (no template args) of each actual's type, or ""
  /// if not a class: lets models see tags such as "std::defer_lock_t".
  std::vector<Symbol> ArgTypes;
  /// The local that receives a pointer/reference result (`T *p = f();`),
  /// or -1.
  int32_t ResultLocal = -1;
  bool IsConstructor = false;
  bool IsDestructor = false;
  /// The call at a lambda's creation (frontend LambdaLowering): its body is
  /// attributed to the function that makes the closure, which may run it
  /// here, store it for later, or hand it to another thread.
  bool MakesClosure = false;
  /// The call is the whole branch of an `if` on a member of `this` tested
  /// against a constant, with no else (`if (two_write_queues_)
  /// log_write_mutex_.Lock();`): a lock it takes is held in one mode of
  /// the object only (HeldLock::Conditional).
  bool UnderModeTest = false;
  /// A slot's call of a task queued once (summarize/IndirectCalls.h, set
  /// at the link in a dispatcher): what it reaches is in that task's one
  /// run (HeldLock::TaskRun), which does not overlap itself.
  bool RunsTask = false;
  /// In C, the scalar local (id < 32768) the call's result is stored into
  /// (`rc = pthread_mutex_trylock(&m);`), for branches on it in later
  /// blocks (Block::CondLocal); -1 otherwise.
  int16_t ScalarResult = -1;
  /// Bit k: Args[k] is the element of an array a loop visits every element
  /// of, one per iteration (`reap_idle(&conns[i])` in `for (i = 0; i <
  /// MAXCONN; i++)`; frontend/ArrayWalks.h): the callee's reads through it
  /// meet the element any other thread uses (ir::WalksEveryElement).
  uint32_t WalkedArgs = 0;
  /// Lock effects from the callee declaration's capability attributes.
  std::vector<DeclaredLockEffect> DeclaredEffects;
  /// Arguments that name a function (thread entries, callbacks).
  std::vector<CallableArg> Callables;
  /// For a member call on a std container (or a constructor of one), the
  /// qualified name of its first template argument, without template
  /// arguments: "std::thread" for `std::vector<std::thread>::emplace_back`.
  Symbol ElementType;
  /// For a call with an argument indexed by the counter of an enclosing
  /// counted loop (`pthread_join(t[i], 0)` in `for (i = 0; i < n; i++)`):
  /// the loop's range, normalized ("0 < n +1"); else empty. Two loops with
  /// the same range visit the same elements: a join loop is matched with
  /// the loop that started the threads.
  Symbol LoopRange;
  /// Bit k: Args[k] is a different array element in each iteration of that
  /// loop (`&slots[i]`; frontend/SyncPatterns.h, distinctElementArgs).
  uint32_t DistinctArgs = 0;
  /// Bit k: Args[k] (an explicit actual, never the receiver) is passed as a
  /// pointer or reference to writable memory (`T *`, `T &`, not `const T *`
  /// and not an atomic): a callee racecar has no body for may write it
  /// (`factory_->Create(name, &sink_)`, `read_config(&cfg_)`).
  uint32_t WritableArgs = 0;
  /// The actuals whose scalar value is known here (constants, the caller's
  /// unchanged formals), by Arg.
  std::vector<ScalarArg> ScalarArgs;
};

/// Instruction kinds.
enum class InstrKind : uint8_t {
  Read,   ///< load of Path            (e.g. `return n_;` reads this->n_)
  Write,  ///< store to Path           (e.g. `n_ = 0;`, `n_++` is Read+Write);
          ///< in a constructor, a store of a pointer into a member of
          ///< `this` has the pointee as its value (`mu_(mu)`: Formal(1) Deref)
  Call,   ///< call, see CallInfo      (e.g. `v_.push_back(x)`, `mu_.lock()`)
  Bind,   ///< local pointer/reference Dest now designates Value
          ///< (e.g. `Node *n = head_;` binds n to Object(this->head_ Deref))
  Return, ///< return of a value: a pointer/reference designating Value,
          ///< or a scalar (Dest: ReturnFlags)
};

/// Instr::Dest of a Write.
enum WriteFlags : uint32_t {
  /// The constant zero (or false) is stored into a boolean or integer
  /// member or global (`scheduled_ = false;`): the end of a serial job
  /// (ThreadSpawn::Serial).
  StoresZero = 1,
  /// Read or Write: the access visits every element of its array, one per
  /// iteration of a loop over all of them (`for (i = 0; i < N; i++) sum +=
  /// progress[i];`, frontend/ArrayWalks.h): it meets whatever element
  /// another thread uses (AccessSnapshot::WalksEveryElement).
  WalksEveryElement = 2,
};

/// Instr::Dest of a Return: what kind of value it returns.
enum ReturnFlags : uint32_t {
  /// A scalar (`return rc;`): Value designates nothing; it is Value(Local(k))
  /// for a C local that only call results are stored into (the local a
  /// branch can test, Block::CondLocal), else Unknown.
  ReturnsScalar = 1,
  /// The value is the constant zero or a null pointer (`return 0;`).
  ReturnsZero = 2,
};

struct Instr {
  InstrKind Kind = InstrKind::Read;
  /// Read/Write: the object is atomic (C11 `_Atomic`, `__atomic_*` builtins).
  bool Atomic = false;
  /// Bind: the local id being (re)bound. Return: ReturnFlags. Read and
  /// Write: WriteFlags.
  uint32_t Dest = 0;
  Loc Location;
  /// Read/Write: the memory accessed.
  AccessPath Path;

  /// Bind/Return: what is designated. Out of line like call(): few
  /// instructions are binds or returns. Unknown if never set.
  const Operand &value() const { return ValueData ? *ValueData : noValue(); }
  /// Creates the Operand on first use.
  Operand &value() {
    if (!ValueData)
      ValueData = std::make_unique<Operand>();
    return *ValueData;
  }

  /// Call only. Kept out of line: most instructions are reads and writes,
  /// and a CallInfo is larger than all the other fields together (a large
  /// program's IR is half the memory of linking it).
  const CallInfo &call() const { return CallData ? *CallData : noCall(); }
  /// Creates the CallInfo on first use.
  CallInfo &call() {
    if (!CallData)
      CallData = std::make_unique<CallInfo>();
    return *CallData;
  }
  bool hasCall() const { return CallData != nullptr; }
  bool hasValue() const { return ValueData != nullptr; }

  Instr() = default;
  Instr(const Instr &O)
      : Kind(O.Kind), Atomic(O.Atomic), Dest(O.Dest), Location(O.Location),
        Path(O.Path),
        ValueData(O.ValueData ? std::make_unique<Operand>(*O.ValueData)
                              : nullptr),
        CallData(O.CallData ? std::make_unique<CallInfo>(*O.CallData)
                            : nullptr) {}
  Instr &operator=(const Instr &O) {
    if (this != &O)
      *this = Instr(O);
    return *this;
  }
  Instr(Instr &&) noexcept = default;
  Instr &operator=(Instr &&) noexcept = default;

private:
  static const CallInfo &noCall();
  static const Operand &noValue();
  std::unique_ptr<Operand> ValueData;
  std::unique_ptr<CallInfo> CallData;
};

/// What FunctionAnalysis::record keeps of a Read or Write: bit 0, atomic;
/// WalksEveryElement.
inline unsigned accessFlags(const Instr &I) {
  return unsigned(I.Atomic) | (I.Dest & WalksEveryElement);
}

/// A basic block. Blocks[0] of a function is its entry.
struct Block {
  std::vector<Instr> Instrs;
  std::vector<uint32_t> Succs;
  /// If >= 0, the block ends in a branch on the boolean result of the Call
  /// instruction Instrs[CondCall] (e.g. `if (mu_.try_lock())`): Succs[0] is
  /// taken when the result is true (false if CondNegated), Succs[1] otherwise.
  int32_t CondCall = -1;
  bool CondNegated = false;
  /// The block ends in a call that does not return (`abort()`, `exit(1)`,
  /// a `noreturn` function): no successors, and its state is not one the
  /// function returns with.
  bool NoReturn = false;
  /// If >= 0 (and CondCall < 0), the block ends in a branch on whether
  /// scalar local CondLocal is non-zero (Succs[0], unless CondNegated), a
  /// local that only call results are stored into (CallInfo::ScalarResult):
  /// `rc = pthread_mutex_trylock(&m); if (rc != EBUSY) { if (rc != 0)
  /// abort(); ... }`.
  int32_t CondLocal = -1;
  /// If >= 0, the block ends in a branch (or a switch) on the value of
  /// formal CondFormal, a by-value scalar the body never changes, and
  /// EdgeTests[i] is what taking Succs[i] requires of it. A call that passes
  /// a constant for that formal runs a copy of the function with the edges
  /// the constant rules out removed (summarize/Specialize.h).
  int32_t CondFormal = -1;
  std::vector<FormalTest> EdgeTests;
};

enum class AccessSpec : uint8_t { None, Public, Protected, Private };

enum class FunctionKind : uint8_t {
  Free,         ///< a C function or C++ free function
  Method,       ///< non-static member function; Formals[0] is `this`
  StaticMethod, ///< static member function
  Constructor,  ///< Formals[0] is `this`
  Destructor,   ///< Formals[0] is `this`
  Lambda,       ///< a lambda's call operator; Formals[0] is the captured
                ///< `this` of the enclosing method, if any, then its declared
                ///< parameters, then one formal per captured variable, in
                ///< LambdaExpr::captures() order: by reference, a reference
                ///< to the variable (`[&n]`: `n++` is Formal(k) Deref); by
                ///< copy, the copy (`[p]`: `p->x` is Formal(k) Deref Field(x))
};

/// What a function's comment says its callers hold (Function::
/// DocumentedRequires).
enum class DocumentedLock : uint8_t {
  None,
  /// A member named in it is the lock: read as the REQUIRES attribute
  /// (DeclaredEffects has it).
  Named,
  /// A lock it does not name (`REQUIRES: DB mutex held`), or "external
  /// synchronization": every call holds some lock of the caller's.
  Unnamed,
};

/// Synchronization a body does by its shape rather than by a lock
/// (frontend/SyncPatterns.h), each absent (Line 0) in most bodies.
struct SyncPatterns {
  /// Where the body synchronizes by hand, or Line 0: a loop that busy-waits
  /// on shared memory (`while (flag == 0) ;`, a ticket lock's spin) or
  /// retries a compare-and-swap (frontend/SyncPatterns.cpp).
  Loc HandRolledSync;
  /// Where the body waits on a condition variable for a flag, or Line 0:
  /// `while (!ready) pthread_cond_wait(&c, &m);` orders what follows after
  /// what the signalling thread did before setting the flag.
  Loc ConditionWait;
  /// With ConditionWait: the body (or a helper it calls) also signals a
  /// condition variable, so two threads running it may hand each other
  /// turns; without, the wait orders nothing between two of its threads.
  bool ConditionWaitSignals = false;
  /// ConditionWait is a wait that only another thread's signal ends: a
  /// future's (`f.get()`, `f.wait()`: a `std::promise::set_value`), a
  /// semaphore's or a latch's taken as a hand-off (`sem_wait(&s)` in a
  /// function that never posts `s`: a `sem_post`; `latch::wait()`: a
  /// `count_down()`). It may order an access of a thread that signals
  /// (LastSignalLine) only.
  bool SignalledWait = false;
  /// The line of the body's last signal of a condition variable, promise,
  /// semaphore or latch (in its own text, not a helper's), or 0: what the body
  /// does below it comes after every wake-up it sends, so a waiter is not
  /// ordered after it.
  uint32_t LastSignalLine = 0;
  /// The body's first wait at a barrier that no loop repeats, or Line 0
  /// (`pthread_barrier_wait(&b)`): what it does before happens before what
  /// the barrier's other parties do after their wait.
  Loc BarrierWait;
  /// A once-only initialization, or Line 0: the lines from OnceInit to
  /// OnceInitLast of a branch taken while a flag has one value, which sets
  /// it to another (`if (!inited) { init(); inited = 1; }`).
  Loc OnceInit;
  uint32_t OnceInitLast = 0;
  /// For a once-only update by value (frontend/OnceUpdates.h: `if (e >
  /// max) max = e;` where every thread's `e` is the same), the variable
  /// updated, and the globals `e` is read from. Once-only only if no code
  /// writes those and no code outside such regions writes the variable
  /// (ThreadRaces checks both). Empty for a flag's once-only region.
  ir::Symbol OnceInitVar;
  std::vector<ir::Symbol> OnceInitUnwritten;
  /// The first branch on a shared global flag, or Line 0: from FlagGuard
  /// (the then-branch) to line FlagGuardLast (the end of the else-branch)
  /// runs only while FlagGuardVar has some value (`if (busy == 0) { .. }`).
  /// If the other thread of a race writes the flag, the flag may order the
  /// two (ThreadRaces, flag-guarded).
  Loc FlagGuard;
  uint32_t FlagGuardLast = 0;
  ir::Symbol FlagGuardVar;
  /// Publication through an atomic flag (frontend/SyncPatterns.h,
  /// AcquireRegion): the lines after AcquireRegion's, up to
  /// AcquireRegionLast (0: the body's end), run only once an acquire load
  /// of AcquireVar found it set (`if (ready.load(acquire)) { .. }`, after
  /// `while (!ready.load(acquire)) pause();`): they are ordered after what
  /// a thread did before its release store of the flag (PublishLine).
  /// AcquireSpin: the region follows a spin that is the body's hand-rolled
  /// loop (HandRolledSync), which the acquire then models.
  Loc AcquireRegion;
  uint32_t AcquireRegionLast = 0;
  ir::Symbol AcquireVar;
  bool AcquireSpin = false;
  /// The region is a last owner's: the branch where an acquire-and-release
  /// decrement left the count AcquireVar at zero (`if (__atomic_sub_fetch(
  /// &o->refs, 1, __ATOMIC_ACQ_REL) == 0) free_buf(o);`), after every other
  /// owner's drop (PublishLine), and run once per count.
  bool AcquireLastOwner = false;
  /// The line of the body's last release store of a flag (PublishVar), or
  /// 0: what the body did above it is published to the flag's acquirers.
  uint32_t PublishLine = 0;
  ir::Symbol PublishVar;

  bool empty() const { return *this == SyncPatterns(); }
  friend bool operator==(const SyncPatterns &A, const SyncPatterns &B) {
    return A.HandRolledSync == B.HandRolledSync &&
           A.ConditionWait == B.ConditionWait &&
           A.ConditionWaitSignals == B.ConditionWaitSignals &&
           A.LastSignalLine == B.LastSignalLine &&
           A.SignalledWait == B.SignalledWait &&
           A.BarrierWait == B.BarrierWait && A.OnceInit == B.OnceInit &&
           A.OnceInitLast == B.OnceInitLast && A.OnceInitVar == B.OnceInitVar &&
           A.OnceInitUnwritten == B.OnceInitUnwritten &&
           A.FlagGuard == B.FlagGuard && A.FlagGuardLast == B.FlagGuardLast &&
           A.FlagGuardVar == B.FlagGuardVar &&
           A.AcquireRegion == B.AcquireRegion &&
           A.AcquireRegionLast == B.AcquireRegionLast &&
           A.AcquireVar == B.AcquireVar && A.AcquireSpin == B.AcquireSpin &&
           A.AcquireLastOwner == B.AcquireLastOwner &&
           A.PublishLine == B.PublishLine && A.PublishVar == B.PublishVar;
  }
};

struct Function {
  ir::Symbol Symbol; ///< USR; the key for linking
  ir::Symbol Name;   ///< qualified, e.g. "shop::Inventory::add"
  ir::Symbol Class;  ///< qualified enclosing class, "" if none
  AccessSpec Access = AccessSpec::None;
  FunctionKind Kind = FunctionKind::Free;
  /// The body updates shared memory by an atomic read-modify-write
  /// (exchange, compare-and-swap, fetch-and-add):
  /// with a wait here or in a callee, it is a lock's acquire
  /// (frontend/SyncPatterns.h, updatesAtomically).
  bool UpdatesAtomically = false;
  /// The body only passes its parameters on to one call (`return
  /// vatomic32_await_eq(a, v);`): no call depth for HandRolledSync.
  bool OnlyForwards = false;
  /// A method of a mutex wrapper: a class with a lock's interface (`Lock()`,
  /// `unlock()`, `AssertHeld()`, ...) whose objects hold exactly one mutex,
  /// embedded (port::Mutex around a pthread_mutex_t, InstrumentedMutex around
  /// a port::Mutex). Its locks inside `*this` are named `*this`, so that a
  /// mutex has one name however it is taken, released or asserted held:
  /// `mutex_.Lock()` (through the bodies: this->mutex_.mutex_.mu_) and
  /// `mutex_.AssertHeld()` (by name: this->mutex_) are one lock.
  bool LockWrapper = false;
  /// A copy made at link time for calls that fix some formals to constants
  /// (summarize/Specialize.h): reached only through those calls, never an
  /// entry point of its own. Its Name is the original's.
  bool Specialized = false;
  /// Some calls of this function were pointed at specialized copies: it
  /// has callers even if the call graph shows none.
  bool HasSpecializedCopies = false;
  /// The comment above a declaration states a precondition on locks
  /// (`// REQUIRES: mutex_ is held`, leveldb's and rocksdb's convention).
  DocumentedLock DocumentedRequires = DocumentedLock::None;
  Loc Location; // here: it fills the word of the five fields above
  /// The line of the body's closing brace in Location's file (Location.Line
  /// if it ends in another file or has no body): with Location, the lines
  /// whose places are measured from this function's first line
  /// (driver/LineAnchors.h), so that code moving down the file keeps its
  /// digest and its summary.
  uint32_t LastLine = 0;
  /// Formal spellings; for methods/ctors/dtors/lambdas Formals[0] is "this".
  std::vector<ir::Symbol> Formals;
  /// Number of locals (ids are 0..NumLocals-1) and their spellings.
  std::vector<ir::Symbol> Locals;
  std::vector<Block> Blocks;
  /// Capability attributes on the function itself (it acquires/releases).
  std::vector<DeclaredLockEffect> DeclaredEffects;
  /// What frontend/SyncPatterns.h found in the body (a spin, a condition
  /// wait, a once-only initialization, a flag's branch): most bodies have
  /// none, and then it takes 8 bytes (a million functions in the link bench:
  /// 88 MB less).
  Boxed<SyncPatterns> Patterns;
  /// Set by the linker instead of Blocks and Locals: the body packed
  /// (PackedBody.h) until its SCC is summarized. Never set in a TU's module.
  std::shared_ptr<const PackedBody> Packed;
};

/// Per-class facts the reporting phase needs.
struct ClassInfo {
  std::string Name;               ///< qualified
  bool HasGuardedFields = false;  ///< some field is GUARDED_BY / PT_GUARDED_BY
  bool IsCapability = false;      ///< the class is a `capability`
  bool MarkedThreadSafe = false;  ///< annotate("racecar_thread_safe")
  Loc Location;
  /// The project classes it derives from publicly, directly or not, by
  /// qualified name, sorted: their public methods are its methods too (a
  /// getter the base defines reads what the derived class writes).
  std::vector<std::string> Bases;

  /// The declaration itself says the class is used concurrently (the other
  /// evidence, a member taking a lock, is known only from summaries).
  bool declaresConcurrentUse() const {
    return HasGuardedFields || IsCapability || MarkedThreadSafe;
  }
};

/// In Module::AddressTaken: the address of some thread-local variable is
/// taken (`ptr = &tls_counter`). Each thread's accesses to its own are not
/// recorded, so memory behind any pointer may then be another thread's.
inline constexpr const char *ThreadLocalAddress = "<thread-local>";

/// Everything one translation unit contributes.
struct Module {
  std::string MainFile;
  /// Files referenced by Locs; Files[0] is the main file.
  std::vector<std::string> Files;
  std::vector<Function> Functions;
  std::vector<ClassInfo> Classes;
  /// Functions defined in a project header whose bodies this TU did not
  /// parse because a TU earlier in the scan's main-file order lowers them
  /// (frontend::BodyClaims), sorted. The link checks that such a TU is
  /// linked (else this TU is analysed again in full).
  std::vector<std::string> SkippedBodies;
  /// The global variables (symbols, sorted) whose address this TU takes:
  /// `&g`, `&g.f`, an array `g` used as a pointer, in a function body or an
  /// initializer. Memory reached through a pointer is never a global that no
  /// TU takes the address of. AddressesUnknown: the TU may take addresses
  /// the list does not show (C++: references, `this`), so any global may.
  /// ThreadLocalAddress stands for any thread-local variable's address.
  std::vector<std::string> AddressTaken;
  /// Global function pointers through which a call was lowered as a call of
  /// the pointer's initializer (C only), as "pointer\tfunction" symbol
  /// pairs, and the stores into global function pointers of this TU:
  /// "pointer\tfunction" for a function's address, the pointer alone for
  /// any other value. Sorted. A call's target is right if every TU stores
  /// only that function into the pointer and none takes its address;
  /// otherwise the link notes an unresolved-call assumption.
  std::vector<std::string> FunctionPointersCalled;
  std::vector<std::string> FunctionPointersAssigned;
  /// Stores of functions into function-pointer slots, C and C++, as
  /// "slot\tvalue" (frontend/FunctionPointers.h): a slot is "field:S::f" (a
  /// field of any object of S) or "global:<usr>"; a value "fn:<symbol>",
  /// "formal:<symbol>#k" (whatever function that function's callers pass
  /// as its actual k), "slot:<slot>" (whatever that slot holds) or "?"
  /// (a value that may be any function). Sorted.
  /// A call through a slot (CallInfo::Callee "indirect:<slot>") may call
  /// any function stored into it anywhere (summarize/IndirectCalls.h).
  std::vector<std::string> FunctionPointerStores;
  bool AddressesUnknown = true;
};

/// CallInfo::Callee of a call through a function-pointer slot: the prefix,
/// then the slot ("indirect:field:bio_job::fn"). After the link such a
/// symbol names a dispatcher that calls each function stored into the slot,
/// or nothing (an unresolved call).
inline constexpr const char *IndirectCalleePrefix = "indirect:";
inline bool isIndirectCallee(llvm::StringRef Callee) {
  return Callee.starts_with(IndirectCalleePrefix);
}

} // namespace racer::ir

#endif
