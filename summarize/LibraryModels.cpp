//===- LibraryModels.cpp - Tables of library behaviour --------------------===//
//
// Each table is plain data. To model a new library type, add a row.
//===----------------------------------------------------------------------===//
#include "summarize/LibraryModels.h"
#include "summarize/QueueFront.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <optional>

namespace racer {
namespace {

struct FunctionRow {
  const char *Name;
  ModelKind Kind;
  unsigned LockArg;
  bool ZeroIsSuccess = false;
  bool Counting = false; ///< CallModel::Counting
  const char *LockWithoutArg = nullptr; ///< CallModel::LockWithoutArg
  bool AtomicBody = false;              ///< CallModel::AtomicBody
};

/// Thread APIs: who starts a thread, with which entry and data, and who
/// waits for it.
struct ThreadRow {
  const char *Name;
  ModelKind Kind; ///< ThreadCreate, ThreadJoin or ThreadMove
  int HandleArg;
  int EntryArg;
  ThreadData Data;
  unsigned DataArg;
  /// ThreadCreate: returns 0 exactly when the thread started.
  bool ZeroIsSuccess = false;
  /// ThreadCreate: CallModel::Pool.
  bool Pool = false;
};

const ThreadRow ThreadTable[] = {
    // int pthread_create(pthread_t *t, attr, void *(*entry)(void *), void *arg)
    {"pthread_create", ModelKind::ThreadCreate, 0, 2, ThreadData::One, 3, true},
    // int thrd_create(thrd_t *t, int (*entry)(void *), void *arg): 0 is
    // thrd_success.
    {"thrd_create", ModelKind::ThreadCreate, 0, 1, ThreadData::One, 2, true},
    // std::thread t(f, args...): Args[0] is the thread object.
    {"std::thread::thread", ModelKind::ThreadCreate, 0, 1, ThreadData::Rest, 0},
    {"std::jthread::jthread", ModelKind::ThreadCreate, 0, 1, ThreadData::Rest, 0},
    // std::async([policy,] f, args...): the first callable argument.
    {"std::async", ModelKind::ThreadCreate, -1, -1, ThreadData::Rest, 0},
    // libuv: uv_thread_create(uv_thread_t *tid, void (*entry)(void *), arg);
    // uv_queue_work(loop, uv_work_t *req, work_cb, after_cb): work_cb(req)
    // runs on the loop's thread pool.
    {"uv_thread_create", ModelKind::ThreadCreate, 0, 1, ThreadData::One, 2, true},
    {"uv_queue_work", ModelKind::ThreadCreate, -1, 2, ThreadData::One, 1, true,
     /*Pool=*/true},
    // GLib: g_thread_new(name, GThreadFunc func, gpointer data).
    {"g_thread_new", ModelKind::ThreadCreate, -1, 1, ThreadData::One, 2},
    {"g_thread_try_new", ModelKind::ThreadCreate, -1, 1, ThreadData::One, 2},
    // boost::asio::post(executor, handler): the handler runs on a thread
    // that runs the executor's context.
    {"boost::asio::post", ModelKind::ThreadCreate, -1, -1, ThreadData::Rest, 0,
     false, /*Pool=*/true},
    // leveldb's Env::Schedule(void (*fn)(void *), void *arg): fn(arg) runs
    // on the Env's background pool. (rocksdb's is not modelled yet: its
    // jobs' own stack and heap objects, named alike in every instance of a
    // job, look shared between instances; README, Limits.)
    {"leveldb::Env::Schedule", ModelKind::ThreadCreate, -1, 1, ThreadData::One, 2,
     false, /*Pool=*/true},
    // leveldb's and rocksdb's Env::StartThread(void (*fn)(void *), void *arg):
    // a new thread runs fn(arg) (nothing joins it).
    {"leveldb::Env::StartThread", ModelKind::ThreadCreate, -1, 1, ThreadData::One,
     2},
    {"rocksdb::Env::StartThread", ModelKind::ThreadCreate, -1, 1, ThreadData::One,
     2},
    {"pthread_join", ModelKind::ThreadJoin, 0, -1, ThreadData::Rest, 0},
    {"uv_thread_join", ModelKind::ThreadJoin, 0, -1, ThreadData::Rest, 0},
    {"thrd_join", ModelKind::ThreadJoin, 0, -1, ThreadData::Rest, 0},
    {"std::thread::join", ModelKind::ThreadJoin, 0, -1, ThreadData::Rest, 0},
    {"std::jthread::join", ModelKind::ThreadJoin, 0, -1, ThreadData::Rest, 0},
    {"std::jthread::~jthread", ModelKind::ThreadJoin, 0, -1, ThreadData::Rest, 0},
    // `worker_ = std::thread(..)`, `t = std::move(u)`: the thread moves to
    // the destination handle (a join through it joins that thread).
    {"std::thread::operator=", ModelKind::ThreadMove, 0, 1, ThreadData::Rest, 0},
    {"std::jthread::operator=", ModelKind::ThreadMove, 0, 1, ThreadData::Rest, 0},
    // A future's result is ready only once its task finished; its handle is
    // not tracked (-1): it joins threads whose handle is not known either.
    {"std::future::get", ModelKind::ThreadJoin, -1, -1, ThreadData::Rest, 0},
    {"std::future::wait", ModelKind::ThreadJoin, -1, -1, ThreadData::Rest, 0},
    {"std::shared_future::get", ModelKind::ThreadJoin, -1, -1, ThreadData::Rest, 0},
    {"std::shared_future::wait", ModelKind::ThreadJoin, -1, -1, ThreadData::Rest, 0},
};

/// Containers of threads: these members construct a thread in place from
/// their arguments (`threads.emplace_back(worker, i)`).
const char *const ThreadElementTypes[] = {"std::thread", "std::jthread"};
const char *const EmplacingMembers[] = {"emplace_back", "emplace_front",
                                        "emplace"};

/// Functions whose name starts with a prefix (SV-COMP conventions).
struct PrefixRow {
  const char *Prefix;
  ModelKind Kind;
};
const PrefixRow PrefixTable[] = {
    {"__VERIFIER_atomic_", ModelKind::AtomicSection},
};

/// C lock APIs: the lock is the pointee of the first argument.
const FunctionRow FunctionTable[] = {
    {"pthread_mutex_lock", ModelKind::Lock, 0},
    {"pthread_mutex_unlock", ModelKind::Unlock, 0},
    {"pthread_mutex_trylock", ModelKind::TryLock, 0, true},
    {"pthread_mutex_timedlock", ModelKind::TryLock, 0, true},
    {"pthread_rwlock_rdlock", ModelKind::LockShared, 0},
    {"pthread_rwlock_wrlock", ModelKind::Lock, 0},
    {"pthread_rwlock_unlock", ModelKind::Unlock, 0},
    {"pthread_rwlock_tryrdlock", ModelKind::TryLockShared, 0, true},
    {"pthread_rwlock_trywrlock", ModelKind::TryLock, 0, true},
    {"pthread_spin_lock", ModelKind::Lock, 0},
    {"pthread_spin_unlock", ModelKind::Unlock, 0},
    {"pthread_spin_trylock", ModelKind::TryLock, 0, true},
    // A semaphore used as a mutex (initialized to 1): wait acquires, post
    // releases. A counting semaphore may admit several threads at once, so
    // this is an assumption (Counting).
    {"sem_wait", ModelKind::Lock, 0, false, true},
    {"sem_trywait", ModelKind::TryLock, 0, true, true},
    {"sem_timedwait", ModelKind::TryLock, 0, true, true},
    {"sem_post", ModelKind::Unlock, 0, false, true},
    // Test-and-set spinlocks, as the frontend lowers them.
    {SpinTestAndSetName, ModelKind::TryLock, 0, true},
    {SpinCompareAndSetName, ModelKind::TryLock, 0, false},
    {SpinClearName, ModelKind::Unlock, 0},
    {"std::atomic_flag::test_and_set", ModelKind::TryLock, 0, true},
    {"std::atomic_flag::clear", ModelKind::Unlock, 0},
    {"mtx_lock", ModelKind::Lock, 0},
    {"mtx_unlock", ModelKind::Unlock, 0},
    {"mtx_trylock", ModelKind::TryLock, 0, true},
    {"mtx_timedlock", ModelKind::TryLock, 0, true},
    {"std::lock", ModelKind::LockAllArgs, 0},
    {"std::call_once", ModelKind::CallOnce, 0},
    {"pthread_once", ModelKind::CallOnce, 0},
    {"call_once", ModelKind::CallOnce, 0}, // C11 <threads.h>
    // The frontend's lowering of a wait for the front of a queue and of
    // leaving it (summarize/QueueFront.h); reserved names.
    {QueueFrontTakeName, ModelKind::QueueFrontTake, 0},
    {QueueFrontLeaveName, ModelKind::QueueFrontLeave, 0},
    // A thread's own object for a key, which it may also link into a
    // structure other threads walk (summarize/Publication.cpp).
    {"pthread_setspecific", ModelKind::SpecificSet, 0},
    {"pthread_getspecific", ModelKind::SpecificGet, 0},
    {"tss_set", ModelKind::SpecificSet, 0},
    {"tss_get", ModelKind::SpecificGet, 0},
    // The frontend's lowering of a store into a thread-local pointer.
    {ThreadLocalSetName, ModelKind::SpecificSet, 0},
    // Waiting releases and re-acquires the mutex: held after as before.
    {"pthread_cond_wait", ModelKind::WaitRelock, 1},
    {"pthread_cond_timedwait", ModelKind::WaitRelock, 1},
    {"pthread_cond_clockwait", ModelKind::WaitRelock, 1},
    {"cnd_wait", ModelKind::WaitRelock, 1},
    {"cnd_timedwait", ModelKind::WaitRelock, 1},
    {"std::condition_variable::wait", ModelKind::WaitRelock, 1},
    {"std::condition_variable::wait_for", ModelKind::WaitRelock, 1},
    {"std::condition_variable::wait_until", ModelKind::WaitRelock, 1},
    {"std::condition_variable_any::wait", ModelKind::WaitRelock, 1},
    {"std::condition_variable_any::wait_for", ModelKind::WaitRelock, 1},
    {"std::condition_variable_any::wait_until", ModelKind::WaitRelock, 1},
    {"std::atomic_load", ModelKind::Atomic, 0},
    {"std::atomic_store", ModelKind::Atomic, 0},
    {"std::atomic_exchange", ModelKind::Atomic, 0},
    {"std::atomic_fetch_add", ModelKind::Atomic, 0},
    {"std::atomic_fetch_sub", ModelKind::Atomic, 0},
    // SV-COMP atomic sections: one global pseudo-lock (AtomicLockName).
    // SV-COMP's `__VERIFIER_atomic_acquire(&m)` (`assume(m == 0); m = 1;`
    // in an atomic section) and `__VERIFIER_atomic_release(&m)`: a lock on m.
    // Called without an argument (`void __VERIFIER_atomic_acquire() {
    // assume(m == 0); m = 1; }`), the pair locks one program-wide mutex.
    // Their bodies run atomically, and their accesses of m count.
    {"__VERIFIER_atomic_acquire", ModelKind::Lock, 0, false, false,
     "__VERIFIER_atomic_acquire()", true},
    {"__VERIFIER_atomic_release", ModelKind::Unlock, 0, false, false,
     "__VERIFIER_atomic_acquire()", true},
    {"__VERIFIER_atomic_begin", ModelKind::Lock, AtomicLockArg},
    {"__VERIFIER_atomic_end", ModelKind::Unlock, AtomicLockArg},
    {"std::thread::detach", ModelKind::NoEffect, 0},
    // Processes: the child is the branch where the result is 0. (vfork's
    // child borrows the parent's memory, but the parent is suspended until
    // the child calls exec or _exit: nothing runs concurrently either.)
    {"fork", ModelKind::ProcessFork, 0, true},
    {"vfork", ModelKind::ProcessFork, 0, true},
};

enum class ClassRole : uint8_t {
  Mutex,
  Semaphore,
  Guard,
  SharedGuard,
  Container,
  SmartPointer,
  ValueHolder,
  Atomic
};

struct ClassRow {
  const char *Name;
  ClassRole Role;
};

const ClassRow ClassTable[] = {
    // Mutexes (methods: lock/unlock/try_lock*, *_shared).
    {"std::mutex", ClassRole::Mutex},
    {"std::recursive_mutex", ClassRole::Mutex},
    {"std::timed_mutex", ClassRole::Mutex},
    {"std::recursive_timed_mutex", ClassRole::Mutex},
    {"std::shared_mutex", ClassRole::Mutex},
    {"std::shared_timed_mutex", ClassRole::Mutex},
    {"std::__mutex_base", ClassRole::Mutex},
    {"std::__recursive_mutex_base", ClassRole::Mutex},
    // Semaphores (`std::binary_semaphore` is `counting_semaphore<1>`): a
    // mutex when one admits one thread at a time, like sem_wait/sem_post
    // (the Counting assumption); a wait on one the function never releases
    // is a hand-off (frontend/SyncPatterns.cpp).
    {"std::counting_semaphore", ClassRole::Semaphore},
    // RAII guards.
    {"std::lock_guard", ClassRole::Guard},
    {"std::unique_lock", ClassRole::Guard},
    {"std::scoped_lock", ClassRole::Guard},
    {"std::shared_lock", ClassRole::SharedGuard},
    // Containers: methods in ContainerWrites write, all others read.
    {"std::vector", ClassRole::Container},
    {"std::deque", ClassRole::Container},
    {"std::list", ClassRole::Container},
    {"std::forward_list", ClassRole::Container},
    {"std::map", ClassRole::Container},
    {"std::multimap", ClassRole::Container},
    {"std::set", ClassRole::Container},
    {"std::multiset", ClassRole::Container},
    {"std::unordered_map", ClassRole::Container},
    {"std::unordered_multimap", ClassRole::Container},
    {"std::unordered_set", ClassRole::Container},
    {"std::unordered_multiset", ClassRole::Container},
    {"std::basic_string", ClassRole::Container},
    {"std::queue", ClassRole::Container},
    {"std::stack", ClassRole::Container},
    {"std::priority_queue", ClassRole::Container},
    // Smart pointers: the pointer object itself is read by its observers
    // (`if (!sink_)`, `sink_->Write()`, `sink_.get()`) and written by
    // SmartPointerWrites (`sink_ = s`, `sink_.reset()`); what it points to
    // is another object (PathBuilder's smartPointerObject).
    {"std::shared_ptr", ClassRole::SmartPointer},
    {"std::__shared_ptr", ClassRole::SmartPointer},
    {"std::__shared_ptr_access", ClassRole::SmartPointer},
    {"std::unique_ptr", ClassRole::SmartPointer},
    {"std::weak_ptr", ClassRole::SmartPointer},
    {"std::__weak_ptr", ClassRole::SmartPointer},
    // Holders of one value in place (a callback, an optional setting):
    // written by ValueHolderWrites (`on_close_ = f`, `peer_.reset()`,
    // `last_.emplace(..)`), read by every other member (`if (on_close_)`,
    // `peer_->port`, `last_.value()`); the value is the holder's own memory
    // (PathBuilder's heldValueObject).
    {"std::function", ClassRole::ValueHolder},
    {"std::move_only_function", ClassRole::ValueHolder},
    {"std::copyable_function", ClassRole::ValueHolder},
    {"std::optional", ClassRole::ValueHolder},
    {"std::_Optional_base", ClassRole::ValueHolder},
    {"std::variant", ClassRole::ValueHolder},
    {"std::any", ClassRole::ValueHolder},
    // Atomics: every member is atomic.
    {"std::atomic", ClassRole::Atomic},
    {"std::atomic_ref", ClassRole::Atomic},
    {"std::atomic_flag", ClassRole::Atomic},
    {"std::__atomic_base", ClassRole::Atomic},
    {"std::__atomic_float", ClassRole::Atomic},
    {"std::__atomic_ref", ClassRole::Atomic},
    {"std::__atomic_flag_base", ClassRole::Atomic},
};

struct MethodRow {
  const char *Name;
  ModelKind Kind;
};

const MethodRow MutexMethods[] = {
    {"lock", ModelKind::Lock},
    {"unlock", ModelKind::Unlock},
    {"try_lock", ModelKind::TryLock},
    {"try_lock_for", ModelKind::TryLock},
    {"try_lock_until", ModelKind::TryLock},
    {"lock_shared", ModelKind::LockShared},
    {"unlock_shared", ModelKind::Unlock},
    {"try_lock_shared", ModelKind::TryLockShared},
    {"try_lock_shared_for", ModelKind::TryLockShared},
    {"try_lock_shared_until", ModelKind::TryLockShared},
};

const MethodRow SemaphoreMethods[] = {
    {"acquire", ModelKind::Lock},
    {"try_acquire", ModelKind::TryLock},
    {"try_acquire_for", ModelKind::TryLock},
    {"try_acquire_until", ModelKind::TryLock},
    {"release", ModelKind::Unlock},
};

const MethodRow GuardMethods[] = {
    {"lock", ModelKind::GuardLock},
    {"unlock", ModelKind::GuardUnlock},
    {"try_lock", ModelKind::GuardTryLock},
    {"try_lock_for", ModelKind::GuardTryLock},
    {"try_lock_until", ModelKind::GuardTryLock},
    {"owns_lock", ModelKind::GuardOwnsLock},
    {"operator bool", ModelKind::GuardOwnsLock},
    {"release", ModelKind::GuardRelease},
};

/// Methods that assert their receiver (a lock) is held, in any class: the
/// debug-build checks of project mutex wrappers (rocksdb's and leveldb's
/// `port::Mutex::AssertHeld`, `InstrumentedMutex::AssertHeld`, Abseil's
/// `Mutex::AssertHeld`, Chromium's `Lock::AssertAcquired`). Like
/// ASSERT_EXCLUSIVE_LOCK, whether or not the project annotates them.
const MethodRow AssertHeldMethods[] = {
    {"AssertHeld", ModelKind::AssertHeld},
    {"AssertAcquired", ModelKind::AssertHeld},
    {"assertHeld", ModelKind::AssertHeld},
    {"AssertReaderHeld", ModelKind::AssertHeldShared},
    {"AssertSharedHeld", ModelKind::AssertHeldShared},
};

/// Lock-like methods of project lock types (ConventionalLockClassWords),
/// used only when the method's body is not in the program.
const MethodRow ConventionalLockMethods[] = {
    {"Lock", ModelKind::Lock},
    {"lock", ModelKind::Lock},
    {"Unlock", ModelKind::Unlock},
    {"unlock", ModelKind::Unlock},
    {"TryLock", ModelKind::TryLock},
    {"try_lock", ModelKind::TryLock},
    {"WriteLock", ModelKind::Lock},
    {"WriteUnlock", ModelKind::Unlock},
    {"ReadLock", ModelKind::LockShared},
    {"ReadUnlock", ModelKind::Unlock},
    {"ReaderLock", ModelKind::LockShared},
    {"ReaderUnlock", ModelKind::Unlock},
    {"lock_shared", ModelKind::LockShared},
    {"unlock_shared", ModelKind::Unlock},
};
/// Words (matched case-insensitively in the unqualified class name) that
/// make a class a lock type: `Mutex`, `InstrumentedMutex`, `SpinLock`,
/// `RWMutex`, `CriticalSection`.
const char *const ConventionalLockClassWords[] = {"mutex", "spinlock",
                                                  "rwlock",
                                                  "criticalsection"};

/// std smart pointers (isStdSmartPointer).
const char *const SmartPointerClasses[] = {"unique_ptr", "shared_ptr", "weak_ptr", "__weak_ptr",
                                           "__shared_ptr",
                                           "__shared_ptr_access"};

/// Lock object types (isLockTypeName).
const char *const LockTypes[] = {
    "pthread_mutex_t", "pthread_spinlock_t", "pthread_rwlock_t", "mtx_t",
    "std::mutex", "std::recursive_mutex", "std::timed_mutex",
    "std::recursive_timed_mutex", "std::shared_mutex",
    "std::shared_timed_mutex",
};

/// Container members that modify the container's structure or contents.
const char *const ContainerWrites[] = {
    "operator=", "assign", "clear", "insert", "insert_or_assign", "emplace",
    "emplace_hint", "try_emplace", "erase", "push_back", "emplace_back",
    "pop_back", "push_front", "emplace_front", "pop_front", "push", "pop",
    "resize", "reserve", "shrink_to_fit", "swap", "merge", "extract",
    "rehash", "splice", "splice_after", "remove", "remove_if", "unique",
    "sort", "reverse", "append", "operator+=", "replace", "insert_after",
    "erase_after",
};

/// Smart pointer members that change which object it points to.
const char *const SmartPointerWrites[] = {"operator=", "reset", "swap",
                                          "release"};

/// Value holder members that replace or destroy the value held.
const char *const ValueHolderWrites[] = {"operator=", "reset", "swap",
                                         "emplace"};

/// `operator[]` inserts into associative containers: a write there, a read
/// (of the structure) on sequences.
const char *const InsertingSubscript[] = {"std::map", "std::unordered_map"};

struct Tables {
  llvm::StringMap<CallModel> Functions;
  llvm::StringMap<ClassRole> Classes;
  llvm::StringMap<ModelKind> Mutex, Semaphore, Guard, AssertHeld,
      ConventionalLock;
  llvm::StringMap<bool> Writes, SmartWrites, HolderWrites, Inserting,
      ThreadElements, Emplacing;

