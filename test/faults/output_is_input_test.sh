#!/usr/bin/env bash
# Issue 28 item 10: `-o` overwrote inputs: `scan -o t.c` replaced the source
# with the report; likewise the compile database, a shard given to `merge`,
# `summarize`'s own source and the baseline. An output that is an input
# (the same file, also through a symlink or another path) is refused,
# exit 2, before any work; the input is left as it was.
. "$(dirname "$0")/lib.sh"
write_db "${GOOD[@]}"
cp "$P/alpha.cpp" "$WORK/alpha.orig"
cp "$P/compile_commands.json" "$WORK/db.orig"
refused() { # $1: what; $2: the file that must be unchanged; $3: its copy; the rest: the command
  local what=$1 file=$2 orig=$3
  shift 3
  "$@" >/dev/null 2>"$WORK/err"
  local rc=$?
  check "$what: exit 2 (got $rc)" test $rc -eq 2
  check "$what: says why" grep -q "is .*; refusing to overwrite it" "$WORK/err"
  check "$what: the input is unchanged" cmp -s "$file" "$orig"
}
refused "scan -o the source" "$P/alpha.cpp" "$WORK/alpha.orig" \
  "$RACECAR" scan --no-cache -o "$P/alpha.cpp" "$P/alpha.cpp" -- -std=c++17
refused "scan -o the compile database" "$P/compile_commands.json" "$WORK/db.orig" \
  "$RACECAR" scan --no-cache -p "$P" -o "$P/compile_commands.json"
ln -s "$P/alpha.cpp" "$WORK/link.cpp"
refused "scan -o a symlink to the source" "$P/alpha.cpp" "$WORK/alpha.orig" \
  "$RACECAR" scan --no-cache -p "$P" -o "$P/../p/./alpha.cpp"
refused "summarize -o its source" "$P/alpha.cpp" "$WORK/alpha.orig" \
  "$RACECAR" summarize -o "$WORK/link.cpp" "$P/alpha.cpp" -- -std=c++17
"$RACECAR" scan --no-cache -p "$P" --shard 1/1 -o "$WORK/s.rcs" 2>/dev/null
cp "$WORK/s.rcs" "$WORK/s.orig"
refused "merge -o a shard" "$WORK/s.rcs" "$WORK/s.orig" \
  "$RACECAR" merge -o "$WORK/s.rcs" "$WORK/s.rcs"
"$RACECAR" scan --no-cache -p "$P" --format=sarif -o "$WORK/base.sarif" 2>/dev/null
cp "$WORK/base.sarif" "$WORK/base.orig"
refused "scan -o the baseline" "$WORK/base.sarif" "$WORK/base.orig" \
  "$RACECAR" scan --no-cache -p "$P" --format=sarif --baseline "$WORK/base.sarif" -o "$WORK/base.sarif"
# The twin: a new output file, and one that exists but is no input, are written.
"$RACECAR" scan --no-cache -p "$P" -o "$WORK/new.txt" 2>/dev/null
check "a new output is written" intact "$WORK/new.txt"
"$RACECAR" scan --no-cache -p "$P" -o "$WORK/new.txt" 2>/dev/null
check "an existing output that is no input is replaced" intact "$WORK/new.txt"
finish
