//===- ModeFacts.h - What a path knows of the program's mode globals -*- C++ -*-===//
//
// Why: servers pick a thread's role, or a phase, with a global compared with
// constants, and code of one role runs only in that mode:
//
//   void *IOThreadMain(void *) {            // redis's IO threads
//     if (io_threads_op == IO_THREADS_OP_READ) readQueryFromClient(c);
//   }
//   void processInputBuffer(client *c) {    // reached from both
//     if (io_threads_op != IO_THREADS_OP_IDLE) { ...; break; }
//     processCommand(c);                    // io_threads_op == IDLE here
//   }
//
// The IO thread reaches processCommand only through both tests: READ and
// IDLE at once, which no value of io_threads_op passes unless it changes in
// between. And `if (server.io_threads_num == 1) listAddNodeTail(..)` on one
// side against the other side's `else { lock(..); listAddNodeTail(..) }`:
// the two never run in one process if the setting does not change.
//
// A branch on a global scalar against a constant (ir::Block::CondGlobal)
// adds the edge's test to the path's facts (AbstractState::Modes); a write
// of the global (here or in a callee) ends its facts; a join keeps the facts
// both sides have. Each access records its facts among its locks, as
// HeldLocks with a Mode (they protect nothing), and a caller adds its own to
// a callee's. Two sides whose facts, or one side whose own facts, exclude
// each other are low (LowModeExclusive), never dropped: racecar does not
// know that the global keeps its value (a mode flipped at run time makes
// both paths real; the flip itself races, and is reported on its own).
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_MODEFACTS_H
#define RACER_SUMMARIZE_MODEFACTS_H

#include "summarize/Summary.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <vector>

namespace racer {

/// At most this many facts per path (and per access): more cost memory and
/// tell little; a fact left out only keeps a finding high.
inline constexpr size_t MaxModeFacts = 4;

/// The fact that \p Global passed \p Test, if the test has one constant that
/// fits (Eq, Ne, AnyBit, NoBit, Lt, Ge); else none.
std::optional<HeldLock> modeFact(const ir::AccessPath &Global,
                                 const ir::FormalTest &Test);

/// No value passes both tests (of one global).
bool modesExclude(const HeldLock &A, const HeldLock &B);

/// Adds \p Facts to \p Locks (sorted, unique), up to MaxModeFacts facts.
void addModeFacts(std::vector<HeldLock> &Locks, llvm::ArrayRef<HeldLock> Facts);

/// Removes from \p Locks the mode facts \p Other does not have (two paths
/// to one access know what both know).
void keepCommonModes(std::vector<HeldLock> &Locks,
                     const std::vector<HeldLock> &Other);
/// Every mode fact of \p Some is one of \p All's.
bool modesWithin(const std::vector<HeldLock> &Some,
                 const std::vector<HeldLock> &All);

/// The global two facts of \p A and \p B (or two of \p A's own, or of \p
/// B's) exclude each other on, or null: the two accesses run only if it
/// changes value in between (LowModeExclusive).
const HeldLock *exclusiveMode(const AccessSnapshot &A, const AccessSnapshot &B);

/// \p Test as C reads it, for messages: "== 1", "!= 0", "& 4".
std::string modeTestText(const HeldLock &Fact);

} // namespace racer

#endif
