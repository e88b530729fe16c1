//===- FunctionPointers.h - Where function pointers are stored and called -===//
//
// Why: real programs call much of their code through function pointers kept
// in a struct field or a global (a background job's `job->fn(job->arg)`, a
// command table's `c->cmd->proc(c)`, a hook set at startup). Such a call
// names no function, so its callee's accesses would be lost. Resolved
// field-based and flow-insensitively (summarize/IndirectCalls.h): a call
// through a slot may call any function stored into that slot anywhere in the
// program. The frontend reports both halves per TU:
//
//   job->fn(job->arg);            call through slot "field:bio_job::fn"
//   job->fn = release_object;     store "field:bio_job::fn\tfn:c:@F@release_object"
//   {"get", getCommand, ..}       store "field:redisCommand::proc\tfn:c:@F@getCommand"
//   job->fn = fn;  (fn a formal)  store "field:bio_job::fn\tformal:c:@F@create_job#0"
//   job->fn = g_default;          store "field:bio_job::fn\tslot:global:c:@g_default"
//   a->fn = lookup(name);         store "field:S::fn\t?" (any function)
//   handlers[i](ev);              call through slot "global:c:@handlers"
//   tasks_.push_back(std::move(t)); store "field:Pool::tasks_\tformal:..#1"
//   task = std::move(tasks_.front()); task();  call through "field:Pool::tasks_"
//     (std::function and the other callable wrappers of LibraryModels, in
//     std containers that are members or globals: a thread pool's queue)
//
// (The formats are ir::Module::FunctionPointerStores'.)
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_FUNCTIONPOINTERS_H
#define RACER_FRONTEND_FUNCTIONPOINTERS_H

#include <string>
#include <vector>

namespace clang {
class BinaryOperator;
class CallExpr;
class Expr;
class InitListExpr;
class VarDecl;
} // namespace clang

namespace racer::frontend {

/// The slot an indirect call loads its callee from ("field:S::f",
/// "global:<usr>"), or "" if it is not a field or global; \p Name receives
/// its name for messages ("S::f", "hook").
std::string functionPointerSlotOf(const clang::CallExpr *CE,
                                  std::string &Name);

/// The slot a function-pointer value is loaded from (`g_tasks[0].fn`
/// passed as a thread's entry), or "".
std::string functionPointerSlotOfValue(const clang::Expr *E, std::string &Name);

/// The slot of the object an expression designates or points to, of any
/// type (`&c->ev` and `c->ev`: "field:conn::ev"; `main_base`:
/// "global:<usr>"), or "" (a local, a formal, a call's result).
std::string objectSlotOf(const clang::Expr *E);

/// The slot of a std container of callable wrappers (a member or global:
/// a thread pool's `std::deque<std::function<void()>> tasks_`) whose
/// element \p E reads (`tasks_.front()`, `std::move(q.top())`, `v[i]`), or
/// "". (A single `std::function` member is each object's own callback: no
/// slot.)
std::string callableSlotOfValue(const clang::Expr *E, std::string &Name);

/// The callable wrapper field of a queued struct that \p E reads
/// (`queue_.front().function`: "field:Item::function"), or "".
std::string callableFieldOfElement(const clang::Expr *E, std::string &Name);
/// The callable wrapper field \p E names, of any object (`item.function`),
/// or "".
std::string callableFieldOf(const clang::Expr *E, std::string &Name);
/// \p E reads an element of a std container kept in a member or global
/// (`queue_.front()`, `q.top()`, `v[i]`).
bool readsContainerElement(const clang::Expr *E);

/// Collects a TU's stores of functions into slots.
class FunctionPointerStores {
public:
  /// `slot = value;`
  void assignment(const clang::BinaryOperator *BO);
  /// A call that stores a callable into a container of callable wrappers:
  /// `tasks_.push_back(std::move(task))`, `q.emplace([this] { .. })`.
  void callableStore(const clang::CallExpr *CE);
  /// `{.fn = f}`, `{"get", getCommand}`: a struct's initializer.
  void initializer(const clang::InitListExpr *ILE);
  /// A global function pointer or array of them with an initializer.
  void variable(const clang::VarDecl *VD);
  /// \p Slot holds the function \p Value designates. \p InTable: a
  /// struct's initializer stores it ("tfn:", a table of callbacks such as
  /// `dictType t = {hash, dup, .., destructor}`), not an assignment ("fn:").
  void store(const std::string &Slot, const clang::Expr *Value,
             bool InTable = false);
  /// \p To holds whatever \p From holds.
  void copy(const std::string &To, const std::string &From);
  /// The address of a global that holds function pointers escapes (`&tbl[1]`,
  /// `table_set(g_handlers, 1, f)`): its slot may hold what racecar does
  /// not see stored, so its calls keep an unresolved branch.
  void escaped(const clang::VarDecl *VD);
  /// The stores, sorted and unique.
  std::vector<std::string> take();

private:
  std::vector<std::string> Stores;
};

} // namespace racer::frontend

#endif
