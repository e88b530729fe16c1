//===- EventLoopModels.cpp - Event loops and their callbacks, as data -----===//
//
// Each row is plain data; to model another loop library, add rows.
//===----------------------------------------------------------------------===//
#include "summarize/EventLoopModels.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace racer {
namespace {

struct Row {
  const char *Name;
  EventLoopRole Role;
  int Loop;
  int Event;
  uint32_t Callbacks;
};

constexpr uint32_t arg(unsigned K) { return 1u << K; }

const Row Rows[] = {
    // libevent. evtimer_set/evsignal_set and the other macros expand to
    // these.
    // event_set(ev, fd, events, cb, arg): the base comes from
    // event_base_set (or is the default base).
    {"event_set", EventLoopRole::Register, -1, 0, arg(3)},
    // event_assign(ev, base, fd, events, cb, arg)
    {"event_assign", EventLoopRole::Register, 1, 0, arg(4)},
    // event_new(base, fd, events, cb, arg)
    {"event_new", EventLoopRole::Register, 0, -1, arg(3)},
    // event_base_once(base, fd, events, cb, arg, tv); event_once(fd, ..)
    {"event_base_once", EventLoopRole::Register, 0, -1, arg(3)},
    {"event_once", EventLoopRole::Register, -1, -1, arg(2)},
    // evconnlistener_new(base, cb, ptr, ..), _bind(base, cb, ptr, ..)
    {"evconnlistener_new", EventLoopRole::Register, 0, -1, arg(1)},
    {"evconnlistener_new_bind", EventLoopRole::Register, 0, -1, arg(1)},
    // bufferevent_setcb(bev, readcb, writecb, eventcb, arg); the
    // bufferevent's base is bufferevent_socket_new's.
    {"bufferevent_setcb", EventLoopRole::Register, -1, 0,
     arg(1) | arg(2) | arg(3)},
    {"event_base_set", EventLoopRole::Bind, 0, 1, 0},
    // bufferevent_socket_new(base, fd, options): the bufferevent it
    // returns (given its callbacks by bufferevent_setcb) runs on base.
    {"bufferevent_socket_new", EventLoopRole::Bind, 0, ResultEvent, 0},
    {"bufferevent_base_set", EventLoopRole::Bind, 0, 1, 0},
    {"event_base_loop", EventLoopRole::Run, 0, -1, 0},
    {"event_base_dispatch", EventLoopRole::Run, 0, -1, 0},
    {"event_loop", EventLoopRole::Run, -1, -1, 0},
    {"event_dispatch", EventLoopRole::Run, -1, -1, 0},

    // libuv: a handle is tied to its loop by its init, its callback given
    // by its start; uv_run runs them.
    {"uv_timer_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_idle_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_prepare_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_check_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_signal_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_tcp_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_tcp_init_ex", EventLoopRole::Bind, 0, 1, 0},
    {"uv_udp_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_pipe_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_tty_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_poll_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_fs_event_init", EventLoopRole::Bind, 0, 1, 0},
    {"uv_fs_poll_init", EventLoopRole::Bind, 0, 1, 0},
    // uv_async_init(loop, async, cb): the callback runs on the loop when
    // another thread calls uv_async_send.
    {"uv_async_init", EventLoopRole::Register, 0, 1, arg(2)},
    {"uv_timer_start", EventLoopRole::Register, -1, 0, arg(1)},
    {"uv_idle_start", EventLoopRole::Register, -1, 0, arg(1)},
    {"uv_prepare_start", EventLoopRole::Register, -1, 0, arg(1)},
    {"uv_check_start", EventLoopRole::Register, -1, 0, arg(1)},
    {"uv_signal_start", EventLoopRole::Register, -1, 0, arg(1)},
    {"uv_signal_start_oneshot", EventLoopRole::Register, -1, 0, arg(1)},
    {"uv_poll_start", EventLoopRole::Register, -1, 0, arg(2)},
    {"uv_fs_event_start", EventLoopRole::Register, -1, 0, arg(1)},
    {"uv_fs_poll_start", EventLoopRole::Register, -1, 0, arg(1)},
    // uv_read_start(stream, alloc_cb, read_cb); uv_listen(stream, n, cb);
    // uv_close(handle, close_cb)
    {"uv_read_start", EventLoopRole::Register, -1, 0, arg(1) | arg(2)},
    {"uv_listen", EventLoopRole::Register, -1, 0, arg(2)},
    {"uv_close", EventLoopRole::Register, -1, 0, arg(1)},
    // uv_queue_work(loop, req, work_cb, after_work_cb): work_cb runs on the
    // pool (a thread start, LibraryModels.cpp); after_work_cb on the loop.
    {"uv_queue_work", EventLoopRole::Register, 0, -1, arg(3)},
    {"uv_run", EventLoopRole::Run, 0, -1, 0},
    {"uv_default_loop", EventLoopRole::Default, -1, -1, 0},
};

struct UserRows {
  llvm::StringMap<EventLoopModel> Table;
  llvm::StringSet<> LastNames; ///< the names after their last "::"
  std::string Key;
};

llvm::StringRef lastName(llvm::StringRef Qualified) {
  size_t Cut = Qualified.rfind("::");
  return Cut == llvm::StringRef::npos ? Qualified : Qualified.substr(Cut + 2);
}
UserRows &userRows() {
  static UserRows U;
  return U;
}

EventLoopRole roleOf(llvm::StringRef Role) {
  if (Role == "register")
    return EventLoopRole::Register;
  if (Role == "bind")
    return EventLoopRole::Bind;
  if (Role == "run")
    return EventLoopRole::Run;
  if (Role == "default")
    return EventLoopRole::Default;
  return EventLoopRole::None;
}

} // namespace

