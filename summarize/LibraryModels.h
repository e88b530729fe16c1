//===- LibraryModels.h - What library calls do, as data --------*- C++ -*-===//
//
// Why: bodies in system headers are not analysed; what matters about them
// (locks, RAII guards, containers, atomics) is described here, in tables, and
// nowhere else. Transfer functions ask `lookupCallModel(CalleeName)` and act on
// the returned effect; they never test library names themselves.
//
//   lookupCallModel("std::mutex::lock")          -> {Lock, arg 0}
//   lookupCallModel("pthread_mutex_unlock")      -> {Unlock, arg 0}
//   lookupCallModel("std::lock_guard::lock_guard") -> {GuardConstruct}
//   lookupCallModel("std::vector::push_back")    -> {ContainerWrite}
//   lookupCallModel("std::atomic::fetch_add")    -> {Atomic}
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_LIBRARYMODELS_H
#define RACER_SUMMARIZE_LIBRARYMODELS_H

#include "summarize/EventLoopModels.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace racer {

/// The reserved callee the frontend lowers `tl = p;` to, for a thread-local
/// pointer tl: p is the thread's object for tl (ModelKind::SpecificSet).
inline constexpr const char *ThreadLocalSetName = "racecar::thread_local_set";
/// The reserved callees the frontend lowers a test-and-set spinlock's
/// atomic operations to: `__sync_lock_test_and_set(p, 1)`,
/// `atomic_flag_test_and_set(p)`, an atomic exchange of a non-zero constant
/// (a try-lock of *p that succeeds when it returns zero, so that
/// `while (tas(p)) ;` holds *p after the loop), and `__sync_lock_release(p)`,
/// `atomic_flag_clear(p)`, an atomic store of zero (its release). Args[0]
/// is p. `__sync_val_compare_and_swap(p, 0, 1)` (it returns the old value)
/// is a test-and-set too; `__sync_bool_compare_and_swap(p, 0, 1)` is a
/// try-lock that succeeds when it returns non-zero (SpinCompareAndSetName).
inline constexpr const char *SpinTestAndSetName = "racecar::test_and_set";
inline constexpr const char *SpinCompareAndSetName = "racecar::compare_and_set";
inline constexpr const char *SpinClearName = "racecar::clear";

enum class ModelKind : uint8_t {
  None,          ///< not modeled: use the callee's summary, if any
  Lock,          ///< acquires Args[LockArg] exclusively (`m.lock()`)
  LockShared,    ///< acquires Args[LockArg] shared (`m.lock_shared()`)
  Unlock,        ///< releases Args[LockArg], any mode (`pthread_rwlock_unlock`)
  TryLock,       ///< acquires exclusively iff the result is true
  TryLockShared, ///< acquires shared iff the result is true
  LockAllArgs,   ///< acquires every argument (`std::lock(a, b)`)
  GuardConstruct,       ///< RAII guard ctor, exclusive (`lock_guard g(m)`)
  SharedGuardConstruct, ///< RAII guard ctor, shared (`shared_lock g(m)`)
  GuardDestroy,         ///< guard dtor: releases what the guard owns
  GuardLock,            ///< `g.lock()` on a (deferred) guard
  GuardUnlock,          ///< `g.unlock()`
  GuardTryLock,         ///< `g.try_lock()`: owns iff the result is true
  GuardOwnsLock,        ///< `g.owns_lock()`, `if (g)`: true iff the guard owns
  GuardRelease,         ///< `g.release()`: disassociates without unlocking
  ContainerRead,        ///< reads the container Args[0] (`v.size()`)
  ContainerWrite,       ///< writes the container Args[0] (`v.push_back(x)`)
  ContainerConstruct,   ///< constructs the container Args[0]; reads any
                        ///< argument of its own type (a copy's source)
  CallOnce,     ///< `std::call_once(flag, f)`, `pthread_once(&o, init)`:
                ///< runs f once, synchronized on the flag (Args[LockArg]);
                ///< f is the lambda or function called just before the
                ///< call (the frontend lowers a function's run there)
  Atomic,       ///< an atomic operation: never part of a data race
  NoEffect,     ///< known library call without effect on shared memory
  ThreadCreate, ///< starts a thread running a callable argument
                ///< (`pthread_create`, `std::thread(f, a)`); see ThreadModel
  ThreadJoin,   ///< waits for the thread whose handle is Args[HandleArg]
                ///< (`pthread_join(t, 0)`, `t.join()`, `~jthread`)
  ThreadMove,   ///< the thread of handle Args[EntryArg] now has handle
                ///< Args[HandleArg] (`worker_ = std::thread(..)`)
  AssertHeld,   ///< `mu_.AssertHeld()`: Args[LockArg] is held from here on
                ///< (by a caller, if this function did not take it)
  AssertHeldShared, ///< the same, in shared mode (`AssertReaderHeld`)
  ProcessFork,      ///< `fork()`: starts a process, not a thread; on the branch
                    ///< where it returned 0 the code runs in the child, which
                    ///< shares no ordinary memory with the parent
  WaitRelock,       ///< waits with Args[LockArg] released, and takes it again
                    ///< (`pthread_cond_wait(&c, &m)`, `cv.wait(lk)` on a
                    ///< guard): held after as before, but a new hold
  AtomicSection,    ///< the callee's body runs atomically (SV-COMP
                 ///< `__VERIFIER_atomic_*` functions): as if under AtomicLock
  QueueFrontTake,  ///< now the front of the queue Args[0]: its turn is
                   ///< held (summarize/QueueFront.h)
  QueueFrontLeave, ///< left the queue Args[0]: its turn ends
  SpecificSet,     ///< `pthread_setspecific(key, v)`: v is this thread's
                   ///< object for the key Args[0] (summarize/Publication.cpp)
  SpecificGet,     ///< `pthread_getspecific(key)`: the result is this
                   ///< thread's object for the key Args[0]
};