  Tables() {
    for (const FunctionRow &R : FunctionTable)
      Functions[R.Name] =
          CallModel{R.Kind,          R.LockArg, R.ZeroIsSuccess, -1, -1,
                    ThreadData::Rest, 0,         false,           R.Counting,
                    R.LockWithoutArg, R.AtomicBody};
    for (const ThreadRow &R : ThreadTable) {
      CallModel M;
      M.Kind = R.Kind;
      M.HandleArg = R.HandleArg;
      M.EntryArg = R.EntryArg;
      M.Data = R.Data;
      M.DataArg = R.DataArg;
      M.ZeroIsSuccess = R.ZeroIsSuccess;
      M.Pool = R.Pool;
      Functions[R.Name] = M;
    }
    for (const char *T : ThreadElementTypes)
      ThreadElements[T] = true;
    for (const char *E : EmplacingMembers)
      Emplacing[E] = true;
    for (const ClassRow &R : ClassTable)
      Classes[R.Name] = R.Role;
    for (const MethodRow &R : MutexMethods)
      Mutex[R.Name] = R.Kind;
    for (const MethodRow &R : SemaphoreMethods)
      Semaphore[R.Name] = R.Kind;
    for (const MethodRow &R : GuardMethods)
      Guard[R.Name] = R.Kind;
    for (const MethodRow &R : AssertHeldMethods)
      AssertHeld[R.Name] = R.Kind;
    for (const MethodRow &R : ConventionalLockMethods)
      ConventionalLock[R.Name] = R.Kind;
    for (const char *W : ContainerWrites)
      Writes[W] = true;
    for (const char *W : SmartPointerWrites)
      SmartWrites[W] = true;
    for (const char *W : ValueHolderWrites)
      HolderWrites[W] = true;
    for (const char *C : InsertingSubscript)
      Inserting[C] = true;
  }
};

const Tables &tables() {
  static const Tables T;
  return T;
}

/// The unqualified class name: "std::lock_guard" -> "lock_guard".
llvm::StringRef lastComponent(llvm::StringRef Qualified) {
  size_t Pos = Qualified.rfind("::");
  return Pos == llvm::StringRef::npos ? Qualified : Qualified.substr(Pos + 2);
}

} // namespace

CallModel lookupCallModel(llvm::StringRef CalleeName,
                          llvm::StringRef ElementType) {
  const Tables &T = tables();
  if (!ElementType.empty() && T.ThreadElements.count(ElementType)) {
    size_t Pos = CalleeName.rfind("::");
    if (Pos != llvm::StringRef::npos &&
        T.Emplacing.count(CalleeName.substr(Pos + 2))) {
      CallModel M;
      M.Kind = ModelKind::ThreadCreate;
      M.HandleArg = 0;
      M.HandleIsElement = true;
      M.EntryArg = -1;
      M.Data = ThreadData::Rest;
      return M;
    }
  }
  return lookupCallModel(CalleeName);
}

namespace {
struct UserTables {
  llvm::StringMap<CallModel> Functions;
  llvm::StringMap<bool> Guards;
  std::string Key;
};
UserTables &userTables() {
  static UserTables U;
  return U;
}
} // namespace

void setUserModels(const UserModels &M) {
  UserTables &U = userTables();
  U = UserTables();
  auto Add = [&](const std::vector<std::string> &Names, ModelKind K,
                 const char *What) {
    for (const std::string &N : Names) {
      CallModel C;
      C.Kind = K;
      U.Functions[N] = C;
      U.Key += std::string(What) + "=" + N + ";";
    }
  };
  Add(M.Lock, ModelKind::Lock, "lock");
  Add(M.Unlock, ModelKind::Unlock, "unlock");
  Add(M.TryLock, ModelKind::TryLock, "try_lock");
  Add(M.LockShared, ModelKind::LockShared, "lock_shared");
  for (const std::string &G : M.Guards) {
    U.Guards[G] = true;
    U.Key += "guard=" + G + ";";
  }
  for (const UserModels::ThreadStart &T : M.ThreadStarts) {
    CallModel C;
    C.Kind = ModelKind::ThreadCreate;
    C.HandleArg = -1;
    C.EntryArg = T.Entry;
    C.Data = T.Arg >= 0 ? ThreadData::One : ThreadData::Rest;
    C.DataArg = T.Arg >= 0 ? unsigned(T.Arg) : 0;
    C.Pool = T.Pool;
    U.Functions[T.Function] = C;
    U.Key += "thread_start=" + T.Function + "," + std::to_string(T.Entry) +
             "," + std::to_string(T.Arg) + (T.Pool ? ",pool" : "") + ";";
  }
  setUserEventLoops(M.EventLoops);
}

std::string userModelsKey() {
  return userTables().Key + userEventLoopsKey();
}

CallModel lookupCallModel(llvm::StringRef CalleeName) {
  const UserTables &U = userTables();
  if (!U.Functions.empty() || !U.Guards.empty()) {
    auto F = U.Functions.find(CalleeName);
    if (F != U.Functions.end())
      return F->second;
    size_t Pos = CalleeName.rfind("::");
    if (Pos != llvm::StringRef::npos &&
        U.Guards.count(CalleeName.substr(0, Pos))) {
      llvm::StringRef Class = CalleeName.substr(0, Pos);
      llvm::StringRef Method = CalleeName.substr(Pos + 2);
      if (Method == lastComponent(Class))
        return {ModelKind::GuardConstruct, 0};
      if (Method.starts_with("~"))
        return {ModelKind::GuardDestroy, 0};
      auto G = tables().Guard.find(Method);
      return {G == tables().Guard.end() ? ModelKind::NoEffect : G->second, 0};
    }
  }
  const Tables &T = tables();
  auto F = T.Functions.find(CalleeName);
  if (F != T.Functions.end())
    return F->second;
  for (const PrefixRow &R : PrefixTable)
    if (CalleeName.starts_with(R.Prefix))
      return {R.Kind, 0};

  size_t Pos = CalleeName.rfind("::");
  if (Pos == llvm::StringRef::npos)
    return {};
  llvm::StringRef Class = CalleeName.substr(0, Pos);
  llvm::StringRef Method = CalleeName.substr(Pos + 2);
  auto A = T.AssertHeld.find(Method);
  if (A != T.AssertHeld.end())
    return {A->second, 0};
  auto C = T.Classes.find(Class);
  if (C == T.Classes.end())
    return {};

  bool IsCtor = Method == lastComponent(Class);
  bool IsDtor = Method.starts_with("~");
  switch (C->second) {
  case ClassRole::Mutex: {
    auto M = T.Mutex.find(Method);
    return {M == T.Mutex.end() ? ModelKind::NoEffect : M->second, 0};
  }
  case ClassRole::Semaphore: {
    auto M = T.Semaphore.find(Method);
    if (M == T.Semaphore.end())
      return {ModelKind::NoEffect, 0};
    CallModel Sem{M->second, 0};
    Sem.Counting = true;
    return Sem;
  }
  case ClassRole::Guard:
  case ClassRole::SharedGuard: {
    if (IsCtor)
      return {C->second == ClassRole::Guard ? ModelKind::GuardConstruct
                                            : ModelKind::SharedGuardConstruct,
              0};
    if (IsDtor)
      return {ModelKind::GuardDestroy, 0};
    auto M = T.Guard.find(Method);
    return {M == T.Guard.end() ? ModelKind::NoEffect : M->second, 0};
  }
  case ClassRole::Container:
    if (IsCtor)
      return {ModelKind::ContainerConstruct, 0};
    if (IsDtor)
      return {ModelKind::NoEffect, 0};
    if (Method == "operator[]")
      return {T.Inserting.count(Class) ? ModelKind::ContainerWrite
                                       : ModelKind::ContainerRead,
              0};
    return {T.Writes.count(Method) ? ModelKind::ContainerWrite
                                   : ModelKind::ContainerRead,
            0};
  case ClassRole::SmartPointer:
  case ClassRole::ValueHolder: {
    if (IsCtor)
      return {ModelKind::ContainerConstruct, 0};
    if (IsDtor)
      return {ModelKind::NoEffect, 0};
    const bool Holder = C->second == ClassRole::ValueHolder;
    const bool Writes =
        (Holder ? T.HolderWrites : T.SmartWrites).count(Method) != 0;
    CallModel M{Writes ? ModelKind::ContainerWrite : ModelKind::ContainerRead,
                0};
    M.RunsHeldCallable = Holder && Method == "operator()";
    return M;
  }
  case ClassRole::Atomic:
    return {ModelKind::Atomic, 0};
  }
  return {};
}

GuardTag lookupGuardTag(llvm::StringRef ArgTypeName) {
  if (ArgTypeName == "std::defer_lock_t")
    return GuardTag::Defer;
  if (ArgTypeName == "std::try_to_lock_t")
    return GuardTag::TryToLock;
  if (ArgTypeName == "std::adopt_lock_t")
    return GuardTag::Adopt;
  return GuardTag::None;
}

CallModel lookupConventionalLockModel(llvm::StringRef CalleeName) {
  size_t Pos = CalleeName.rfind("::");
  if (Pos == llvm::StringRef::npos)
    return {};
  auto M = tables().ConventionalLock.find(CalleeName.substr(Pos + 2));
  if (M == tables().ConventionalLock.end())
    return {};
  std::string Class = lastComponent(CalleeName.substr(0, Pos)).lower();
  for (const char *W : ConventionalLockClassWords)
    if (llvm::StringRef(Class).contains(W))
      return {M->second, 0};
  return {};
}

bool isLockTypeName(llvm::StringRef TypeName) {
  for (const char *T : LockTypes)
    if (TypeName == T)
      return true;
  return false;
}

/// The role of the std class of \p M ("std::unique_ptr::reset"), if the
/// class is in ClassTable; \p Method gets the method's name.
static std::optional<ClassRole> stdClassRoleOf(llvm::StringRef M,
                                               llvm::StringRef *Method =
                                                   nullptr) {
  size_t Cut = M.rfind("::");
  if (Cut == llvm::StringRef::npos || !M.starts_with("std::"))
    return std::nullopt;
  auto C = tables().Classes.find(M.substr(0, Cut));
  if (C == tables().Classes.end())
    return std::nullopt;
  if (Method)
    *Method = M.substr(Cut + 2);
  return C->second;
}

bool isSmartPointerMethod(llvm::StringRef M) {
  return stdClassRoleOf(M) == ClassRole::SmartPointer;
}

bool isValueHolderMethod(llvm::StringRef M) {
  return stdClassRoleOf(M) == ClassRole::ValueHolder;
}

bool isHeldValueAccessor(llvm::StringRef M) {
  static const llvm::StringSet<> Accessors = {"std::optional::operator->",
                                              "std::optional::operator*",
                                              "std::optional::value"};
  return Accessors.contains(M);
}

bool isStandardLibraryName(llvm::StringRef Name) {
  return Name.starts_with("std::") || Name.starts_with("__gnu_cxx::");
}

bool isContainerCopyMethod(llvm::StringRef M) {
  llvm::StringRef Method;
  std::optional<ClassRole> R = stdClassRoleOf(M, &Method);
  if (R != ClassRole::Container && R != ClassRole::SmartPointer &&
      R != ClassRole::ValueHolder)
    return false;
  llvm::StringRef Class = M.drop_back(Method.size() + 2);
  return Method == "operator=" || Method == lastComponent(Class);
}

bool isElementAccessorMethod(llvm::StringRef M) {
  static const llvm::StringSet<> Accessors = {
      "std::vector::operator[]", "std::vector::at", "std::vector::front",
      "std::vector::back",       "std::deque::operator[]", "std::deque::at",
      "std::deque::front",       "std::deque::back", "std::array::operator[]",
      "std::array::at",          "std::array::front", "std::array::back",
      "std::list::front",        "std::list::back", "std::forward_list::front"};
  return Accessors.contains(M);
}

bool isAtomicClassName(llvm::StringRef QualifiedClass) {
  auto It = tables().Classes.find(QualifiedClass);
  return It != tables().Classes.end() && It->second == ClassRole::Atomic;
}

bool hasContainerElements(llvm::StringRef QualifiedClass) {
  auto It = tables().Classes.find(QualifiedClass);
  return QualifiedClass == "std::array" ||
         (It != tables().Classes.end() && It->second == ClassRole::Container);
}

bool returnsContainerPosition(llvm::StringRef Method) {
  static const llvm::StringSet<> Positions = {
      "find",   "begin", "end",         "cbegin",      "cend",
      "rbegin", "rend",  "lower_bound", "upper_bound", "erase"};
  return Positions.contains(Method);
}

bool endsInOrder(llvm::StringRef CalleeName) {
  static const char *const Exits[] = {
      "exit",      "_exit",          "_Exit",      "quick_exit",
      "std::exit", "std::_Exit",     "std::quick_exit",
      "pthread_exit", "thrd_exit",   "ExitProcess", "ExitThread"};
  for (const char *E : Exits)
    if (CalleeName == E)
      return true;
  return false;
}

/// Type-erased callables: an object that holds a lambda, a functor or a
/// function and runs it from its operator().
static const char *const CallableWrapperClasses[] = {
    "std::function",       "std::move_only_function", "std::copyable_function",
    "std::function_ref",   "absl::AnyInvocable",      "absl::FunctionRef",
    "folly::Function",     "folly::FunctionRef",      "llvm::function_ref",
    "llvm::unique_function", "boost::function"};

bool isCallableWrapperClass(llvm::StringRef QualifiedClass) {
  for (const char *C : CallableWrapperClasses)
    if (QualifiedClass == C)
      return true;
  return false;
}

bool isCallableWrapperCall(llvm::StringRef CalleeName) {
  return CalleeName.consume_back("::operator()") &&
         isCallableWrapperClass(CalleeName);
}

bool isBindFunction(llvm::StringRef QualifiedName) {
  return QualifiedName == "std::bind" || QualifiedName == "std::bind_front" ||
         QualifiedName == "boost::bind" || QualifiedName == "absl::bind_front";
}

bool isStdSmartPointer(llvm::StringRef ClassName) {
  for (const char *C : SmartPointerClasses)
    if (ClassName == C)
      return true;
  return false;
}

} // namespace racer