std::string checkUserEventLoop(const UserEventLoop &R) {
  const std::string Name = "event_loops '" + R.Function + "': ";
  EventLoopRole Role = roleOf(R.Role);
  if (Role == EventLoopRole::None)
    return Name + "role '" + R.Role +
           "' is not register, bind, run or default";
  auto Position = [](int K) { return K >= -1 && K <= 31; };
  if (!Position(R.Loop) || !Position(R.Event))
    return Name + "loop and event are argument positions (0 is the first "
                  "argument; -1 or none: no argument)";
  for (int K : R.Callbacks)
    if (K < 0 || K > 31)
      return Name + "callback " + std::to_string(K) +
             " is not an argument position (0 is the first argument)";
  if (Role == EventLoopRole::Register && R.Callbacks.empty())
    return Name + "register needs callbacks (their argument positions)";
  if (Role == EventLoopRole::Bind && (R.Loop < 0 || R.Event < 0))
    return Name + "bind needs both loop and event";
  if (Role != EventLoopRole::Register && !R.Callbacks.empty())
    return Name + "only register takes callbacks";
  return "";
}

void setUserEventLoops(const std::vector<UserEventLoop> &Rows) {
  UserRows &U = userRows();
  U = UserRows();
  for (const UserEventLoop &R : Rows) {
    if (!checkUserEventLoop(R).empty())
      continue;
    EventLoopModel M{roleOf(R.Role), R.Loop, R.Event, 0};
    U.Key += "event_loop=" + R.Function + "," + R.Role + "," +
             std::to_string(R.Loop) + "," + std::to_string(R.Event);
    for (int K : R.Callbacks) {
      M.Callbacks |= 1u << K;
      U.Key += "," + std::to_string(K);
    }
    U.Key += ";";
    U.Table[R.Function] = M;
    U.LastNames.insert(lastName(R.Function));
  }
}

const std::string &userEventLoopsKey() { return userRows().Key; }

bool mayNameEventLoopFunction(llvm::StringRef UnqualifiedName) {
  static const llvm::StringSet<> Builtin = [] {
    llvm::StringSet<> S;
    for (const Row &R : Rows)
      S.insert(R.Name);
    return S;
  }();
  return Builtin.contains(UnqualifiedName) ||
         userRows().LastNames.contains(UnqualifiedName);
}

EventLoopModel lookupEventLoopModel(llvm::StringRef FunctionName) {
  if (const UserRows &U = userRows(); !U.Table.empty())
    if (auto It = U.Table.find(FunctionName); It != U.Table.end())
      return It->second;
  static const llvm::StringMap<EventLoopModel> Table = [] {
    llvm::StringMap<EventLoopModel> T;
    for (const Row &R : Rows)
      T[R.Name] = {R.Role, R.Loop, R.Event, R.Callbacks};
    return T;
  }();
  auto It = Table.find(FunctionName);
  return It == Table.end() ? EventLoopModel() : It->second;
}

} // namespace racer
