#!/usr/bin/env bash
# Issue 28 item 3: deeply nested JSON or YAML crashed or hung racecar: a
# compile database of 50,000 nested `[` (100 KB) was a SIGSEGV (LLVM's
# parsers recurse once per level), a `.racecar.yaml` likewise, and a
# `--baseline` usually hung (the crash handler deadlocked in malloc). Each
# is now an error naming the file, line and column, exit 2; a normally
# nested file is read as before.
. "$(dirname "$0")/lib.sh"
deep() { python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write('['*n + ']'*n)" "$1"; }
run() { # $1: output; the rest: racecar arguments. Bounded: a hang fails.
  local out=$1
  shift
  (ulimit -v 6000000; cd "$P" && timeout 60 "$RACECAR" "$@" >"$out" 2>"$out.err")
}
write_db "${GOOD[@]}"
cp "$P/compile_commands.json" "$WORK/good.json"
run "$WORK/ref.txt" scan -p . --no-cache
check "reference scan" intact "$WORK/ref.txt"

deep 50000 >"$P/compile_commands.json"
run "$WORK/db.txt" scan -p . --no-cache
rc=$?
check "nested compile database: exit 2 (got $rc)" test $rc -eq 2
check "nested compile database: says where" \
  grep -q "compile_commands.json:1:513: nested more than 512 levels deep" "$WORK/db.txt.err"
cp "$WORK/good.json" "$P/compile_commands.json"

{ echo "exclude: "; deep 50000; echo; } >"$P/.racecar.yaml"
run "$WORK/config.txt" scan -p . --no-cache
rc=$?
check "nested config: exit 2 (got $rc)" test $rc -eq 2
check "nested config: says where" grep -q "racecar.yaml:2:513: nested more than 512 levels deep" "$WORK/config.txt.err"
rm "$P/.racecar.yaml"

{ printf '{"runs": '; deep 50000; printf '}'; } >"$WORK/baseline.sarif"
run "$WORK/baseline.txt" scan -p . --no-cache --baseline "$WORK/baseline.sarif"
rc=$?
check "nested baseline: exit 2 (got $rc)" test $rc -eq 2
check "nested baseline: says where" grep -q "baseline.sarif': line 1, column 521: nested more than 512 levels deep" "$WORK/baseline.txt.err"

# The twin: 100 levels are read as before (here, not a SARIF log).
{ printf '{"runs": '; deep 100; printf '}'; } >"$WORK/shallow.sarif"
run "$WORK/shallow.txt" scan -p . --no-cache --baseline "$WORK/shallow.sarif"
check "shallow baseline: the parser's own complaint" grep -q "a run without \"results\"" "$WORK/shallow.txt.err"
finish
