//===- EventLoops.cpp - Event-loop callbacks as function-pointer slots ----===//
#include "frontend/EventLoops.h"
#include "frontend/FunctionPointers.h"
#include "frontend/SymbolNames.h"
#include "summarize/EventLoopModels.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace racer::frontend {
namespace {

/// By qualified name (libevent's and libuv's are global; a project's own,
/// `net::loop_run`, may be in a namespace). Free functions only: the rows
/// count arguments as written, with no receiver.
EventLoopModel modelOf(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier() || isa<CXXMethodDecl>(Callee) ||
      !mayNameEventLoopFunction(Callee->getName()))
    return {};
  return lookupEventLoopModel(qualifiedName(Callee));
}

/// The slot of argument \p K, prefixed; UnknownSlot if it has none (a
/// local, a formal) or \p K is -1 (the library's default loop). The
/// result of a call that returns the default loop is "default:<function>".
std::string slotOfArg(const CallExpr *CE, int K, const char *Prefix) {
  std::string Slot;
  if (K >= 0 && unsigned(K) < CE->getNumArgs()) {
    const Expr *A = CE->getArg(unsigned(K))->IgnoreParenCasts();
    if (const auto *Call = dyn_cast<CallExpr>(A);
        Call && modelOf(Call->getDirectCallee()).Role == EventLoopRole::Default)
      Slot = "default:" + qualifiedName(Call->getDirectCallee());
    else
      Slot = objectSlotOf(A);
  }
  return Prefix + (Slot.empty() ? std::string(UnknownSlot) : Slot);
}

} // namespace

void recordEventLoopCall(const CallExpr *CE, FunctionPointerStores &Stores) {
  EventLoopModel M = modelOf(CE->getDirectCallee());
  switch (M.Role) {
  case EventLoopRole::None:
  case EventLoopRole::Default:
    return;
  case EventLoopRole::Register: {
    // Given to an event or handle, or to the loop itself.
    std::string To = M.Event >= 0 ? slotOfArg(CE, M.Event, EventSlotPrefix)
                                  : slotOfArg(CE, M.Loop, LoopSlotPrefix);
    for (unsigned K = 0; K < CE->getNumArgs() && K < 32; ++K)
      if ((M.Callbacks >> K) & 1)
        Stores.store(To, CE->getArg(K));
    // `event_assign(ev, base, ..)`: the event is bound here too.
    if (M.Event >= 0 && M.Loop >= 0)
      Stores.copy(slotOfArg(CE, M.Loop, LoopSlotPrefix), To);
    return;
  }
  case EventLoopRole::Bind:
    if (M.Event != ResultEvent) // else where it is stored
      Stores.copy(slotOfArg(CE, M.Loop, LoopSlotPrefix),
                  slotOfArg(CE, M.Event, EventSlotPrefix));
    return;
  case EventLoopRole::Run: {
    // A named loop also runs the callbacks of loops not known.
    std::string Loop = slotOfArg(CE, M.Loop, LoopSlotPrefix);
    std::string Unknown = std::string(LoopSlotPrefix) + UnknownSlot;
    if (Loop != Unknown)
      Stores.copy(Loop, Unknown);
    return;
  }
  }
}

void recordEventLoopResult(const Expr *Target, const Expr *Value,
                           FunctionPointerStores &Stores) {
  const auto *CE = dyn_cast_or_null<CallExpr>(Value ? Value->IgnoreParenCasts()
                                                    : nullptr);
  if (!CE)
    return;
  EventLoopModel M = modelOf(CE->getDirectCallee());
  if (M.Role != EventLoopRole::Bind || M.Event != ResultEvent)
    return;
  std::string Event = Target ? objectSlotOf(Target) : "";
  Stores.copy(slotOfArg(CE, M.Loop, LoopSlotPrefix),
              std::string(EventSlotPrefix) +
                  (Event.empty() ? std::string(UnknownSlot) : Event));
}

std::string eventLoopRunSlot(const CallExpr *CE, const FunctionDecl *Callee) {
  EventLoopModel M = modelOf(Callee);
  if (M.Role != EventLoopRole::Run)
    return "";
  return slotOfArg(CE, M.Loop, LoopSlotPrefix);
}

} // namespace racer::frontend
