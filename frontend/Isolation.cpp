//===- Isolation.cpp - Crash, stack-overflow and time isolation of a TU ---===//
//
// Each TU runs on a fresh thread with a StackBytes stack (address space,
// committed only as used) so that deep but legitimate recursion (an
// expression of tens of thousands of terms, deeply nested parentheses)
// succeeds, and inside a CrashRecoveryContext so that a crash fails the TU.
// A stack overflow is a SIGSEGV on the guard page; its handler cannot run on
// the exhausted stack, so the thread gets an alternate signal stack and the
// recovery handlers are re-registered with SA_ONSTACK.
//
// Time limit: Clang has no cancellation point, and unwinding a thread from
// outside (a signal + longjmp) could leave a malloc lock held. So a TU past
// its limit is abandoned: the caller stops waiting and reports it, the
// thread keeps running at the lowest priority with state it owns (shared),
// and the process ends with std::_Exit once the rest of the scan is written
// (analysisWasInterrupted). Memory: a TU holding more than its limit through
// operator new is unwound like a crash (MemoryGuard.h). A crashed TU taints
// the process the same way:
// Clang's objects on its stack (a registered llvm::Timer, ...) were never
// destroyed, so static destructors at exit would touch freed memory.
//===----------------------------------------------------------------------===//
#include "frontend/Isolation.h"
#include "frontend/MemoryGuard.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>

#include <dlfcn.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace racer::frontend {

namespace {

/// jemalloc (driver/CMakeLists.txt links it into racecar-analyzer) gives
/// each new thread the least used of its arenas (four per core): the TU
/// threads, one per TU, would spread over all of them and each start on
/// memory no thread had warmed (leveldb 1.87 -> 2.25 s, memcached 0.76 ->
/// 0.98 s). A TU thread allocates from the arena of the worker that starts
/// it instead. jemalloc's `mallctl` is looked up at run time: with another
/// malloc there is none, and nothing is done.
using MallctlFn = int (*)(const char *, void *, size_t *, void *, size_t);
MallctlFn mallctlFn() {
  static const MallctlFn F =
      reinterpret_cast<MallctlFn>(dlsym(RTLD_DEFAULT, "mallctl"));
  return F;
}
/// The calling thread's arena, or -1 without jemalloc.
int64_t currentArena() {
  unsigned A = 0;
  size_t N = sizeof A;
  if (MallctlFn F = mallctlFn())
    if (F("thread.arena", &A, &N, nullptr, 0) == 0)
      return A;
  return -1;
}
void useArena(int64_t Arena) {
  if (Arena < 0)
    return;
  unsigned A = static_cast<unsigned>(Arena);
  if (MallctlFn F = mallctlFn())
    F("thread.arena", nullptr, nullptr, &A, sizeof A);
}

/// The alternate stack the crash handler runs on after a stack overflow.
constexpr size_t AltStackBytes = 256u << 10;

std::atomic<bool> Interrupted{false};

void enableCrashRecovery() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    llvm::CrashRecoveryContext::Enable();
    // Let the recovery handlers run on the alternate stack (they do not ask
    // for it): without it, a stack overflow kills the process.
    for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP}) {
      struct sigaction A;
      if (sigaction(Sig, nullptr, &A) == 0 && A.sa_handler != SIG_DFL &&
          A.sa_handler != SIG_IGN) {
        A.sa_flags |= SA_ONSTACK;
        sigaction(Sig, &A, nullptr);
      }
    }
  });
}

/// An alternate signal stack for the current thread, for its lifetime.
class AltStack {
public:
  AltStack() : Mem(static_cast<char *>(std::malloc(AltStackBytes))) {
    if (!Mem)
      return;
    stack_t S{};
    S.ss_sp = Mem;
    S.ss_size = AltStackBytes;
    Installed = sigaltstack(&S, &Old) == 0;
  }
  ~AltStack() {
    if (Installed) {
      stack_t Off{};
      Off.ss_flags = SS_DISABLE;
      sigaltstack(&Off, nullptr);
    }
    std::free(Mem);
  }

private:
  char *Mem;
  stack_t Old{};
  bool Installed = false;
};

/// What the TU thread and its caller share; owned by both, so an abandoned
/// thread never touches freed memory.
struct TUTask {
  TUJob Job;
  FrontendOptions Opts;
  TUResult Result;
  std::mutex M;
  std::condition_variable Done;
  bool Finished = false;
  bool Crashed = false;
  bool MemoryLimitHit = false;
  uint64_t MemoryLimit = 0;
  std::atomic<long> Tid{0};
  int64_t Arena = -1; ///< the starting thread's (currentArena)
};

