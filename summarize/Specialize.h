//===- Specialize.h - Copies of functions for the constants passed -*- C++ -*-===//
//
// Why: summaries are context-independent, so a function whose effect is
// chosen by an argument is summarized as the merge of every choice:
//
//   void pause_threads(enum pause_type type) {
//     switch (type) {
//     case PAUSE_ALL:  pthread_mutex_lock(&worker_hang_lock); break;
//     case RESUME_ALL: pthread_mutex_unlock(&worker_hang_lock); break;
//     }
//   }
//   pause_threads(PAUSE_ALL); assoc_expand(); pause_threads(RESUME_ALL);
//
// merged, the lock is neither surely taken nor surely released, and
// `assoc_expand()` runs unprotected in the summary of its caller. After the
// link, each call that passes a constant for a formal the callee branches on
// (ir::CallInfo::ScalarArgs, ir::Block::CondFormal) is pointed at a copy of
// the callee in which the branches that constant rules out are gone
// (`pause_threads` for type == PAUSE_ALL only locks). A copy passes the
// constants on to the formals it hands to its own callees, so a wrapper
// around such a function is specialized through. A function passed for a
// formal that reaches a thread-creating call as its entry is a constant too:
//
//   static void create_worker(void *(*func)(void *), void *arg) {
//     pthread_create(&thread, &attr, func, arg);   // entry unknown here
//   }
//   create_worker(worker_libevent, &threads[i]);   // a copy starts
//                                                  // worker_libevent
//
// The copy keeps the
// original's name (traces and reports read the same) and is never an entry
// point of its own (ir::Function::Specialized).
//
// The pruning is exact: the frontend marks only formals the body never
// stores to, so the constant is the formal's value on every path.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_SPECIALIZE_H
#define RACER_SUMMARIZE_SPECIALIZE_H

#include "summarize/ir/IR.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <vector>

namespace racer {

struct SpecializeStats {
  uint32_t Copies = 0;          ///< specialized copies added
  uint32_t CallsRedirected = 0; ///< calls pointed at a copy
  uint32_t OverBudget = 0;      ///< calls left on the original (limits)
};

/// At most this many copies of one function, and in all.
inline constexpr uint32_t MaxCopiesPerFunction = 16;
inline constexpr uint32_t MaxCopies = 20000;

/// Adds the specialized copies to \p Functions (at the end) and points the
/// calls at them. \p Changed receives the indexes of the functions whose body
/// changed (callers) and of the copies. Packed bodies stay packed.
SpecializeStats specializeConstantCalls(std::vector<ir::Function> &Functions,
                                        std::vector<uint32_t> *Changed);

/// The symbol of the function \p CopySymbol is a specialized copy of
/// ("f#specialized(0=2)" -> "f"), or \p CopySymbol itself.
llvm::StringRef originalSymbol(llvm::StringRef CopySymbol);

/// A formal fixed at a call: to an integer (an enum, a null pointer), or
/// to a function (`create_worker(worker_libevent, ..)`).
struct FormalBinding {
  uint32_t Formal = 0;
  int64_t Value = 0;     ///< the integer, unless Function
  ir::Symbol Function;   ///< the function's symbol, or empty
  ir::Symbol FunctionName;

  friend bool operator<(const FormalBinding &A, const FormalBinding &B) {
    return A.Formal < B.Formal;
  }
};

/// \p F (with its body) for formals fixed at a call. Edges a constant rules
/// out are removed (and the blocks no path reaches then); calls that pass a
/// fixed formal on pass its constant, or name its function as a callable
/// argument (a thread-creating call then starts that function).
void specializeBody(ir::Function &F, const std::vector<FormalBinding> &Fixed);

} // namespace racer

#endif