/// How a thread-creating call passes its entry and the entry's data.
enum class ThreadData : uint8_t {
  One,  ///< Args[DataArg] is the entry's only argument (`void *arg`)
  Rest, ///< the arguments after the callable are the entry's arguments
};

/// The pseudo-lock of SV-COMP atomic sections (`__VERIFIER_atomic_begin`),
/// and the CallModel::LockArg that designates it instead of an argument.
constexpr const char *AtomicLockName = "__VERIFIER_atomic";
constexpr unsigned AtomicLockArg = ~0u;

struct CallModel {
  ModelKind Kind = ModelKind::None;
  /// Which actual designates the lock (Lock..TryLockShared).
  unsigned LockArg = 0;
  /// Try-locks: success is a zero result (C APIs: `pthread_mutex_trylock`
  /// returns 0 when it acquired the lock), not a true one. ThreadCreate:
  /// the call returns 0 exactly when the thread started.
  bool ZeroIsSuccess = false;
  /// ThreadCreate/ThreadJoin/ThreadMove: the argument holding the thread's
  /// handle (`&t` for pthread_create, the std::thread object; a move's
  /// destination), or -1 if none.
  int HandleArg = -1;
  /// ThreadCreate: the callable argument (-1: the first callable argument).
  /// ThreadMove: the handle moved from.
  int EntryArg = -1;
  ThreadData Data = ThreadData::Rest;
  /// ThreadData::One: the argument passed to the entry.
  unsigned DataArg = 0;
  /// ThreadCreate: the handle is an element of the container Args[HandleArg]
  /// (`std::vector<std::thread>::emplace_back(f)`).
  bool HandleIsElement = false;
  /// Lock/Unlock of a counting primitive (a semaphore) taken as a mutex:
  /// right only if it admits one thread at a time; an assumption.
  bool Counting = false;
  /// Lock/Unlock called without the lock argument: the name of the one
  /// program-wide pseudo-lock it takes instead (null: the lock is unknown).
  const char *LockWithoutArg = nullptr;
  /// The callee's body (if seen) runs atomically, under AtomicLockName, and
  /// its accesses count besides the model's lock effect (SV-COMP's
  /// `__VERIFIER_atomic_acquire`: `assume(m == 0); m = 1;`).
  bool AtomicBody = false;
  /// ThreadCreate: a pool or queue runs the callable, possibly on several
  /// threads at once: it runs concurrently with its other submissions too
  /// (a started thread's ThreadSpawn::Multi), not only with its submitter.
  bool Pool = false;
  /// ContainerRead of a holder's operator() (`std::function`): besides
  /// reading the holder, the call runs a callable racecar does not see, so
  /// it is an unseen call as well (its assumption stays).
  bool RunsHeldCallable = false;
};

