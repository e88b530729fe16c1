#!/usr/bin/env bash
# Issue 28 item 1: a cached scan missed a header that appeared earlier on
# the include path. With `-Iinc1 -Iinc2`, a new inc1/box.h (a racy copy of
# inc2/box.h) left the cached scan and the warm launcher at "no race" while
# `--no-cache` reported it; likewise a `__has_include` target appearing, and
# a change of CPATH. A cache entry now records the include candidates looked
# for and not found (they must stay absent), and its key holds the
# include-path environment variables; the warm record is keyed by them too.
. "$(dirname "$0")/lib.sh"
mkdir -p "$P/inc1" "$P/inc2" "$P/inc3" "$P/inc4"
box() { # $1: the lock in get(), or nothing
  cat <<SRC
#include <mutex>
class Box {
public:
  void put(int x) { std::lock_guard<std::mutex> g(mu_); v_ = x; }
  int get() { $1 return v_; }
private:
  std::mutex mu_;
  int v_ = 0;
};
SRC
}
box 'std::lock_guard<std::mutex> g(mu_);' >"$P/inc2/box.h"
cat >"$P/box.cpp" <<'SRC'
#include "box.h"
#if __has_include("trace_hooks.h")
#include "trace_hooks.h"
#endif
#include <extra.h>
int use(Box &b) { b.put(1); return b.get(); }
SRC
echo 'inline int extra() { return 0; }' >"$P/inc3/extra.h"
cat >"$P/inc4/extra.h" <<'SRC'
#include <mutex>
class Extra {
public:
  void set(int v) { v_ = v; }
  int get() { std::lock_guard<std::mutex> g(mu_); return v_; }
private:
  std::mutex mu_;
  int v_ = 0;
};
SRC
write_db "${GOOD[@]}" "$(db_entry box.cpp -Iinc1 -Iinc2)"
C=$WORK/cache
scan() { # $1: output; the rest: extra options
  local out=$1
  shift
  (cd "$P" && "$RACECAR" scan -p . --cache-dir "$C" -o "$out" "$@" 2>"$out.err")
}
export CPATH=$P/inc3
scan "$WORK/first.txt"
check "first scan: the good TUs' races" intact "$WORK/first.txt"
check "first scan: Box is safe" test -z "$(grep 'Box::' "$WORK/first.txt")"
scan "$WORK/warm.txt"
check "second scan: the same answer (replayed)" cmp -s "$WORK/first.txt" "$WORK/warm.txt"

# A racy box.h appears earlier on the path.
box '' >"$P/inc1/box.h"
scan "$WORK/shadowed.txt"
check "shadowing header: the cached scan sees it" grep -q "'Box::get'" "$WORK/shadowed.txt"
scan "$WORK/shadowed-nocache.txt" --no-cache
check "shadowing header: same as --no-cache" cmp -s "$WORK/shadowed.txt" "$WORK/shadowed-nocache.txt"
scan "$WORK/shadowed2.txt"
check "shadowing header: replayed the same" cmp -s "$WORK/shadowed.txt" "$WORK/shadowed2.txt"
rm "$P/inc1/box.h"
scan "$WORK/unshadowed.txt"
check "shadowing header removed: Box is safe again" test -z "$(grep 'Box::' "$WORK/unshadowed.txt")"

# A __has_include target appears (beside box.cpp).
box '' | sed 's/class Box/class Hooks/' >"$P/trace_hooks.h"
scan "$WORK/hooks.txt"
check "__has_include target appeared: seen" grep -q "'Hooks::get'" "$WORK/hooks.txt"
rm "$P/trace_hooks.h"

# CPATH names another directory: another extra.h.
export CPATH=$P/inc4
scan "$WORK/cpath.txt"
check "CPATH changed: the cached scan reads the other header" grep -q "'Extra::set'" "$WORK/cpath.txt"
scan "$WORK/cpath2.txt"
check "CPATH changed: replayed the same" cmp -s "$WORK/cpath.txt" "$WORK/cpath2.txt"
export CPATH=$P/inc3
scan "$WORK/cpath3.txt"
check "CPATH back: the first answer" cmp -s "$WORK/first.txt" "$WORK/cpath3.txt"

# A directory on the include path named like a header a TU includes
# (`-Iinc1` with inc1/mutex/, as rocksdb has memory/ beside `#include
# <memory>`) is not a header: the entries are stored and read back (the
# analyzer run directly: the launcher would replay the answer).
mkdir -p "$P/inc1/mutex"
scan "$WORK/dir.txt"
check "a directory named like a header: same answer" cmp -s "$WORK/first.txt" "$WORK/dir.txt"
(cd "$P" && "$WORK/racecar-analyzer" scan -p . --cache-dir "$C" --stats -o "$WORK/dir2.txt" 2>"$WORK/dir2.err")
check "a directory named like a header: every TU read from the cache" \
  grep -qE 'cache +[0-9]+ hits, 0 misses' "$WORK/dir2.err"
finish
