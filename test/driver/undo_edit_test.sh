#!/usr/bin/env bash
# The TU cache keeps each TU's entry before the latest: undoing an edit (or
# switching back to a branch) finds the TU's module again instead of parsing
# it. The previous entry is used only when its inputs are as on disk now: a
# third content, or a header of the old content edited since, is parsed.
. "$(dirname "$0")/lib.sh" "$1"
P=$WORK/p
mkdir -p "$P"
cat >"$P/counter.h" <<'SRC'
#pragma once
#include <mutex>
struct Counter {
  void hit();
  int hits() { std::lock_guard<std::mutex> g(mu_); return hits_; }
  std::mutex mu_;
  int hits_ = 0;
};
SRC
racy='void Counter::hit() { ++hits_; }'
locked='void Counter::hit() { std::lock_guard<std::mutex> g(mu_); ++hits_; }'
content() { printf '#include "counter.h"\n%s\n' "$1" >"$P/counter.cpp"; }
content "$racy"
printf '[{"directory": "%s", "file": "%s/counter.cpp", "command": "clang++ -std=c++17 -c %s/counter.cpp"}]\n' \
  "$P" "$P" "$P" >"$P/compile_commands.json"
C=$WORK/cache
# The analyzer itself: the launcher's replay would hide the TU cache.
scan() { "$WORK/racecar-analyzer" scan -p "$P" --cache-dir "$C" --stats "$@"; }
hits() { grep -qE "cache +$1 hits, $2 misses" "$3"; }

scan -o "$WORK/racy.txt" 2>"$WORK/1.err"
check "racy: reported" grep -q "Counter::hit" "$WORK/racy.txt"
content "$locked"
scan -o "$WORK/locked.txt" 2>"$WORK/2.err"
check "locked: a miss" hits 0 1 "$WORK/2.err"
check "locked: no report" bash -c "! grep -q 'Counter::hit' '$WORK/locked.txt'"

# Undone: the previous entry, no parse, the same reports.
content "$racy"
scan -o "$WORK/undo.txt" 2>"$WORK/3.err"
check "undone: a hit" hits 1 0 "$WORK/3.err"
check "undone: the first reports" cmp -s "$WORK/racy.txt" "$WORK/undo.txt"
# And redone: the latest entry.
content "$locked"
scan -o "$WORK/redo.txt" 2>"$WORK/4.err"
check "redone: a hit" hits 1 0 "$WORK/4.err"
check "redone: the second reports" cmp -s "$WORK/locked.txt" "$WORK/redo.txt"

# A header of the old content edited since: the previous entry is stale.
content "$racy"
sed -i 's/int hits_ = 0;/int hits_ = 0;\n  int misses_ = 0;/' "$P/counter.h"
scan -o "$WORK/header.txt" 2>"$WORK/5.err"
check "header edited: a miss" hits 0 1 "$WORK/5.err"
check "header edited: reported" grep -q "Counter::hit" "$WORK/header.txt"
# A third content: parsed, not taken from either entry.
printf '#include "counter.h"\nvoid Counter::hit() { std::lock_guard<std::mutex> g(mu_); ++hits_; }\nint peek(Counter &c) { return c.hits_; }\n' >"$P/counter.cpp"
scan -o "$WORK/third.txt" 2>"$WORK/6.err"
check "third content: a miss" hits 0 1 "$WORK/6.err"
check "third content: no report of hit" bash -c "! grep -q \"'Counter::hit'\" '$WORK/third.txt'"
finish