/// The model for a callee, by its qualified name without template arguments
/// or inline namespaces (see ir::CallInfo::CalleeName).
CallModel lookupCallModel(llvm::StringRef CalleeName);

/// A project's own concurrency primitives (from its .racecar.yaml), by
/// qualified name as racecar prints them. A lock function's lock is its
/// first argument: the object for a method (`SpinLock::lock`), the pointee
/// of the first parameter for a C function (`my_lock(&m)`).
struct UserModels {
  std::vector<std::string> Lock, Unlock, TryLock, LockShared;
  /// RAII guard classes: the constructor acquires its other arguments, the
  /// destructor releases them (`rocksdb::InstrumentedMutexLock`).
  std::vector<std::string> Guards;
  /// Functions that start a thread: `Entry` is the index of the argument
  /// that is the function to run, `Arg` the one passed to it (-1: the
  /// arguments after Entry, as std::thread). No handle: nothing joins it.
  struct ThreadStart {
    std::string Function;
    int Entry = 0;
    int Arg = -1;
    /// A pool or queue that may run several of its jobs at once
    /// (CallModel::Pool): `MyExecutor::Submit(fn, arg)`.
    bool Pool = false;
  };
  std::vector<ThreadStart> ThreadStarts;
  /// Event-loop functions (summarize/EventLoopModels.h).
  std::vector<UserEventLoop> EventLoops;
};
/// Makes \p M part of every later lookupCallModel, ahead of the built-in
/// tables. Not thread-safe: call before any analysis.
void setUserModels(const UserModels &M);
/// A stable description of the user models: part of cache keys, since they
/// change the analysis.
std::string userModelsKey();

/// For a callee whose body is not in the program (another library, a TU
/// left out of the scan): a project's own lock type, recognized by its
/// name (a class whose name says it is a mutex or lock, with a
/// lock/unlock-like method: `port::Mutex::Lock`, `InstrumentedMutex::Unlock`,
/// `SpinLock::lock`, `RWMutex::ReadLock`). ModelKind::None if not one.
CallModel lookupConventionalLockModel(llvm::StringRef CalleeName);

/// The model for a call, given also the element type of the container it is
/// called on (ir::CallInfo::ElementType): `emplace_back` on a
/// `std::vector<std::thread>` starts a thread.
CallModel lookupCallModel(llvm::StringRef CalleeName,
                          llvm::StringRef ElementType);

/// What a C library function without a body in the program does to the
/// memory its pointer arguments designate, and whether its result is a new
/// object (CLibraryEffects.cpp). A call of a function with no body, no
/// model and no row here is an assumption (summarize/Assumptions.h).
///
///   lookupExternalEffect("memcpy")  -> {Known, Writes={0}, Reads={1}}
///   lookupExternalEffect("malloc")  -> {Known, ResultFresh}
///   lookupExternalEffect("printf")  -> {Known, Reads=all}
struct ExternalEffect {
  bool Known = false;       ///< the row exists
  bool ResultFresh = false; ///< returns a new object (or no pointer at all)
  uint32_t Reads = 0;       ///< bit k: reads what argument k points to
  uint32_t Writes = 0;      ///< bit k: writes what argument k points to
  /// Reads (or writes) what every argument from this one on points to
  /// (`printf`, `scanf`); 32: none.
  uint8_t ReadsFrom = 32, WritesFrom = 32;

  bool reads(unsigned Arg) const {
    return (Arg < 32 && (Reads >> Arg) & 1) || Arg >= ReadsFrom;
  }
  bool writes(unsigned Arg) const {
    return (Arg < 32 && (Writes >> Arg) & 1) || Arg >= WritesFrom;
  }
};
ExternalEffect lookupExternalEffect(llvm::StringRef CalleeName);
/// A library function (the C++ standard library's) that writes what it is
/// passed only as its row says: without one, no write is assumed of a
/// pointer or reference passed to it (CallInfo::WritableArgs).
bool writesOnlyByRow(llvm::StringRef CalleeName);

