// expected-no-races
// A bundled library's dict.cpp (as redis bundles deps/hiredis/dict.c next to
// its own src/dict.c): the same `static` names, its own objects and bodies.
#include <mutex>

static std::mutex table_mu;
static long expansions;

static void dict_expand() {
  std::lock_guard<std::mutex> g(table_mu);
  expansions++;
}

void client_dict_grow_ok() { dict_expand(); }
