//===- IRPrinter.h - Stable text dump of racecar's IR ----------*- C++ -*-===//
//
// Why: golden tests of the frontend and `racecar dump-ir` need a readable,
// deterministic rendering of the IR. The format is line-oriented:
//
//   module /src/counter.cpp
//   file 0 /src/counter.cpp
//   class Counter guarded @0:1:8
//   function Counter::inc kind=method access=public class=Counter @0:4:8
//     symbol c:@S@Counter@F@inc#
//     formals this
//     locals 0:g
//     bb0 -> bb1
//     bb1 -> bb2
//       0: call std::lock_guard::lock_guard(&g:std::lock_guard, &this->mu_:std::mutex) ctor @0:4:40 [c:@N@std@...]
//       1: read this->n_ @0:4:55
//       2: write this->n_ @0:4:55
//       3: call std::lock_guard::~lock_guard(&g:std::lock_guard) dtor @0:4:60 [...]
//     bb2
//
// Paths print C-like with unqualified field names: Deref+Field is `->f`, a
// lone Deref is a prefix `*`, Index is `[]`. An Object operand prints as the
// pointer value designating it: Object(p Deref) is `p`, Object(this->m_) is
// `&this->m_`; Fresh is `fresh`, Unknown is `?`.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_IR_IRPRINTER_H
#define RACER_SUMMARIZE_IR_IRPRINTER_H

#include "summarize/ir/IR.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace racer::ir {

/// `this->items_[].count`, `*p`, `(*p)[]`, `g_config.level`.
std::string printPath(const AccessPath &P);
/// `&this->mu_`, `p` (for Object(p Deref)), `fresh`, `?`.
std::string printOperand(const Operand &O);
/// `acquire(this->mu_)`, `acquire_shared(*m)`, `release(*this)`, `try_acquire(...)`.
std::string printEffect(const DeclaredLockEffect &E);
/// One instruction without index or trailing newline. With \p F, locals
/// (Bind, ResultLocal) print by spelling, else as `local<id>`.
std::string printInstr(const Instr &I, const Function *F = nullptr);

void printFunction(const Function &F, llvm::raw_ostream &OS);
void printModule(const Module &M, llvm::raw_ostream &OS);

} // namespace racer::ir

#endif
