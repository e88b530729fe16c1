//===- SpinLocks.h - Spinlocks written by hand ------------------*- C++ -*-===//
//
// Why: C systems code takes locks with an atomic read-modify-write retried in
// a loop, not a mutex. The loop's exit holds the lock; a store of zero lets
// it go. The lowering turns each such operation into a reserved call in the
// lock table (summarize/LibraryModels.h: a try-lock retried, its release),
// and the busy-wait finder (SyncPatterns.h) takes the loop as a lock's
// acquire, not a hand-rolled protocol.
//
//   while (__sync_lock_test_and_set(&l, 1)) ;            // TestAndSet
//   while (!__sync_bool_compare_and_swap(&l, 0, 1)) ;    // CompareAndSet
//   int e = 0;                                           // CompareAndSet:
//   while (!atomic_compare_exchange_weak(&l, &e, 1))     //  `e` only ever
//     e = 0;                                             //  set to zero
//   __sync_lock_release(&l);  atomic_store(&l, 0);       // Clear
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_SPINLOCKS_H
#define RACER_FRONTEND_SPINLOCKS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace racer::frontend::lowering {

/// What \p E does to a spinlock: acquires it with a test-and-set
/// (`__sync_lock_test_and_set(p, v)`, `__atomic_test_and_set(p, o)`, an
/// atomic exchange of a non-zero constant, `f.test_and_set()` on a
/// `std::atomic_flag`, `__sync_val_compare_and_swap(p, 0, v)`: zero is
/// success) or a compare-and-swap of zero for a non-zero constant (true is
/// success: `__sync_bool_compare_and_swap(p, 0, v)`, and C11's or GCC's
/// compare-exchange whose expected value is a local only ever set to zero),
/// releases it (`__sync_lock_release(p)`, `__atomic_clear(p, o)`, an atomic
/// store of zero), or neither. A compare-and-swap of a value it read (a
/// lock-free push) is no lock. A relaxed acquire orders nothing and is no
/// acquire (taking it for one would hide the races it does not prevent); a
/// release of any order is one (it only ends a protection). A loop
/// retrying an acquire of any order (\p AnyOrder) is no wait.
enum class SpinLockOp { None, TestAndSet, CompareAndSet, Clear };

/// \p X is an integer constant, non-zero or zero as \p NonZero says.
bool isIntConstant(const clang::Expr *X, const clang::ASTContext &Ctx,
                   bool NonZero);
SpinLockOp spinLockOp(const clang::Expr *E, const clang::ASTContext &Ctx,
                      bool AnyOrder = false);

} // namespace racer::frontend::lowering

#endif
