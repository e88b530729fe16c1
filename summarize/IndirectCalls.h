//===- IndirectCalls.h - Calls through function pointers in fields, globals -*- C++ -*-===//
//
// Why: a server runs much of its code through function pointers kept in
// its data: a background job (`job->fn = release_object; enqueue(job);`
// and, on the worker thread, `job->fn(job->arg)`), a command table
// (`c->cmd->proc(c)`), a hook set at startup. Such a call names no
// function, so without this its callees' accesses are lost and the call is
// only an `unresolved-call` assumption.
//
// Field-based and flow-insensitive, after the link: a call through a slot
// (a field of any object of a struct, or a global; ir::isIndirectCallee)
// may call any function stored into that slot anywhere in the program
// (ir::Module::FunctionPointerStores): a function named in an assignment or
// an initializer, whatever a function's callers pass for the formal stored
// into the slot (`bio_create_job(lazyfree_free, ..)`), whatever another
// slot copied into it holds. Each slot called with a known function gets a
// dispatcher, a function with that slot's symbol whose body branches to one
// call of each such function, passing its formals on:
//
//   indirect:field:bio_job::fn(a0):  { release_object(a0) | close_file(a0) }
//
// so the summaries, the traces and the thread check need nothing new. (A
// slot that only ever holds one function needs none: its calls, and the
// threads started with it, call that function directly.) A
// slot that may also hold something not known (a value that is no function,
// a formal some caller passes an unknown value for) keeps a branch with an
// unresolved call: its assumption stays. A slot with no function stored
// gets no dispatcher: its calls stay unresolved.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_INDIRECTCALLS_H
#define RACER_SUMMARIZE_INDIRECTCALLS_H

#include "summarize/ir/IR.h"

#include <cstdint>
#include <string>
#include <vector>

namespace racer {

struct IndirectCallStats {
  uint32_t SlotsCalled = 0; ///< slots some call goes through
  uint32_t Direct = 0;      ///< of those, slots holding one known function
                            ///< only: their calls call it directly
  uint32_t Dispatchers = 0; ///< slots holding more: a dispatcher each
  uint32_t Targets = 0;     ///< functions the dispatchers call, in all
  uint32_t Partial = 0;     ///< dispatchers that may also call the unknown
  uint32_t TooMany = 0;     ///< slots left unresolved: MaxDispatchTargets
};

/// A slot holding more functions than this gets no dispatcher: its calls
/// stay unresolved (an assumption). A table of hundreds of handlers makes
/// each call through it the union of all of them: on redis, its command
/// table (254 functions) and Lua's two builtin tables (167, 211) kept the
/// scan at 1.31 GB against 0.81 GB without them, for the same reports.
inline constexpr uint32_t MaxDispatchTargets = 64;

/// A slot that structs' initializers fill (three stores in four at least,
/// none from a parameter), with at least this many functions, is a slot of
/// callback tables (`dictType`'s `valDestructor`,
/// one per kind of dictionary; fio's `ioengine_ops`): a call through it
/// runs the function of the table its object was made with, which the
/// field-based resolution does not know. A race reached only through such
/// a call is possible, not certain (LowTableDispatch).
inline constexpr uint32_t MinTableTargets = 4;

/// Points the calls through each slot holding one known function at it,
/// and adds a dispatcher (at the end of \p Functions) for each slot holding
/// more. \p Stores: the program's ir::Module::FunctionPointerStores,
/// sorted. \p Changed receives the indexes of the dispatchers and of the
/// functions whose calls changed, sorted. \p TableSlots receives the
/// names (what traces call them) of the dispatchers of slots of callback
/// tables (MinTableTargets).
///
/// A lambda a slot's calls run (a task queued for a thread pool:
/// `pool.Submit([] { .. })` storing its std::function into `tasks_`, which
/// the pool's threads call) runs there only: its call where it is made
/// goes. A call of one queued once (by one call in a `main`, in no loop of
/// it) is marked ir::CallInfo::RunsTask: the task runs once, on whichever
/// pool thread takes it, so its accesses do not race with themselves.
IndirectCallStats resolveIndirectCalls(
    std::vector<ir::Function> &Functions,
    const std::vector<std::string> &Stores, std::vector<uint32_t> *Changed,
    std::vector<std::string> *TableSlots = nullptr);

} // namespace racer

#endif
