//===- CLibraryEffects.cpp - What C library calls do to memory -------------===//
//
// Why: a program's calls of the C library have no body in the scan. What
// matters about them for races is which of the memory they are passed they
// read or write (`memset(&g, 0, n)` writes g; `scanf("%d", &g)` writes g),
// and whether a pointer they return is a new object (`malloc`) or memory
// somebody else may see (`strchr(s, c)` points into s). A function with a
// row here is modelled; any other body-less function that is passed shared
// memory, or returns a pointer, is an assumption the verdict reports.
//
// Plain data: to model a function, add a row.
//===----------------------------------------------------------------------===//
#include "summarize/LibraryModels.h"

#include "llvm/ADT/StringMap.h"

namespace racer {
namespace {

constexpr uint8_t None = 32;

struct EffectRow {
  const char *Name;
  bool ResultFresh; ///< the result is new, or not a pointer
  uint32_t Reads, Writes;
  uint8_t ReadsFrom = None, WritesFrom = None;
};

constexpr uint32_t A0 = 1, A1 = 2, A2 = 4, A3 = 8;

const EffectRow Rows[] = {
    // Allocation: the result is a new object.
    {"malloc", true, 0, 0},
    {"calloc", true, 0, 0},
    {"realloc", true, A0, A0},
    {"reallocarray", true, A0, A0},
    {"aligned_alloc", true, 0, 0},
    {"memalign", true, 0, 0},
    {"valloc", true, 0, 0},
    {"alloca", true, 0, 0},
    {"__builtin_alloca", true, 0, 0},
    {"strdup", true, A0, 0},
    {"strndup", true, A0, 0},
    {"free", true, 0, 0},
    {"posix_memalign", true, 0, A0},
    // Memory and strings.
    {"memset", false, 0, A0},
    {"memcpy", false, A1, A0},
    {"memmove", false, A1, A0},
    {"memcmp", true, A0 | A1, 0},
    {"bzero", true, 0, A0},
    {"strcpy", false, A1, A0},
    {"strncpy", false, A1, A0},
    {"strcat", false, A0 | A1, A0},
    {"strncat", false, A0 | A1, A0},
    {"strlen", true, A0, 0},
    {"strnlen", true, A0, 0},
    {"strcmp", true, A0 | A1, 0},
    {"strncmp", true, A0 | A1, 0},
    {"atoi", true, A0, 0},
    {"atol", true, A0, 0},
    {"strtol", true, A0, A1},
    {"strtoul", true, A0, A1},
    // Output: reads what it prints.
    {"printf", true, 0, 0, 0},
    {"fprintf", true, 0, 0, 1},
    {"dprintf", true, 0, 0, 1},
    {"puts", true, A0, 0},
    {"fputs", true, A0, 0},
    {"putchar", true, 0, 0},
    {"putc", true, 0, 0},
    {"fputc", true, 0, 0},
    {"perror", true, A0, 0},
    {"fflush", true, 0, 0},
    {"write", true, A1, 0},
    {"fwrite", true, A0, 0},
    {"sprintf", true, 0, A0, 1},
    {"snprintf", true, 0, A0, 2},
    // Input: writes what it reads into.
    {"scanf", true, A0, 0, None, 1},
    {"sscanf", true, A0 | A1, 0, None, 2},
    {"fscanf", true, A1, 0, None, 2},
    {"fgets", false, 0, A0},
    {"read", true, 0, A1},
    {"fread", true, 0, A0},
    {"getchar", true, 0, 0},
    {"fopen", true, A0 | A1, 0},
    {"fclose", true, 0, 0},
    {"open", true, A0, 0},
    {"close", true, 0, 0},
    // C++ standard functions with their bodies in system headers (not
    // lowered) that write what their reference arguments name.
    {"std::swap", true, A0 | A1, A0 | A1},
    {"std::exchange", false, A0, A0},
    {"std::getline", false, 0, A1},
    // Process, time, randomness: nothing the program can name.
    {"exit", true, 0, 0},
    {"_exit", true, 0, 0},
    {"abort", true, 0, 0},
    {"__assert_fail", true, 0, 0},
    {"__assert", true, 0, 0},
    {"assert", true, 0, 0},
    {"sleep", true, 0, 0},
    {"usleep", true, 0, 0},
    {"nanosleep", true, A0, A1},
    {"rand", true, 0, 0},
    {"srand", true, 0, 0},
    {"random", true, 0, 0},
    {"rand_r", true, A0, A0},
    {"time", true, 0, A0},
    {"clock", true, 0, 0},
    {"getpid", true, 0, 0},
    {"sched_yield", true, 0, 0},
    {"pthread_yield", true, 0, 0},
    {"abs", true, 0, 0},
    // Thread library calls that are neither locks nor thread starts/joins
    // (those are in LibraryModels.cpp): their objects are the library's.
    {"pthread_self", true, 0, 0},
    {"pthread_exit", true, 0, 0},
    {"pthread_detach", true, 0, 0},
    {"pthread_equal", true, 0, 0},
    {"pthread_cancel", true, 0, 0},
    {"pthread_mutex_init", true, 0, 0},
    {"pthread_mutex_destroy", true, 0, 0},
    {"pthread_mutexattr_init", true, 0, 0},
    {"pthread_mutexattr_settype", true, 0, 0},
    {"pthread_mutexattr_destroy", true, 0, 0},
    {"pthread_rwlock_init", true, 0, 0},
    {"pthread_rwlock_destroy", true, 0, 0},
    {"pthread_spin_init", true, 0, 0},
    {"pthread_spin_destroy", true, 0, 0},
    {"pthread_cond_init", true, 0, 0},
    {"pthread_cond_destroy", true, 0, 0},
    {"pthread_cond_signal", true, 0, 0},
    {"pthread_cond_broadcast", true, 0, 0},
    {"pthread_attr_init", true, 0, 0},
    {"pthread_attr_destroy", true, 0, 0},
    {"pthread_attr_setdetachstate", true, 0, 0},
    {"pthread_attr_setstacksize", true, 0, 0},
    {"pthread_barrier_init", true, 0, 0},
    {"pthread_barrier_destroy", true, 0, 0},
    {"pthread_barrier_wait", true, 0, 0},
    {"pthread_key_create", true, 0, 0},
    {"pthread_key_delete", true, 0, 0},
    {"sem_init", true, 0, 0},
    {"sem_destroy", true, 0, 0},
    {"sem_getvalue", true, 0, A1},
    {"mtx_init", true, 0, 0},
    {"mtx_destroy", true, 0, 0},
    {"cnd_init", true, 0, 0},
    {"cnd_signal", true, 0, 0},
    {"cnd_broadcast", true, 0, 0},
    {"cnd_destroy", true, 0, 0},
    {"thrd_exit", true, 0, 0},
    {"thrd_yield", true, 0, 0},
    {"thrd_current", true, 0, 0},
    {"thrd_detach", true, 0, 0},
    // SV-COMP's environment.
    {"__VERIFIER_assume", true, 0, 0},
    {"__VERIFIER_error", true, 0, 0},
    {"reach_error", true, 0, 0},
    {"assume_abort_if_not", true, 0, 0},
};

/// Families by prefix: SV-COMP's nondeterministic values.
const char *const NoEffectPrefixes[] = {"__VERIFIER_nondet_", "__builtin_"};

/// Libraries whose functions write what they are passed only as their rows
/// say: the C++ standard library takes non-const references it does not
/// write (`std::begin(a_)`, `std::ref(x_)`, `std::tie(a_, b_)`); the ones
/// that write (`std::swap`) have rows.
const char *const WritesOnlyByRowPrefixes[] = {"std::", "__gnu_cxx::"};

} // namespace

ExternalEffect lookupExternalEffect(llvm::StringRef CalleeName) {
  static const llvm::StringMap<const EffectRow *> Index = [] {
    llvm::StringMap<const EffectRow *> M;
    for (const EffectRow &R : Rows)
      M[R.Name] = &R;
    return M;
  }();
  ExternalEffect E;
  auto It = Index.find(CalleeName);
  if (It != Index.end()) {
    const EffectRow &R = *It->second;
    E.Known = true;
    E.ResultFresh = R.ResultFresh;
    E.Reads = R.Reads;
    E.Writes = R.Writes;
    E.ReadsFrom = R.ReadsFrom;
    E.WritesFrom = R.WritesFrom;
    return E;
  }
  for (const char *P : NoEffectPrefixes)
    if (CalleeName.starts_with(P)) {
      E.Known = true;
      // `__VERIFIER_nondet_pointer()` is any pointer: not a fresh object.
      E.ResultFresh = !CalleeName.ends_with("pointer");
      return E;
    }
  return E;
}

bool writesOnlyByRow(llvm::StringRef CalleeName) {
  for (const char *P : WritesOnlyByRowPrefixes)
    if (CalleeName.starts_with(P))
      return true;
  return false;
}

} // namespace racer