/// Guard constructor tags (`std::defer_lock`, ...), by argument type name.
/// An owning smart pointer of namespace std, by its unqualified class name
/// (`unique_ptr`, `shared_ptr` and the libstdc++ bases that define their
/// operator-> and operator*): the frontend lowers `p->f`, `*p` and
/// `p.get()->f` on one like a raw pointer, `p Deref Field(f)`.
bool isStdSmartPointer(llvm::StringRef ClassName);
/// \p QualifiedClass (`std::atomic`, `std::atomic_flag`) is an atomic
/// object: every access to it is atomic, so a write assumed of a call it is
/// passed to (CallInfo::WritableArgs) races with nothing.
bool isAtomicClassName(llvm::StringRef QualifiedClass);
/// \p QualifiedClass (`std::vector`, `std::map`) is a container whose
/// elements a range-for or an iterator reaches: a modelled container
/// (ClassRole::Container), or `std::array`, which has elements but no
/// method that writes the container itself.
bool hasContainerElements(llvm::StringRef QualifiedClass);
/// \p Method of a container returns an iterator to one of its elements
/// (`find`, `begin`, `lower_bound`, `erase`): a local it initializes
/// designates that container's element.
bool returnsContainerPosition(llvm::StringRef Method);
/// \p QualifiedClass (`std::function`, `absl::AnyInvocable`) holds a
/// callable of any type and runs it from its operator(): a call that hands
/// one made from a lambda hands over the lambda (the frontend's
/// CallableArg), and a thread started with one a function was passed runs
/// whatever its callers pass (ThreadSpawn binding at the call).
bool isCallableWrapperClass(llvm::StringRef QualifiedClass);
/// \p CalleeName is such a class's operator() (`std::function::operator()`).
bool isCallableWrapperCall(llvm::StringRef CalleeName);
/// \p QualifiedName binds a callable's first arguments (`std::bind`,
/// `std::bind_front`): the result calls it with those, then its own.
bool isBindFunction(llvm::StringRef QualifiedName);
/// \p QualifiedMethod ("std::__shared_ptr::get") is a std smart pointer's.
bool isSmartPointerMethod(llvm::StringRef QualifiedMethod);
/// \p QualifiedMethod is a method of a std class that holds one value in
/// place (`std::optional::emplace`, `std::function::operator bool`): like a
/// smart pointer's, its accesses are to the holder, which is no container.
bool isValueHolderMethod(llvm::StringRef QualifiedMethod);
/// \p QualifiedMethod hands out the value a holder keeps in its own memory
/// (`std::optional::operator->`, `operator*`, `value`): the frontend names
/// what it designates as the holder itself (`peer_->port` is
/// `this->peer_.port`).
bool isHeldValueAccessor(llvm::StringRef QualifiedMethod);

/// A function or method of the C++ standard library (`std::`, libstdc++'s
/// `__gnu_cxx::`), by qualified name.
bool isStandardLibraryName(llvm::StringRef QualifiedName);
/// \p QualifiedMethod copies a whole std container or smart pointer from
/// its argument: a constructor (`std::vector::vector`) or an assignment
/// (`std::basic_string::operator=`). Such a read reads every element.
bool isContainerCopyMethod(llvm::StringRef QualifiedMethod);
/// \p QualifiedMethod gives access to one element of a std sequence
/// (`std::vector::operator[]`, `std::deque::at`, `std::list::front`): the
/// frontend records the element's access as the path's `[]` besides the
/// call's read.
bool isElementAccessorMethod(llvm::StringRef QualifiedMethod);

/// \p CalleeName ends the process or the thread in order, not as a crash
/// (`exit`, `_exit`, `quick_exit`, `pthread_exit`, `thrd_exit`): a block
/// ending in it is no crash path (CallSite::CrashPath).
bool endsInOrder(llvm::StringRef CalleeName);

/// A lock object's type, by its typedef or qualified class name
/// (`pthread_mutex_t`, `std::mutex`): the frontend names an element of an
/// array of them by its constant index (`&locks[3]`), so that the analysis
/// tells `locks[3]` and `locks[4]` apart as two locks.
bool isLockTypeName(llvm::StringRef TypeName);

enum class GuardTag : uint8_t { None, Defer, TryToLock, Adopt };
GuardTag lookupGuardTag(llvm::StringRef ArgTypeName);

} // namespace racer

#endif
