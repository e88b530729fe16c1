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

namespace racer {

enum class EventLoopRole : uint8_t {
  None,
  Register, ///< hands callbacks to an event or handle, or straight to a loop
  Bind,     ///< ties an event or handle to a loop (`event_base_set`)
  Run,      ///< runs a loop: its callbacks run inside this call
};

struct EventLoopModel {
  EventLoopRole Role = EventLoopRole::None;
  /// The loop argument (`base`); -1: the library's default loop.
  int Loop = -1;
  /// The event or handle argument; -1: none (registered with the loop).
  int Event = -1;
  /// Bit k: argument k is a callback the loop runs.
  uint32_t Callbacks = 0;
};

/// The row of a C function by its name, or Role None.
EventLoopModel lookupEventLoopModel(llvm::StringRef FunctionName);

/// Slot prefixes (ir::Module::FunctionPointerStores' slot names).
inline constexpr const char *LoopSlotPrefix = "loop:";
inline constexpr const char *EventSlotPrefix = "event:";
/// A loop or event not named by a field or a global.
inline constexpr const char *UnknownSlot = "*";

/// \p Callee (ir::CallInfo::Callee) is a call through a loop's slot: the
/// call of a loop that runs its callbacks.
inline bool runsEventLoop(llvm::StringRef Callee) {
  return Callee.starts_with("indirect:loop:");
}

} // namespace racer

#endif
