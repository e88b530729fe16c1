//===- EventLoopModels.h - Event loops and their callbacks, as data -*- C++ -*-===//
//
// Why: a server's work runs in callbacks that an event loop calls
// (libevent, libuv). A callback registered with a loop runs on the thread
// that runs that loop (`event_base_loop(base)`, `uv_run(loop)`), so the
// thread check must see the loop's call run its callbacks. The frontend
// (frontend/EventLoops.h) turns each row into function-pointer slots:
//
//   event_set(&c->ev, fd, fl, on_read, c);  "event:field:conn::ev" holds on_read
//   event_base_set(me->base, &c->ev);       "loop:field:thr::base" holds what
//                                           "event:field:conn::ev" holds
//   event_base_loop(me->base, 0);           a call through "loop:field:thr::base"
//
// and summarize/IndirectCalls.h resolves the call like any other call
// through a slot. A loop or event the frontend cannot name by a field or a
// global (a formal, a local) is "*": callbacks registered with an unknown
// loop run in every loop, and a loop not known runs those.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_EVENTLOOPMODELS_H
#define RACER_SUMMARIZE_EVENTLOOPMODELS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace racer {

enum class EventLoopRole : uint8_t {
  None,
  Register, ///< hands callbacks to an event or handle, or straight to a loop
  Bind,     ///< ties an event or handle to a loop (`event_base_set`)
  Run,      ///< runs a loop: its callbacks run inside this call
  Default,  ///< returns the library's default loop (`uv_default_loop()`):
            ///< the same loop at every call
};

struct EventLoopModel {
  EventLoopRole Role = EventLoopRole::None;
  /// The loop argument (`base`); -1: the library's default loop.
  int Loop = -1;
  /// The event or handle argument; -1: none (registered with the loop);
  /// ResultEvent: the event is the call's result, named where it is stored
  /// (`c->bev = bufferevent_socket_new(base, fd, 0)`).
  int Event = -1;
  /// Bit k: argument k is a callback the loop runs.
  uint32_t Callbacks = 0;
};

/// The row of a C function by its name (a project's own first), or Role
/// None.
EventLoopModel lookupEventLoopModel(llvm::StringRef FunctionName);
/// Some row's name ends in \p UnqualifiedName (`run` for `net::run`): the
/// frontend asks this of every call before it builds a qualified name.
bool mayNameEventLoopFunction(llvm::StringRef UnqualifiedName);

/// A project's own loop functions (.racecar.yaml `models.event_loops`).
struct UserEventLoop {
  std::string Function;
  std::string Role; ///< "register", "bind", "run" or "default"
  int Loop = -1;
  int Event = -1;
  std::vector<int> Callbacks;
};
/// "" if \p R is a row the table can take, else what is wrong with it.
std::string checkUserEventLoop(const UserEventLoop &R);
/// Makes \p Rows part of every later lookupEventLoopModel (rows that
/// checkUserEventLoop refuses are left out). Not thread-safe: call before
/// any analysis.
void setUserEventLoops(const std::vector<UserEventLoop> &Rows);
/// A stable description of those rows: they change what the frontend
/// lowers, so they are part of each TU's cache key.
const std::string &userEventLoopsKey();

/// Slot prefixes (ir::Module::FunctionPointerStores' slot names).
inline constexpr const char *LoopSlotPrefix = "loop:";
inline constexpr const char *EventSlotPrefix = "event:";
/// EventLoopModel::Event of a call that returns the event it binds.
inline constexpr int ResultEvent = -2;
/// A loop or event not named by a field or a global.
inline constexpr const char *UnknownSlot = "*";

/// \p Callee (ir::CallInfo::Callee) is a call through a loop's slot: the
/// call of a loop that runs its callbacks.
inline bool runsEventLoop(llvm::StringRef Callee) {
  return Callee.starts_with("indirect:loop:");
}

} // namespace racer

#endif