void runTask(const std::shared_ptr<TUTask> &T) {
  useArena(T->Arena);
  T->Tid = static_cast<long>(syscall(SYS_gettid));
  AltStack Alt;
  // On the heap, and leaked after a crash: a crash or the memory limit may
  // have stopped it in the middle of an update, so it is never destroyed.
  auto *RP = new TUResult;
  TUResult &R = *RP;
  llvm::CrashRecoveryContext CRC;
  guardThreadMemory(T->MemoryLimit);
  bool Completed = CRC.RunSafely([&] {
    try {
      analyzeTUUnguarded(T->Job, T->Opts, R);
    } catch (const std::exception &E) {
      R = TUResult();
      R.Failure = TUFailure::Errors;
      R.Diagnostics = std::string("error: racecar frontend: ") + E.what() + "\n";
    } catch (...) {
      R = TUResult();
      R.Failure = TUFailure::Errors;
      R.Diagnostics = "error: racecar frontend: unknown exception\n";
    }
  });
  bool LimitHit = threadMemoryLimitHit();
  unguardThreadMemory();
  std::lock_guard<std::mutex> G(T->M);
  T->MemoryLimitHit = LimitHit;
  if (Completed) {
    T->Result = std::move(R);
    delete RP;
  }
  T->Crashed = !Completed;
  T->Finished = true;
  T->Done.notify_all();
}

void *threadMain(void *Arg) {
  std::unique_ptr<std::shared_ptr<TUTask>> T(
      static_cast<std::shared_ptr<TUTask> *>(Arg));
  runTask(*T);
  return nullptr;
}

/// A thread running \p T with a \p StackMiB stack; if the system refuses
/// that much address space (strict overcommit, a ulimit -v), smaller stacks
/// are tried down to 8 MiB rather than failing the scan.
std::optional<pthread_t> startThread(unsigned StackMiB,
                                     const std::shared_ptr<TUTask> &T) {
  for (unsigned MiB = StackMiB;; MiB = std::max(8u, MiB / 4)) {
    pthread_attr_t Attr;
    if (pthread_attr_init(&Attr) != 0)
      return std::nullopt;
    pthread_attr_setstacksize(&Attr, size_t(MiB) << 20);
    auto *Arg = new std::shared_ptr<TUTask>(T);
    pthread_t Thread;
    int Err = pthread_create(&Thread, &Attr, threadMain, Arg);
    pthread_attr_destroy(&Attr);
    if (Err == 0)
      return Thread;
    delete Arg;
    if (MiB <= 8)
      return std::nullopt;
  }
}

} // namespace

bool analysisWasInterrupted() { return Interrupted.load(); }

TUResult analyzeTU(const TUJob &Job, const FrontendOptions &Opts) {
  if (!Job.InputError.empty()) {
    TUResult R;
    R.Failure = TUFailure::Errors;
    R.Diagnostics = "error: " + Job.InputError + "\n";
    return R;
  }
  enableCrashRecovery();
  auto T = std::make_shared<TUTask>();
  T->Job = Job;
  T->Opts = Opts;
  T->MemoryLimit = Opts.MemoryLimitMiB
                       ? uint64_t(Opts.MemoryLimitMiB) << 20
                       : defaultMemoryLimit();
  // The default (FrontendOptions::StackMiB) is enough for any source Clang
  // itself accepts with its default limits, and more.
  unsigned StackMiB = std::clamp(Opts.StackMiB, 1u, 4095u);
  T->Arena = currentArena();
  std::optional<pthread_t> Worker = startThread(StackMiB, T);
  if (!Worker) {
    TUResult R;
    R.Failure = TUFailure::Errors;
    R.Diagnostics = "error: cannot start a thread to analyse '" + Job.File +
                    "'\n";
    return R;
  }

  std::unique_lock<std::mutex> L(T->M);
  bool Finished = true;
  if (Opts.TimeoutSeconds == 0)
    T->Done.wait(L, [&] { return T->Finished; });
  else
    Finished = T->Done.wait_for(L, std::chrono::seconds(Opts.TimeoutSeconds),
                                [&] { return T->Finished; });
  if (!Finished) {
    L.unlock();
    Interrupted = true;
    // Abandoned: it runs on, out of the way of the rest of the scan.
    if (long Tid = T->Tid.load())
      setpriority(PRIO_PROCESS, static_cast<id_t>(Tid), 19);
    pthread_detach(*Worker);
    TUResult R;
    R.Failure = TUFailure::TimedOut;
    R.Diagnostics = "error: gave up on '" + Job.File + "' after " +
                    std::to_string(Opts.TimeoutSeconds) +
                    " s (--tu-timeout)\n";
    return R;
  }
  L.unlock();
  pthread_join(*Worker, nullptr);
  if (T->Crashed && T->MemoryLimitHit) {
    Interrupted = true;
    TUResult R;
    R.Failure = TUFailure::MemoryLimit;
    R.Diagnostics = "error: gave up on '" + Job.File + "': it needed more than " +
                    std::to_string(T->MemoryLimit >> 20) +
                    " MiB (--tu-memory-limit)\n";
    return R;
  }
  if (T->Crashed) {
    Interrupted = true;
    TUResult R;
    R.Failure = TUFailure::Crashed;
    R.Diagnostics = "error: racecar frontend crashed while analyzing '" +
                    Job.File + "' (a Clang crash or a stack overflow)\n";
    return R;
  }
  return std::move(T->Result);
}

} // namespace racer::frontend
