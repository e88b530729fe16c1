#!/usr/bin/env bash
# Issue 28 item 22: the small things a generated compile database or a
# baseline holds. 100,000 duplicate entries printed 99,999 warning lines
# (now one, with a count); `"file": ""` was accepted (now an error naming
# the entry); `-x assembler`, Objective-C and CUDA entries failed (exit 3)
# instead of being skipped like `.S`; a baseline starting with a UTF-8 byte
# order mark was rejected.
. "$(dirname "$0")/lib.sh"
cat >"$P/start.c" <<'SRC'
  .globl start
start:
  ret
SRC
echo '@interface Foo @end' >"$P/foo.m"
echo '__global__ void k() {}' >"$P/kern.cu"
entries=("${GOOD[@]}")
for i in $(seq 1 500); do entries+=("$(db_entry alpha.cpp -DCOPY=$i)"); done
entries+=("$(db_entry start.c -x assembler-with-cpp)" "$(db_entry foo.m)" "$(db_entry kern.cu)")
write_db "${entries[@]}"
"$RACECAR" scan -p "$P" --no-cache -o "$WORK/out.txt" 2>"$WORK/err.txt"
rc=$?
check "odd entries: exit 1, races and nothing lost (got $rc)" test $rc -eq 1
check "odd entries: the good TUs' races" intact "$WORK/out.txt"
check "500 duplicates: one warning line" test "$(grep -c 'several entries' "$WORK/err.txt")" -eq 1
check "500 duplicates: with the count" grep -q "and 499 more entries like it" "$WORK/err.txt"
check "-x assembler, .m, .cu: skipped, said once" grep -q "skipping 3 entries that are not C or C++" "$WORK/err.txt"

printf '[{"directory": "%s", "file": "", "command": "cc -c x.c"}]\n' "$P" >"$P/compile_commands.json"
"$RACECAR" scan -p "$P" --no-cache -o /dev/null 2>"$WORK/empty.err"
rc=$?
check "empty file: exit 2 (got $rc)" test $rc -eq 2
check "empty file: names the entry" grep -q 'entry 1 has an empty "file"' "$WORK/empty.err"

write_db "${GOOD[@]}"
"$RACECAR" scan -p "$P" --no-cache --format=sarif -o "$WORK/base.sarif" 2>/dev/null
{ printf '\xef\xbb\xbf'; cat "$WORK/base.sarif"; } >"$WORK/bom.sarif"
"$RACECAR" scan -p "$P" --no-cache --baseline "$WORK/bom.sarif" -o "$WORK/bom.txt" 2>"$WORK/bom.err"
rc=$?
check "baseline with a byte order mark: read, nothing new (exit $rc)" test $rc -eq 0
finish
