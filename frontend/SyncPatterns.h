//===- SyncPatterns.h - Synchronization written by hand -------*- C++ -*-===//
//
// Why: Dekker's and Peterson's algorithms, ticket, MCS and CLH locks,
// lock-free stacks: programs that order their threads with plain or atomic
// variables instead of a mutex. The analysis does not model what such code
// orders, so a race between threads that run it is only possible, not
// certain (summarize/Confidence.h, LowHandRolledSync). This finds the
// shapes in a function body:
//
//   while (turn != 0) {}                   // busy-wait on shared memory
//   for (;;) { if (flag) break; pause(); } // the same, exit in the body
//   do { old = top; ... } while (!CAS(&top, old, n)); // compare-and-swap
//
// A loop counts as a busy-wait when its condition reads memory others can
// see, its body writes none of it with plain stores, calls only waiting,
// pausing or atomic functions, and the condition does not depend on a
// local the loop itself counts with (`for (i = 0; i < n; i++)` is not one).
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_SYNCPATTERNS_H
#define RACER_FRONTEND_SYNCPATTERNS_H

#include "frontend/SpinLocks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <string>
#include <vector>

namespace racer::frontend::lowering {

/// Calls \p F on \p S and every statement below it, not entering lambdas
/// and blocks (other functions' bodies).
void forEachDescendant(const clang::Stmt *S,
                       const std::function<void(const clang::Stmt *)> &F);

/// \p D is memory threads share: a global or static variable, not
/// thread-local, not const.
bool isSharedVar(const clang::ValueDecl *D);

/// The condition, body and increment of a while, do or for loop.
struct LoopParts {
  bool IsLoop = false;
  const clang::Expr *Cond = nullptr; ///< null: `for (;;)`
  const clang::Stmt *Body = nullptr;
  const clang::Stmt *Inc = nullptr;  ///< for loops only
};
LoopParts loopParts(const clang::Stmt *S);

/// The first loop of \p Body (lambda bodies excluded) that busy-waits or
/// retries a compare-and-swap, or null. \p Ctx evaluates constant loop
/// conditions (`while (1)`).
const clang::Stmt *findHandRolledSync(const clang::Stmt *Body,
                                      const clang::ASTContext *Ctx);

/// The name of \p CE's direct callee (its identifier), or "".
std::string calleeName(const clang::CallExpr *CE);

/// \p V is written in \p S: assigned, incremented, or its address taken.
bool writtenIn(const clang::Stmt *S, const clang::VarDecl *V);

/// \p Body updates shared memory by an atomic read-modify-write (exchange,
/// compare-and-swap, fetch-and-add): with a busy-wait, what a lock's
/// acquire does (`pred = xchg(&l->tail, me); .. await(&me->locked == 0)`;
/// a ticket lock's `t = fetch_inc(&l->next)`; a test-and-test-and-set
/// loop), unlike a reader's retry (a seqlock read, a flag wait).
bool updatesAtomically(const clang::Stmt *Body);

/// \p Body only passes its parameters on to another function
/// (`return vatomic32_await_eq(a, v);`): a wrapper that adds no call depth
/// between a lock's acquire and its wait.
bool onlyForwards(const clang::Stmt *Body);

/// The first loop of \p Body that waits on a condition variable for a flag
/// in shared memory (`while (!ready) pthread_cond_wait(&c, &m);`), or null.
const clang::Stmt *findConditionWait(const clang::Stmt *Body);

/// The first wait in \p Body that only another thread's signal ends: for
/// a std::future's result (`f.get()`, `f.wait()`), or on a semaphore or
/// latch the body does not post itself (a hand-off: `sem_wait(&ready)`,
/// `ready.acquire()`, `latch.wait()`), or null.
const clang::Stmt *findSignalledWait(const clang::Stmt *Body);

/// The last call in \p Body (its own text: not in a lambda) that signals
/// a condition variable (`pthread_cond_signal`, `notify_one`, ..), or null.
const clang::CallExpr *lastSignal(const clang::Stmt *Body,
                                  const clang::SourceManager &SM);

/// The body of \p FD, a function other than the one being lowered, where
/// looking into it gives every scan the same IR: a body in the main file,
/// or one the parser never skips (a template's instantiation, a lambda's,
/// a constexpr function's). A non-template body in a project header may be
/// another TU's to lower (BodyClaims.h): whether this TU parsed it depends
/// on which TU got there first, and with shards on none. Null otherwise.
const clang::Stmt *helperBody(const clang::FunctionDecl *FD);

/// \p Body (or a function it calls whose body is in this TU) signals a
/// condition variable (`pthread_cond_signal`, `cnd_broadcast`,
/// `cv.notify_all()`): its thread may hand a turn to another thread that
/// waits, which is how two threads running the same waiting function are
/// ordered (a turn passed around); a worker that only waits orders nothing
/// between its instances.
bool signalsCondition(const clang::Stmt *Body);

/// After the wait loop \p Wait, before the mutex is let go, \p Body writes
/// memory that is not its own (`while (!open) wait(..); leader = !claimed;
/// claimed = 1; unlock(..)`): one waiter claims a turn others then see, so
/// threads of the same function may be ordered.
bool claimsAfterWait(const clang::Stmt *Body, const clang::Stmt *Wait);

/// The first wait at a barrier in \p Body that no loop repeats
/// (`pthread_barrier_wait(&b)`, `std::barrier::arrive_and_wait()`,
/// `std::latch::arrive_and_wait()`), or null: what the thread does before
/// it happens before what the other parties do after theirs.
const clang::CallExpr *findBarrierWait(const clang::Stmt *Body);

/// A once-only initialization in \p Body: a branch taken while a shared
/// flag has one constant value that sets the flag to another
/// (`if (!inited) { init(); inited = 1; }`, `switch (state) { case 0:
/// init(); state = 1; ...`). \p First is where the branch starts, \p Last
/// the assignment to the flag; both null if there is none.
struct OnceInitRegion {
  const clang::Stmt *First = nullptr;
  const clang::Stmt *Last = nullptr;
};
OnceInitRegion findOnceInit(const clang::Stmt *Body,
                            const clang::ASTContext &Ctx);

/// The first `if` of \p Body whose condition reads a shared global
/// variable (`if (busy == 0) { block = 0; }`): the variable, the then-branch
/// and where the whole statement ends (else-branch included). Whether the
/// flag orders anything depends on who writes it (ThreadRaces: flag-guarded).
struct FlagGuardRegion {
  const clang::VarDecl *Flag = nullptr;
  const clang::Stmt *First = nullptr;
  clang::SourceLocation End;
};
FlagGuardRegion findFlagGuard(const clang::Stmt *Body);

/// Publication through an atomic flag: a thread writes data, then stores
/// a flag with release order (or stronger); another loads the flag with
/// acquire order (or stronger) and uses the data only once it is set:
///
///   g_table_max = mx;                                  // published
///   atomic_store_explicit(&g_ready, 1, memory_order_release);
///   ...
///   if (atomic_load_explicit(&g_ready, memory_order_acquire))
///   use(g_table_max); while (!ready_.load(std::memory_order_acquire)) {}
///   use(table_);
///
/// AcquireRegion: where \p Body uses what a flag's acquire load found set:
/// after a loop on the load (Loop: `while (!f.load(acquire)) pause();`,
/// or a worker's `while (!stop.load(acquire)) { .. }`, whose exit saw it
/// set), in the then-branch of an `if` on it, or after an `if (!load) {
/// ..; return; }`: the lines after Begin's, up to End's (none: to the
/// body's end).
/// LastOwner: the then-branch of a test that an acquire-and-release
/// decrement of a count left it at zero (`if (__atomic_sub_fetch(&o->refs,
/// 1, __ATOMIC_ACQ_REL) == 0) free_buf(o);`): it runs after every other
/// owner's drop of the count (a publication, lastFlagPublish), and once.
struct AcquireRegion {
  const clang::ValueDecl *Flag = nullptr;
  clang::SourceLocation Begin, End;
  const clang::Stmt *Loop = nullptr;
  bool LastOwner = false;
};
AcquireRegion findAcquireRegion(const clang::Stmt *Body,
                                const clang::ASTContext &Ctx);
/// The last store of a shared flag with release order or stronger in
/// \p Body (`flag.store(true)`, `__atomic_store_n(&f, 1, __ATOMIC_RELEASE)`,
/// `atomic_store(&f, 1)`, `f = 1` on an `_Atomic` or std::atomic flag):
/// or an acquire-and-release decrement of a count (a reference's drop), or
/// a call of a function of the TU that does one (`buf_unref(b)`): the
/// statement and the flag or count; null if none. Other read-modify-writes
/// (counters going up) are not publications.
struct FlagPublish {
  const clang::ValueDecl *Flag = nullptr;
  const clang::Stmt *At = nullptr;
};
FlagPublish lastFlagPublish(const clang::Stmt *Body,
                            const clang::ASTContext &Ctx);

/// A wait until the thread's own entry is the front of a queue, the start
/// of its turn in a hand-off (summarize/QueueFront.h): a loop that only
/// waits while its entry is not the front (`while (!w.done && &w !=
/// q.front()) w.cv.Wait();`: Loop), or a wait whose predicate says it is
/// (`cv.wait(lk, [&] { return q.front() == &w; })`: Wait). Queue is `q`.
struct QueueFrontWait {
  const clang::Stmt *Loop = nullptr;
  const clang::CallExpr *Wait = nullptr;
  const clang::Expr *Queue = nullptr;
};
/// The queue-front waits of \p Body (lambda bodies excluded).
std::vector<QueueFrontWait> findQueueFrontWaits(const clang::Stmt *Body);
/// The queue \p CE takes its front off (`q.pop_front()`, `q.pop()`), or
/// null.
const clang::Expr *queuePopped(const clang::CallExpr *CE);

/// The loops around the calls of a function body (collectEnclosingLoops).
struct EnclosingLoops {
  /// Per call with an array element in its arguments (`t[i]`, `&t[i]`,
  /// `t + i`): the loop statements around it (for, while, do, range-for),
  /// innermost first.
  llvm::DenseMap<const clang::CallExpr *,
                 llvm::SmallVector<const clang::Stmt *, 2>>
      Around;
  bool HasGoto = false; ///< the body jumps: a loop may repeat by goto
};
/// If an argument of \p CE is indexed by the counter of an enclosing
/// counted loop (`pthread_join(t[i], 0)` inside `for (i = 0; i < n; i++)`),
/// the loop's range normalized as "FROM OP BOUND STEP" ("0 < n +1"), with
/// spaces removed inside FROM and BOUND; else "". Loops with equal ranges
/// visit the same indices, whatever the counter is called.
/// \p Loops: the loops around each call (collectEnclosingLoops).
std::string loopRangeOf(const clang::CallExpr *CE, const EnclosingLoops &Loops,
                        clang::ASTContext &Ctx);
/// The loops around each call of \p Body with an array element in its
/// arguments, innermost first (lambda bodies excluded).
void collectEnclosingLoops(const clang::Stmt *Body, EnclosingLoops &Out);
/// Bit k: ir::CallInfo::Args[k] of \p CE (for a method call, Args[0] is its
/// object, so an explicit argument j is bit j + 1) is the address of an element
/// indexed by the counter of the one loop around the call (`&slots[i]`,
/// `slots + i` in `for (i = 0; i < n; i++)`), a counted loop whose body
/// writes neither the counter nor the array variable: a different element
/// in each iteration. Functions with a goto get 0 (a jump may repeat it).
uint32_t distinctElementArgs(const clang::CallExpr *CE,
                             const EnclosingLoops &Loops,
                             clang::ASTContext &Ctx);

} // namespace racer::frontend::lowering

#endif
