//===- EventLoops.h - Event-loop callbacks as function-pointer slots -*- C++ -*-===//
//
// Why: libevent and libuv programs do their work in callbacks that the loop
// calls on the thread running it. The rows of summarize/EventLoopModels.h
// become stores into two kinds of slot (ir::Module::FunctionPointerStores):
// "event:<slot>" for the callbacks given to an event or handle, and
// "loop:<slot>" for those a loop runs; a call that runs a loop gets a call
// through its "loop:" slot just before it, which the link resolves like
// any call through a slot (summarize/IndirectCalls.h). The callbacks get
// no arguments there: what they reach through their argument is not
// checked (it is the object they were registered with, not known here).
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_EVENTLOOPS_H
#define RACER_FRONTEND_EVENTLOOPS_H

#include <string>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
} // namespace clang

namespace racer::frontend {

class FunctionPointerStores;

/// Records what a registering or binding call stores, and that a loop a
/// call runs also runs the callbacks of loops not known.
void recordEventLoopCall(const clang::CallExpr *CE,
                         FunctionPointerStores &Stores);

/// `X = bufferevent_socket_new(base, ..)` (an assignment or an
/// initialization): the event the call returns is X's slot, bound to base.
void recordEventLoopResult(const clang::Expr *Target, const clang::Expr *Value,
                           FunctionPointerStores &Stores);

/// For a call that runs an event loop: the slot its callbacks are called
/// through ("loop:field:thr::base"); "" for any other call.
std::string eventLoopRunSlot(const clang::CallExpr *CE,
                             const clang::FunctionDecl *Callee);

} // namespace racer::frontend

#endif
