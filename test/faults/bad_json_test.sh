#!/usr/bin/env bash
# Item 1: a malformed compile database is an input error (exit 2) naming the
# file, line and column, never a silently half-read database.
. "$(dirname "$0")/lib.sh"

# A missing comma between two entries (Clang's reader keeps the first one).
printf '[\n%s\n%s\n]\n' "${GOOD[0]}" "${GOOD[1]}" >"$P/compile_commands.json"
"$RACECAR" scan -p "$P" --no-cache -o "$WORK/out.txt" 2>"$WORK/err"
rc=$?
check "missing comma: exit 2 (got $rc)" test $rc -eq 2
check "missing comma: file:line:col" grep -q "compile_commands.json:3:1: invalid JSON" "$WORK/err"
check "missing comma: no partial report" test ! -s "$WORK/out.txt"

# Truncated file, a trailing comma, a wrong type, a missing field.
printf '[\n%s,\n' "${GOOD[0]}" >"$P/compile_commands.json"
"$RACECAR" scan -p "$P" --no-cache 2>"$WORK/err" >/dev/null
check "truncated: exit 2" test $? -eq 2
check "truncated: says invalid JSON with a position" grep -q 'compile_commands.json:[0-9]*:[0-9]*: invalid JSON' "$WORK/err"
printf '{"directory": "/"}\n' >"$P/compile_commands.json"
"$RACECAR" scan -p "$P" --no-cache 2>"$WORK/err" >/dev/null
check "not an array: exit 2" test $? -eq 2
check "not an array: says so" grep -q 'expected an array' "$WORK/err"
printf '[{"directory": "%s", "command": "clang++ -c x.cpp"}]\n' "$P" >"$P/compile_commands.json"
"$RACECAR" scan -p "$P" --no-cache 2>"$WORK/err" >/dev/null
check "no file field: exit 2" test $? -eq 2
check "no file field: names the entry" grep -q 'entry 1 has no "file"' "$WORK/err"
# The same errors stop 'racecar ninja' and 'racecar summarize'.
printf '[\n%s\n%s\n]\n' "${GOOD[0]}" "${GOOD[1]}" >"$P/compile_commands.json"
"$RACECAR" ninja -p "$P" -o "$WORK/r.ninja" 2>"$WORK/err"
check "ninja: exit 2" test $? -eq 2

# The good database still scans, and reports both TUs.
write_db "${GOOD[@]}"
"$RACECAR" scan -p "$P" --no-cache --quiet -o "$WORK/ok.txt"
check "valid database: exit 1 (races)" test $? -eq 1
check "valid database: both TUs reported" intact "$WORK/ok.txt"
finish
